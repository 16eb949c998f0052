// The simulated assistant's finished replies, kept by the demo host so that a reload shows each
// thread with its replies (the kit stores what people send, not an app's assistant turns:
// docs/host.md, "Replies"). One JSON line per reply in `replies.jsonl` of the data folder, read
// once on start; a line that does not decode (a write torn by a crash) is skipped, not fatal.
import { appendFile, readFile } from "node:fs/promises";

/** A finished reply: the whole text the assistant streamed for one message. */
export interface StoredReply {
  id: string;
  threadId: string;
  /** The id of the stored message it answers. */
  inReplyTo: string;
  /** Markdown. */
  text: string;
  createdAt: string;
}

export interface ReplyStore {
  /** Keeps `reply` (on disk before it resolves). */
  add(reply: StoredReply): Promise<void>;
  /** The thread's replies, oldest first. */
  list(threadId: string): StoredReply[];
}

/** The file's name inside the data folder. */
export const REPLIES_FILE = "replies.jsonl";

const FIELDS = ["id", "threadId", "inReplyTo", "text", "createdAt"] as const;

/** One line of the file as a reply, or `undefined` when it is not one. */
function decodeLine(line: string): StoredReply | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (!FIELDS.every((field) => typeof record[field] === "string")) return undefined;
  return Object.fromEntries(FIELDS.map((field) => [field, record[field]])) as unknown as StoredReply;
}

/** Opens (or starts) the reply file at `path`. */
export async function openReplyStore(path: string): Promise<ReplyStore> {
  // Keyed by thread id, which comes from a request: a Map, so that "__proto__" is a thread like any other.
  const threads = new Map<string, StoredReply[]>();
  const keep = (reply: StoredReply) => {
    const replies = threads.get(reply.threadId) ?? [];
    // One reply per message: a later line for the same message replaces the earlier one.
    threads.set(reply.threadId, [...replies.filter((r) => r.id !== reply.id), reply]);
  };
  const text = await readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? "" : Promise.reject(error)));
  for (const line of text.split("\n")) {
    const reply = line.trim() ? decodeLine(line) : undefined;
    if (reply) keep(reply);
  }
  let writes = Promise.resolve();
  return {
    add(reply) {
      const kept = Object.fromEntries(FIELDS.map((field) => [field, reply[field]])) as unknown as StoredReply;
      // Appends one after another, so two replies finishing together never interleave their lines.
      const written = writes.then(() => appendFile(path, `${JSON.stringify(kept)}\n`));
      writes = written.catch(() => {});
      return written.then(() => keep(kept));
    },
    list: (threadId) => threads.get(threadId) ?? [],
  };
}
