// Messages: post (validate, persist the uploads it references, normalize, store, all in one
// transaction; idempotent by clientMessageId), list, and the provider projection.
import type { IncomingMessage, ServerResponse } from "node:http";
import type * as v from "valibot";
import type { Issue, MessageContext } from "../../src/codec/index.js";
import { findAttachment } from "./attachments.js";
import { decodeOutgoingMessage, normalizeMessageAttachments, projectComposerContextForProvider } from "./codec.js";
import { apiBaseOf, type HostContext } from "./context.js";
import type { Db } from "./db.js";
import { RequestError, isJsonRequest, parseJson, readBody, sendJson } from "./http.js";
import { ID_PREFIX, mintId } from "./ids.js";
import { ID_PATTERN } from "./limits.js";
import { findMessage, findMessageByClientId, listMessages, toSentMessage, type StoredMessage } from "./message-rows.js";

/** A post's body once validated. */
interface ValidMessage {
  clientMessageId: string;
  text: string;
  context: MessageContext | undefined;
  attachments: { localId: string; attachmentId: string }[];
  /** Where each surviving record came from in the body, for issue paths. */
  rawContext: unknown;
}

/** What a post did: stored a new message, or found the one stored before under its clientMessageId. */
export interface PostOutcome {
  created: boolean;
  message: StoredMessage;
}

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
export function postMessage(context: HostContext, threadId: string, body: unknown): PostOutcome {
  const input = validateMessage(body);
  return context.db.transaction(() => storeMessage(context.db, checkThreadId(threadId), input))();
}

/** Tells the live sockets about a newly stored message (a repeated post is not news). */
export function announce(context: HostContext, outcome: PostOutcome): void {
  if (outcome.created) context.onStored(outcome.message);
}

/** The body decoded once, by the contract's `OutgoingMessageSchema`; issue paths name the field. */
function validateMessage(body: unknown): ValidMessage {
  const decoded = decodeOutgoingMessage(body);
  if (!decoded.success) throw invalidMessage(decoded.issues);
  const { clientMessageId, text, attachments } = decoded.output;
  // `context` is omitted, not empty, when no record is left (docs/wire-format.md, "Messages").
  const context = decoded.output.context && decoded.output.context.records.length > 0 ? decoded.output.context : undefined;
  if (text.trim() === "" && attachments.length === 0 && context === undefined) {
    throw invalidMessage([{ path: "text", message: "A message needs text, context or attachments" }]);
  }
  const rawContext = typeof body === "object" && body !== null ? (body as { context?: unknown }).context : undefined;
  return { clientMessageId, text, context, attachments, rawContext };
}

function storeMessage(db: Db, threadId: string, input: ValidMessage): PostOutcome {
  const existing = findMessageByClientId(db, threadId, input.clientMessageId);
  if (existing) return { created: false, message: existing };
  const now = new Date().toISOString();
  db.prepare("INSERT OR IGNORE INTO threads (id, created_at) VALUES (?, ?)").run(threadId, now);
  const { persistedIds, attachmentRows } = persistAttachments(db, attachmentReferences(input));
  const context = input.context && normalizeMessageAttachments(input.context, persistedIds);
  const id = mintId(ID_PREFIX.message);
  db.prepare(
    `INSERT INTO messages (id, thread_id, client_message_id, text, context_json, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(id, threadId, input.clientMessageId, input.text, context ? JSON.stringify(context) : null, now);
  const link = db.prepare("INSERT INTO message_attachments (message_id, attachment_id, position) VALUES (?, ?, ?)");
  attachmentRows.forEach((pendingId, position) => link.run(id, pendingId, position));
  return { created: true, message: findMessage(db, threadId, id)! };
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
 * Persists the pending uploads the message references (docs/wire-format.md, "Messages") and returns the pending →
 * persisted map for `normalizeMessageAttachments`, and the uploads to link, in order. An id that
 * names no upload is a 400; an id that is already persisted is kept as it is.
 */
function persistAttachments(
  db: Db,
  references: { attachmentId: string; path: string }[],
): { persistedIds: Map<string, string>; attachmentRows: string[] } {
  const persistedIds = new Map<string, string>();
  const attachmentRows: string[] = [];
  const issues: Issue[] = [];
  const persist = db.prepare("UPDATE attachments SET state = 'persisted', persisted_id = ? WHERE pending_id = ? AND state = 'pending'");
  for (const { attachmentId, path } of references) {
    const row = findAttachment(db, attachmentId);
    if (!row) {
      issues.push({ path, message: `No uploaded attachment ${attachmentId}` });
      continue;
    }
    let persistedId = row.persisted_id;
    if (persistedId === null) {
      persistedId = mintId(ID_PREFIX.attachment);
      persist.run(persistedId, row.pending_id);
    }
    if (attachmentId === row.pending_id) persistedIds.set(attachmentId, persistedId);
    if (!attachmentRows.includes(row.pending_id)) attachmentRows.push(row.pending_id);
  }
  if (issues.length > 0) throw invalidMessage(issues);
  return { persistedIds, attachmentRows };
}

function invalidMessage(issues: Issue[]): RequestError {
  return new RequestError(400, "invalid-message", "The message is not valid", issues);
}

/** valibot issues as the protocol's `{ path, message }`. */
export function toIssues(issues: readonly v.BaseIssue<unknown>[]): Issue[] {
  return issues.map((issue) => ({ path: (issue.path ?? []).map((item) => String(item.key)).join("."), message: issue.message }));
}

/** `POST /threads/{threadId}/messages`. */
export async function handlePostMessage(context: HostContext, threadId: string, request: IncomingMessage, response: ServerResponse) {
  // Requiring JSON also keeps other sites' pages out: a cross-origin `application/json` post needs
  // a CORS preflight, which this host does not grant.
  if (!isJsonRequest(request)) throw new RequestError(415, "unsupported-media-type", "Messages are posted as application/json");
  const body = parseJson(await readBody(request, context.limits.messageBodyBytes));
  const outcome = postMessage(context, threadId, body);
  sendJson(response, outcome.created ? 201 : 200, toSentMessage(outcome.message, apiBaseOf(request)));
  announce(context, outcome);
}

/** `GET /threads/{threadId}/messages`: oldest first; an unknown thread has none. */
export function handleListMessages(context: HostContext, threadId: string, request: IncomingMessage, response: ServerResponse) {
  const messages = listMessages(context.db, checkThreadId(threadId));
  sendJson(response, 200, messages.map((m) => toSentMessage(m, apiBaseOf(request))));
}

/** `GET /threads/{threadId}/messages/{id}/provider`: the text a model would get. */
export function handleProviderView(context: HostContext, threadId: string, messageId: string, response: ServerResponse) {
  const message = findMessage(context.db, checkThreadId(threadId), messageId);
  if (!message) throw new RequestError(404, "not-found", `No message ${messageId} in thread ${threadId}`);
  const text = projectComposerContextForProvider({ text: message.text, records: message.context?.records ?? [] }, { kinds: context.kinds });
  response.writeHead(200, {
    "content-type": "text/plain; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
  });
  response.end(text);
}
