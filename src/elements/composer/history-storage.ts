// The saved form of the prompt history under `draft-key` (docs/composer.md, "Prompt history"): the
// messages sent from that key, oldest first, bounded by count and by size. An entry holds the
// message's text and records, never bytes: an image or file record carries the host's
// `attachmentId`, and a recalled one binds to it. What is in storage is untrusted (the page shares
// it, other versions write it): reading it never throws, and anything that is not an entry is
// left out.
import type { ComposerContextRecord } from "../../contract/types.js";
import { decodedRecord } from "./record-check.js";
import type { ComposerHistoryEntry } from "./types.js";

/** History lives under `t3-composer:history:<draft-key>`, beside the draft's own entry. */
export const HISTORY_STORAGE_PREFIX = "t3-composer:history:";
const HISTORY_VERSION = 1;
/** The most messages kept: the oldest go first (docs/composer.md, "Prompt history"). */
export const HISTORY_MAX_ENTRIES = 100;
/**
 * The most characters of saved JSON kept: 1 MiB. `localStorage` holds about 5 M characters per
 * origin, shared with every draft; the history may take a fifth of it, and the oldest go first.
 */
export const HISTORY_MAX_CHARS = 1024 * 1024;

interface StoredHistory {
  version: typeof HISTORY_VERSION;
  entries: ComposerHistoryEntry[];
}

/** The characters an entry adds to the saved JSON (its own, plus the comma before it). */
function entrySize(entry: ComposerHistoryEntry): number {
  return JSON.stringify(entry).length + 1;
}

/** The entries a history keeps: the newest at most 100, and as many as fit in 1 MiB of JSON. */
export function boundHistory(entries: readonly ComposerHistoryEntry[]): ComposerHistoryEntry[] {
  const kept: ComposerHistoryEntry[] = [];
  let chars = JSON.stringify({ version: HISTORY_VERSION, entries: [] }).length;
  for (let i = entries.length - 1; i >= 0 && kept.length < HISTORY_MAX_ENTRIES; i--) {
    chars += entrySize(entries[i]!);
    if (chars > HISTORY_MAX_CHARS) break;
    kept.push(entries[i]!);
  }
  return kept.reverse();
}

/** The JSON saved for `entries` (bounded first), or `null` for none (the storage entry is removed). */
export function serializeHistory(entries: readonly ComposerHistoryEntry[]): string | null {
  const kept = boundHistory(entries);
  if (kept.length === 0) return null;
  const stored: StoredHistory = { version: HISTORY_VERSION, entries: kept };
  return JSON.stringify(stored);
}

/** An entry as it comes back: a string text, records that decode (the rest dropped), a date. */
function parseEntry(input: unknown): ComposerHistoryEntry | null {
  if (input === null || typeof input !== "object") return null;
  const { text, context, sentAt } = input as Partial<Record<keyof ComposerHistoryEntry, unknown>>;
  if (typeof text !== "string" || typeof sentAt !== "string") return null;
  const raw = (context as { records?: unknown } | null | undefined)?.records;
  const records = (Array.isArray(raw) ? raw : []).map(decodedRecord).filter((record): record is ComposerContextRecord => record !== null);
  return historyEntry(text, records, sentAt);
}

/** An entry of `text` with `records` (`context` only when there is one). */
export function historyEntry(text: string, records: readonly ComposerContextRecord[], sentAt: string): ComposerHistoryEntry {
  return records.length > 0 ? { text, context: { version: 1, records: [...records] }, sentAt } : { text, sentAt };
}

/**
 * Reads a saved history. Never throws: what is not JSON, not a version-1 history, or an entry
 * that is not one gives nothing for it. The bounds apply on reading too.
 */
export function parseHistory(raw: string | null): ComposerHistoryEntry[] {
  if (raw === null) return [];
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return [];
  }
  const { version, entries } = (stored ?? {}) as Partial<StoredHistory>;
  if (version !== HISTORY_VERSION || !Array.isArray(entries)) return [];
  return boundHistory(entries.map(parseEntry).filter((entry) => entry !== null));
}
