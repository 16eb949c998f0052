// Checks what a host hands to the transcript. A wrong shape is a bug in the calling code and
// throws at once (house style point 7); the contents (text, records, attachments) are
// untrusted data and are checked where they are drawn.
import type { TranscriptMessage, TranscriptMessagePatch } from "./types.js";

const ROLES = new Set(["user", "assistant", "system"]);

/**
 * A thread set on an empty list with more messages than this checks and matches only its newest
 * this many at once, and the others after its first draw (message-list.ts, `matchLater`): far
 * more than a screenful, even of one-line messages on a tall screen, so the window at the end
 * never waits for them.
 */
export const MATCHED_AT_ONCE = 200;

/**
 * The shown message `message` replaces, by the rule every thread follows (message-list.ts,
 * message-match.ts, early-thread.ts): the one with its id, else the one with its
 * `clientMessageId` (the host's stored copy of an optimistic message), else the one its `editOf`
 * names (a new version of it). `byId` and `byClientId` look them up in the caller's own index.
 */
export function replacedBy<T>(
  message: TranscriptMessage,
  byId: (id: string) => T | undefined,
  byClientId: (clientMessageId: string) => T | undefined,
): T | undefined {
  const clientId = message.clientMessageId;
  return byId(message.id) ?? (clientId ? byClientId(clientId) : undefined) ?? (typeof message.editOf === "string" ? byId(message.editOf) : undefined);
}

/** Throws `updateMessage`'s `TypeError` unless `id` is a string. */
export function checkMessageId(id: unknown): asserts id is string {
  if (typeof id !== "string") throw new TypeError(`updateMessage: id must be a string, got ${describe(id)}`);
}

/** `updateMessage`'s error for an id no message has. */
export function unknownMessage(id: string): RangeError {
  return new RangeError(`updateMessage: no message with id ${JSON.stringify(id)}`);
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Throws a `TypeError` naming the bad value unless `message` is a transcript message. */
export function checkMessage(message: unknown, where: string): TranscriptMessage {
  if (message === null || typeof message !== "object") {
    throw new TypeError(`${where}: expected a message object, got ${describe(message)}`);
  }
  const { id, role, text } = message as Record<string, unknown>;
  if (typeof id !== "string" || id === "") throw new TypeError(`${where}: message id must be a non-empty string, got ${describe(id)}`);
  if (typeof role !== "string" || !ROLES.has(role)) {
    throw new TypeError(`${where}: message ${id} has role ${describe(role)} (expected "user", "assistant" or "system")`);
  }
  if (typeof text !== "string") throw new TypeError(`${where}: message ${id} has text ${describe(text)} (expected a string)`);
  return message as TranscriptMessage;
}

/** Throws unless `messages` is an array (its items are checked by `checkMessage`). */
export function checkArray(messages: unknown): readonly unknown[] {
  if (!Array.isArray(messages)) throw new TypeError(`messages: expected an array, got ${describe(messages)}`);
  return messages;
}

/** Throws unless `messages` is an array of messages. */
export function checkMessages(messages: unknown): readonly TranscriptMessage[] {
  return checkArray(messages).map((message) => checkMessage(message, "messages"));
}

/** Applies a patch; the result is checked like any message. A patch cannot change the id. */
export function patchMessage(message: TranscriptMessage, patch: TranscriptMessagePatch): TranscriptMessage {
  if (patch === null || typeof patch !== "object") throw new TypeError(`updateMessage: expected a patch object, got ${describe(patch)}`);
  if ("id" in patch && (patch as { id?: unknown }).id !== message.id) {
    throw new TypeError(`updateMessage: a patch cannot change the id of message ${message.id}`);
  }
  return checkMessage({ ...message, ...patch }, "updateMessage");
}

/**
 * Whether two messages draw the same. A host that sets `messages` again with fresh objects
 * (after a refetch) should not repaint the thread. Fields are compared one by one: a string that
 * differs (a streamed `text`) answers at once, and only object fields that are different objects
 * (a refetched `context`) are compared as JSON, and only for messages that were touched.
 */
export function sameContent(a: TranscriptMessage, b: TranscriptMessage): boolean {
  if (a === b) return true;
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  const deep: string[] = [];
  for (const key of new Set([...Object.keys(x), ...Object.keys(y)])) {
    const left = x[key];
    const right = y[key];
    if (left === right) continue;
    if (left === null || right === null || typeof left !== "object" || typeof right !== "object") return false;
    deep.push(key);
  }
  try {
    return deep.every((key) => JSON.stringify(x[key]) === JSON.stringify(y[key]));
  } catch {
    return false;
  }
}
