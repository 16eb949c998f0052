// Random ids minted on the client (README Decision 3): reference ids `ref_…` here, attachment ids
// `att_…` and message ids `msg_…` in the composer. Always from `crypto.getRandomValues`.

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
/** 252 = 7 × 36: a byte at or above it would favour the first letters, so it is drawn again. */
const UNBIASED_LIMIT = 252;

/** `length` random characters of `[a-z0-9]`, uniformly distributed. */
export function randomToken(length: number): string {
  let out = "";
  const bytes = new Uint8Array(length + 8);
  while (out.length < length) {
    crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte < UNBIASED_LIMIT && out.length < length) out += ALPHABET[byte % ALPHABET.length];
    }
  }
  return out;
}

/** Characters after `ref_` in a reference id. */
const REFERENCE_ID_LENGTH = 16;

/** A fresh reference id, `ref_` + 16 random `[a-z0-9]`: one occurrence of a chip, never sent. */
export function mintReferenceId(): string {
  return "ref_" + randomToken(REFERENCE_ID_LENGTH);
}
