// Random ids minted on the client (docs/composer.md, "Ids"): reference ids `ref_…` here, attachment ids
// `att_…` and message ids `msg_…` in the composer. Always from `crypto.getRandomValues`.

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
/** 252 = 7 × 36: a byte at or above it would favour the first letters, so it is drawn again. */
const UNBIASED_LIMIT = 252;

// Random bytes are drawn a page at a time: a draft of 2,000 chips mints 2,000 reference ids at
// once, and one `getRandomValues` call costs about as much as 4 KB of its bytes.
const POOL_BYTES = 4096;
const pool = new Uint8Array(POOL_BYTES);
let used = POOL_BYTES;

function randomByte(): number {
  if (used === POOL_BYTES) {
    crypto.getRandomValues(pool);
    used = 0;
  }
  return pool[used++]!;
}

/** `length` random characters of `[a-z0-9]`, uniformly distributed. */
export function randomToken(length: number): string {
  let out = "";
  while (out.length < length) {
    const byte = randomByte();
    if (byte < UNBIASED_LIMIT) out += ALPHABET[byte % ALPHABET.length];
  }
  return out;
}

/** Characters after `ref_` in a reference id. */
const REFERENCE_ID_LENGTH = 16;

/** A fresh reference id, `ref_` + 16 random `[a-z0-9]`: one occurrence of a chip, never sent. */
export function mintReferenceId(): string {
  return "ref_" + randomToken(REFERENCE_ID_LENGTH);
}
