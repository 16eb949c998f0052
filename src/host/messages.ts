// Messages: post (validate, persist the uploads it references, normalize, store, all in one
// transaction; idempotent by clientMessageId), list a page, and the provider projection.
import * as v from "valibot";
import type { Issue, MessageContext } from "../codec/index.js";
import { decodeOutgoingMessage, normalizeMessageAttachments, projectComposerContextForProvider } from "../codec/index.js";
import type { HostContext } from "./context.js";
import { RequestError } from "./errors.js";
import { ID_PREFIX, mintId } from "./ids.js";
import { readJsonBody } from "./json.js";
import { ID_PATTERN } from "./limits.js";
import { jsonResponse, textResponse } from "./responses.js";
import { toSentMessage } from "./sent-message.js";
import type { AttachmentRow, StoreTransaction, StoredMessage } from "./store.js";

/** A post's body once validated. */
interface ValidMessage {
  clientMessageId: string;
  text: string;
  context: MessageContext | undefined;
  attachments: { localId: string; attachmentId: string }[];
  /** The message this one is a new version of. */
  editOf: string | undefined;
  steer: boolean;
  /** Where each surviving record came from in the body, for issue paths. */
  rawContext: unknown;
}

/** What a post did: stored a new message, or found the one stored before under its clientMessageId. */
export interface PostOutcome {
  created: boolean;
  message: StoredMessage;
}

/** Thrown inside a transaction whose insert met the idempotency key: another request stored it first. */
class StoredMeanwhile extends Error {}

/** A thread id from a URL; anything outside the grammar is a 400. */
export function checkThreadId(threadId: string): string {
  if (!ID_PATTERN.test(threadId)) {
    throw new RequestError(400, "invalid-thread-id", "A thread id is 1 to 128 characters of [A-Za-z0-9_-]", [
      { path: "threadId", message: "Invalid thread id" },
    ]);
  }
  return threadId;
}

/**
 * Stores a posted message (the thread is created on first post). Throws a `RequestError` (400)
 * for a bad body, having written nothing. Shared by HTTP and the live socket, which answer the
 * poster first and then `announce` the message.
 */
export async function postMessage(context: HostContext, threadId: string, body: unknown): Promise<PostOutcome> {
  const input = validateMessage(body);
  checkThreadId(threadId);
  try {
    return await context.store.transaction((tx) => storeMessage(tx, threadId, input));
  } catch (error) {
    if (!(error instanceof StoredMeanwhile)) throw error;
    // The request that won has committed (the insert waited for it): its row answers this one.
    const existing = await context.store.transaction((tx) => tx.findMessageByClientId(threadId, input.clientMessageId));
    if (!existing) throw new Error(`The message ${input.clientMessageId} of ${threadId} met its key but is not there`, { cause: error });
    return { created: false, message: existing };
  }
}

/** Tells the live sockets about a newly stored message (a repeated post is not news). */
export function announce(context: HostContext, outcome: PostOutcome): void {
  if (outcome.created) context.onStored(outcome.message);
}

/** The contract's decoder (`decodeOutgoingMessage`) plus the rule that a message holds something. */
function validateMessage(body: unknown): ValidMessage {
  const decoded = decodeOutgoingMessage(body);
  if (!decoded.success) throw invalidMessage(decoded.issues);
  const { clientMessageId, text, attachments, editOf } = decoded.output;
  // `context` is omitted, not empty, when no record is left (docs/wire-format.md).
  const context = decoded.output.context && decoded.output.context.records.length > 0 ? decoded.output.context : undefined;
  if (text.trim() === "" && attachments.length === 0 && context === undefined) {
    throw invalidMessage([{ path: "text", message: "A message needs text, context or attachments" }]);
  }
  const steer = decoded.output.steer === true;
  return { clientMessageId, text, context, attachments, editOf, steer, rawContext: (body as { context?: unknown }).context };
}

