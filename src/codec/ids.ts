// Deterministic context ids (docs/wire-format.md, "Ids"): producers keep their own id syntax, and anything
// outside the context-id grammar is folded into a slug plus a 64-bit digest.
import { CONTEXT_ID_MAX } from "../contract/limits.js";

const VALID_ID = new RegExp(`^[a-z0-9_-]{1,${CONTEXT_ID_MAX}}$`, "i");
const FOLDED_RUN = /[^a-z0-9_-]+/gi;
const EDGE_DASHES = /^-+|-+$/g;
/** The slug keeps this many UTF-16 code units; the digest tells longer ids apart. */
const SLUG_MAX = 48;
const EMPTY_SLUG = "ctx";

const FNV_PRIME = 0x01000193;
const FNV_OFFSET_FORWARD = 0x811c9dc5;
/** The second pass starts from the offset basis with its halves swapped and reads backwards. */
const FNV_OFFSET_BACKWARD = 0x9dc5811c;

/** 16 hex characters: FNV-1a over the UTF-16 code units forwards, then backwards. */
function digest64(value: string): string {
  let forward = FNV_OFFSET_FORWARD;
  let backward = FNV_OFFSET_BACKWARD;
  const length = value.length;
  for (let index = 0; index < length; index++) {
    forward = Math.imul(forward ^ value.charCodeAt(index), FNV_PRIME);
    backward = Math.imul(backward ^ value.charCodeAt(length - 1 - index), FNV_PRIME);
  }
  return hex8(forward) + hex8(backward);
}

function hex8(value: number): string {
  return (value >>> 0).toString(16).padStart(8, "0");
}

/**
 * Turns a producer's own id into a context id. A valid id (`[a-z0-9_-]{1,128}`, any case) comes
 * back unchanged; anything else becomes `<slug>-<digest>` (at most 65 characters).
 */
export function toComposerContextId(producerId: string): string {
  if (VALID_ID.test(producerId)) return producerId;
  // The cut comes after the dashes are stripped, so it can leave a trailing dash (`…--digest`).
  const slug = producerId.replace(FOLDED_RUN, "-").replace(EDGE_DASHES, "").slice(0, SLUG_MAX);
  return `${slug === "" ? EMPTY_SLUG : slug}-${digest64(producerId)}`;
}

/** `toComposerContextId(kind + "_" + producerId)`: the prefix is added even when present. */
export function toKindScopedComposerContextId(kind: string, producerId: string): string {
  return toComposerContextId(`${kind}_${producerId}`);
}

/** Strips exactly one `<kind>_` prefix from a context id, if it has one. */
export function producerIdFromComposerContextId(kind: string, contextId: string): string {
  const prefix = `${kind}_`;
  return contextId.startsWith(prefix) ? contextId.slice(prefix.length) : contextId;
}
