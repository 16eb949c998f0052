import { KNOWN_CONTEXT_KINDS, type ComposerContextRecord, type KnownContextKind, type KnownContextRecord } from "./types.js";

const KNOWN = new Set<string>(KNOWN_CONTEXT_KINDS);

/** Whether `kind` is one of the eight kinds built into this version. */
export function isKnownContextKind(kind: string): kind is KnownContextKind {
  return KNOWN.has(kind);
}

/** Narrows a record to a built-in kind; an unknown-kind record gives `undefined`. */
export function asKnownContextRecord(record: ComposerContextRecord | undefined): KnownContextRecord | undefined {
  return record !== undefined && isKnownContextKind(record.kind) && !("payload" in record)
    ? (record as KnownContextRecord)
    : undefined;
}
