// Records enter a draft only through the contract's decoder (wire.md §a): a host's misuse of
// `insertContext` throws with the decoder's issues; untrusted records (a value, a saved draft)
// that do not decode are dropped.
import { decodeComposerContextRecord } from "../../contract/decode.js";
import type { ComposerContextRecord } from "../../contract/types.js";

/** What is wrong with `input` as a v1 record (the decoder's issues), or `null` when nothing is. */
export function recordProblem(input: unknown): string | null {
  const result = decodeComposerContextRecord(input);
  if (result.success) return null;
  return result.issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join("; ");
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * The decoded record as a private, frozen copy, or `null` when it does not decode. The decoder
 * makes a new object but keeps an unknown kind's `payload` by reference; the copy makes sure a
 * host that changes its object afterwards cannot change the draft behind its back.
 */
export function ownRecord(input: unknown): ComposerContextRecord | null {
  const result = decodeComposerContextRecord(input);
  if (!result.success) return null;
  try {
    return deepFreeze(structuredClone(result.output));
  } catch {
    return null; // a payload structuredClone cannot copy is not JSON either
  }
}
