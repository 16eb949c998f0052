// The demo's simulated assistant (docs/host.md, "The simulated assistant"): it answers each
// message the host stores with a reply streamed word by word over the thread's live sockets
// (`kit.live.reply`, the protocol's `reply` frames), naming the context a model would have been
// given for the message (the provider projection's entries, as `measureComposerContext` walks
// them). It is no model: the same message always gets the same words, which is what its tests need.
import { collectComposerContextReferences, measureComposerContext, type ContextKindDefinition } from "../../src/codec/index.js";
import type { HostKit, StoredMessage } from "../../src/host/index.js";
import type { StoredReply } from "./reply-store.js";

export interface AssistantOptions {
  /** The pause before each word after the first, in ms. Default `ASSISTANT_WORD_MS`. */
  wordMs?: number | undefined;
  /** The custom kinds the host projects, so that their records are named by their labels. */
  kinds?: readonly ContextKindDefinition[] | undefined;
  /**
   * Called with each finished reply before its last frame goes out, so that a page reloaded once
   * it saw the reply end finds it stored (server.ts keeps them in reply-store.ts).
   */
  keep?: ((reply: StoredReply) => Promise<void>) | undefined;
}

/** The default pause between words: fast enough to read along, slow enough to see it stream. */
export const ASSISTANT_WORD_MS = 60;
/** A reply's id is the answered message's id after this prefix (one reply per message). */
export const REPLY_ID_PREFIX = "reply_";
/** How many labels of one kind a reply names before it says "and N more". */
const LABELS_NAMED = 3;

/** The built-in kinds as a reply names them: one, many. Custom kinds use their definition's label. */
const KIND_NOUNS = new Map<string, readonly [string, string]>([
  ["image", ["image", "images"]],
  ["file", ["file", "files"]],
  ["terminal", ["terminal excerpt", "terminal excerpts"]],
  ["element", ["page element", "page elements"]],
  ["preview-annotation", ["preview annotation", "preview annotations"]],
  ["review-comment", ["review comment", "review comments"]],
  ["mention", ["file mention", "file mentions"]],
  ["skill", ["skill", "skills"]],
]);

/**
 * Answers every new message `kit` stores until the returned `stop()`: one reply per message, the
 * replies of a thread one after another, each frame `wordMs` after the last.
 */
export function startAssistant(kit: HostKit, options: AssistantOptions = {}): () => void {
  const wordMs = options.wordMs ?? ASSISTANT_WORD_MS;
  if (!Number.isFinite(wordMs) || wordMs < 0) throw new TypeError(`startAssistant: wordMs must be a number of ms, got ${String(wordMs)}`);
  const timers = new Set<ReturnType<typeof setTimeout>>();
  /** Per thread, the reply streaming now: the next starts when it ends. */
  const threads = new Map<string, Promise<void>>();
  let stopped = false;
  const pause = () =>
    new Promise<void>((done) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        done();
      }, wordMs);
      timers.add(timer);
    });

  async function stream(message: StoredMessage): Promise<void> {
    const words = replyText(message, options.kinds).match(/\S+\s*/g) ?? [];
    let text = "";
    for (const [index, word] of words.entries()) {
      // The first word goes at once: a page that sets `busy` on it does so within the composer's
      // grace after a queued send (docs/composer.md, "Queued follow-ups").
      if (index > 0) await pause();
      if (stopped) return;
      text += word;
      const id = `${REPLY_ID_PREFIX}${message.id}`;
      const done = index === words.length - 1;
      if (done) await options.keep?.({ id, threadId: message.threadId, inReplyTo: message.id, text: text.trimEnd(), createdAt: new Date().toISOString() });
      if (stopped) return;
      kit.live.reply(message.threadId, { id, inReplyTo: message.id, text: text.trimEnd(), done });
    }
  }

  const unsubscribe = kit.onStored((message) => {
    const next = (threads.get(message.threadId) ?? Promise.resolve()).then(() => stream(message));
    threads.set(message.threadId, next);
    void next.finally(() => {
      if (threads.get(message.threadId) === next) threads.delete(message.threadId);
    });
  });
  return () => {
    stopped = true;
    unsubscribe();
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
}

