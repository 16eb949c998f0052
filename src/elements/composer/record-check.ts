// Records enter a draft only through the contract's decoder (docs/composer.md, "Value"): a host's misuse of
// `insertContext` throws with the decoder's issues; untrusted records (a value, a saved draft)
// that do not decode are dropped.
import { decodeComposerContextRecord } from "../../contract/decode.js";
import type { ComposerContextRecord } from "../../contract/types.js";

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * Decodes `input` into a private, frozen copy, or says what is wrong with it. The decoder makes
 * a new object but keeps an unknown kind's `payload` by reference; the copy makes sure a host
 * that changes its object afterwards cannot change the draft behind its back.
 */
export function decodeRecord(input: unknown): { record: ComposerContextRecord } | { problem: string } {
  const result = decodeComposerContextRecord(input);
  if (!result.success) {
    return { problem: result.issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join("; ") };
  }
  try {
    return { record: deepFreeze(structuredClone(result.output)) };
  } catch {
    return { problem: "payload: cannot be copied" }; // what structuredClone cannot copy is not JSON either
  }
}

/** The decoded, frozen copy of `input`, or `null` when it is not a v1 record. */
export function decodedRecord(input: unknown): ComposerContextRecord | null {
  const decoded = decodeRecord(input);
  return "record" in decoded ? decoded.record : null;
}