async function storeMessage(tx: StoreTransaction, threadId: string, input: ValidMessage): Promise<PostOutcome> {
  const existing = await tx.findMessageByClientId(threadId, input.clientMessageId);
  if (existing) return { created: false, message: existing };
  if (input.editOf !== undefined) await checkEdited(tx, threadId, input.editOf);
  const now = new Date().toISOString();
  await tx.ensureThread(threadId, now);
  const { persistedIds, attachmentRows } = await persistAttachments(tx, threadId, attachmentReferences(input));
  const context = input.context && normalizeMessageAttachments(input.context, persistedIds);
  const id = mintId(ID_PREFIX.message);
  const contextJson = context ? JSON.stringify(context) : null;
  const editOf = input.editOf ?? null;
  const inserted = await tx.insertMessage({ id, threadId, clientMessageId: input.clientMessageId, text: input.text, contextJson, createdAt: now, editOf, steer: input.steer });
  if (!inserted) throw new StoredMeanwhile();
  if (editOf !== null && !(await tx.supersede(editOf, id))) throw editedMeanwhile(editOf);
  for (const [position, pendingId] of attachmentRows.entries()) await tx.linkAttachment(id, pendingId, position);
  return { created: true, message: (await tx.findMessage(threadId, id))! };
}

/**
 * An edit names a message of its own thread (docs/host.md, "Versions"). A missing message and one
 * of another thread get the same answer, which says nothing about other threads.
 */
async function checkEdited(tx: StoreTransaction, threadId: string, editOf: string): Promise<void> {
  if (!(await tx.findMessage(threadId, editOf))) throw invalidMessage([{ path: "editOf", message: `No message ${editOf} in thread ${threadId}` }]);
}

/** Two edits of one version: the first stored wins, the other is refused (409) and stores nothing. */
function editedMeanwhile(editOf: string): RequestError {
  return new RequestError(409, "edit-conflict", `The message ${editOf} was edited already: edit its newest version instead`, [
    { path: "editOf", message: "Replaced by a newer version" },
  ]);
}

/** Every attachment id the message names, with the body path it came from: the list first, then the records. */
function attachmentReferences(input: ValidMessage): { attachmentId: string; path: string }[] {
  const references = input.attachments.map((a, i) => ({ attachmentId: a.attachmentId, path: `attachments.${i}.attachmentId` }));
  for (const record of input.context?.records ?? []) {
    if ((record.kind === "image" || record.kind === "file") && "attachmentId" in record) {
      references.push({ attachmentId: record.attachmentId, path: `context.records.${rawIndexOf(input.rawContext, record.contextId)}.attachmentId` });
    }
  }
  return references;
}

/** The index in the posted array of the record with this id (decoding drops bad records, shifting the rest). */
function rawIndexOf(rawContext: unknown, contextId: string): number {
  const records = (rawContext as { records?: unknown[] }).records ?? [];
  return records.findIndex((r) => typeof r === "object" && r !== null && String((r as { contextId?: unknown }).contextId).trim() === contextId);
}

/**
 * Persists the pending uploads the message references and returns the pending → persisted map
 * for `normalizeMessageAttachments`, and the uploads to link, in order. Refused (400): an id that
 * names no upload, an upload made for another thread, and a pending id whose upload was
 * persisted already (it stopped working then: the persisted id names it now). A persisted id of
 * this thread is kept as it is.
 */
async function persistAttachments(
  tx: StoreTransaction,
  threadId: string,
  references: { attachmentId: string; path: string }[],
): Promise<{ persistedIds: Map<string, string>; attachmentRows: string[] }> {
  const persistedIds = new Map<string, string>();
  const attachmentRows: string[] = [];
  const issues: Issue[] = [];
  for (const { attachmentId, path } of references) {
    const row = await tx.findUpload(attachmentId);
    const refusal = refusalOf(row, attachmentId, threadId, persistedIds);
    if (refusal !== undefined || !row) {
      issues.push({ path, message: refusal ?? `No uploaded attachment ${attachmentId}` });
      continue;
    }
    let persistedId = persistedIds.get(row.pending_id) ?? row.persisted_id;
    if (persistedId === null) {
      persistedId = mintId(ID_PREFIX.attachment);
      if (!(await tx.persistUpload(row.pending_id, persistedId))) issues.push({ path, message: sentAlready(attachmentId) });
    }
    if (attachmentId === row.pending_id) persistedIds.set(attachmentId, persistedId);
    if (!attachmentRows.includes(row.pending_id)) attachmentRows.push(row.pending_id);
  }
  if (issues.length > 0) throw invalidMessage(issues);
  return { persistedIds, attachmentRows };
}