/** One kind's part of a reply: its noun and the labels of its references, in first-reference order. */
interface KindGroup {
  kind: string;
  labels: string[];
}

/**
 * The reply to `message`, in Markdown: what it was given (each kind of context the projection
 * holds, with the labels of its references; attachments; references with no record) and about
 * how many tokens a model would read. The labels are the person's, shown as code so that no
 * Markdown in them takes effect.
 */
export function replyText(message: Pick<StoredMessage, "text" | "context" | "attachments">, kinds: readonly ContextKindDefinition[] = []): string {
  const records = message.context?.records ?? [];
  const measure = measureComposerContext({ text: message.text, records }, { kinds });
  const labels = new Map<string, string>();
  for (const occurrence of collectComposerContextReferences(message.text)) if (!labels.has(occurrence.contextId)) labels.set(occurrence.contextId, occurrence.label);
  const recordCount = new Map<string, number>();
  for (const record of records) recordCount.set(record.contextId, (recordCount.get(record.contextId) ?? 0) + 1);
  const groups = new Map<string, KindGroup>();
  let unavailable = 0;
  for (const [contextId, entry] of measure.entries) {
    if (recordCount.get(contextId) !== 1) {
      unavailable++;
      continue;
    }
    let group = groups.get(entry.kind);
    if (!group) groups.set(entry.kind, (group = { kind: entry.kind, labels: [] }));
    group.labels.push(labels.get(contextId) || contextId);
  }
  const parts = [...groups.values()].map((group) => describeGroup(group, kinds));
  // An image or file chip names its upload already; only attachments no record is bound to are added.
  const bound = new Set(records.flatMap((record) => ("attachmentId" in record && typeof record.attachmentId === "string" ? [record.attachmentId] : [])));
  const attachments = message.attachments.filter((a) => !bound.has(a.id)).map((a) => a.name);
  if (attachments.length > 0) parts.push(describeGroup({ kind: "attachment", labels: attachments }, kinds));
  const sentences = [parts.length === 0 ? "I got your message, with no context attached." : `I got ${joinList(parts)}.`];
  if (unavailable > 0) sentences.push(`${count(unavailable, "reference", "references")} had no record, so a model would see ${unavailable === 1 ? "it" : "them"} as unavailable.`);
  sentences.push(`A model would read about ${measure.tokens.toLocaleString("en-US")} tokens for this message.`);
  sentences.push("(I am the demo's simulated assistant: I only say what I was given.)");
  return sentences.join(" ");
}

function describeGroup(group: KindGroup, kinds: readonly ContextKindDefinition[]): string {
  const [one, many] = nounsOf(group.kind, kinds);
  const shown = group.labels.slice(0, LABELS_NAMED).map(codeSpan);
  const more = group.labels.length - shown.length;
  if (more > 0) shown.push(`${more} more`);
  return `${count(group.labels.length, one, many)} (${shown.join(", ")})`;
}

function nounsOf(kind: string, kinds: readonly ContextKindDefinition[]): readonly [string, string] {
  const known = KIND_NOUNS.get(kind);
  if (known) return known;
  const noun = kinds.find((definition) => definition.kind === kind)?.label ?? kind.replaceAll("-", " ");
  return [noun, `${noun}s`];
}

/** "a file", "2 files". */
function count(n: number, one: string, many: string): string {
  if (n !== 1) return `${n} ${many}`;
  return `${/^[aeiou]/i.test(one) ? "an" : "a"} ${one}`;
}

/** "a", "a and b", "a, b and c". */
function joinList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** A label as inline code: backticks become quotes, so the span cannot be closed early. */
function codeSpan(label: string): string {
  return `\`${label.replaceAll("`", "'")}\``;
}
