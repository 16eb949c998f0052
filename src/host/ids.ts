// Server-minted ids: a prefix that says what the id names, and 16 random `[a-z0-9]` characters
// (82 bits), which fits the contract's attachment id grammar.
import { randomInt } from "node:crypto";

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
const RANDOM_LENGTH = 16;

/** Prefixes of the host's ids. */
export const ID_PREFIX = { upload: "upload_", attachment: "attachment_", message: "message_" } as const;

export function mintId(prefix: string): string {
  let id = prefix;
  for (let i = 0; i < RANDOM_LENGTH; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}