/** Why `row` may not be bound under `attachmentId` by a message of `threadId`, or `undefined`. */
function refusalOf(row: AttachmentRow | undefined, attachmentId: string, threadId: string, persistedIds: Map<string, string>): string | undefined {
  if (!row) return `No uploaded attachment ${attachmentId}`;
  if (row.thread_id !== null && row.thread_id !== threadId) return `The attachment ${attachmentId} belongs to another thread`;
  // Named twice in one message, a pending id is persisted by the first mention.
  if (attachmentId === row.pending_id && row.state === "persisted" && !persistedIds.has(attachmentId)) return sentAlready(attachmentId);
  return undefined;
}

const sentAlready = (attachmentId: string) => `The upload ${attachmentId} was sent already; its persisted id names it now`;

function invalidMessage(issues: Issue[]): RequestError {
  return new RequestError(400, "invalid-message", "The message is not valid", issues);
}

/** valibot issues as the protocol's `{ path, message }`. */
export function toIssues(issues: readonly v.BaseIssue<unknown>[]): Issue[] {
  return issues.map((issue) => ({ path: (issue.path ?? []).map((item) => String(item.key)).join("."), message: issue.message }));
}

/** Whether the request says its body is JSON (`application/json`, any parameters). */
function isJsonRequest(request: Request): boolean {
  const type = request.headers.get("content-type") ?? "";
  return type.split(";")[0]!.trim().toLowerCase() === "application/json";
}

/** `POST /threads/{threadId}/messages`. */
export async function handlePostMessage(context: HostContext, threadId: string, request: Request, apiBase: string): Promise<Response> {
  // Requiring JSON also keeps other sites' pages out: a cross-origin `application/json` post needs
  // a CORS preflight, which the kit does not grant.
  if (!isJsonRequest(request)) throw new RequestError(415, "unsupported-media-type", "Messages are posted as application/json");
  const body = await readJsonBody(request, context.limits.messageBodyBytes, context.limits);
  const outcome = await postMessage(context, threadId, body);
  const response = jsonResponse(outcome.created ? 201 : 200, toSentMessage(outcome.message, apiBase));
  announce(context, outcome);
  return response;
}

/**
 * `GET /threads/{threadId}/messages?limit=&before=`: one page, oldest first within it. Without
 * `before` it is the newest page; with it, the page just older than that message. `limit` defaults
 * to `pageSize` and is capped at `pageSizeMax`; an unknown thread has no messages.
 */
export async function handleListMessages(context: HostContext, threadId: string, url: URL, apiBase: string): Promise<Response> {
  const limit = pageLimit(url.searchParams.get("limit"), context.limits.pageSize, context.limits.pageSizeMax);
  const before = url.searchParams.get("before") ?? undefined;
  if (before !== undefined && !ID_PATTERN.test(before)) throw new RequestError(400, "invalid-cursor", "before is a message id");
  const messages = await context.store.listMessages(checkThreadId(threadId), { limit, before });
  return jsonResponse(200, messages.map((m) => toSentMessage(m, apiBase)));
}

function pageLimit(raw: string | null, fallback: number, max: number): number {
  if (raw === null) return fallback;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1) throw new RequestError(400, "invalid-limit", `limit is a whole number from 1 to ${max}`);
  return Math.min(limit, max);
}

/** `GET /threads/{threadId}/messages/{id}/provider`: the text a model would get. */
export async function handleProviderView(context: HostContext, threadId: string, messageId: string): Promise<Response> {
  const message = await context.store.findMessage(checkThreadId(threadId), messageId);
  if (!message) throw new RequestError(404, "not-found", `No message ${messageId} in thread ${threadId}`);
  return textResponse(200, projectComposerContextForProvider({ text: message.text, records: message.context?.records ?? [] }, { kinds: context.kinds }));
}
