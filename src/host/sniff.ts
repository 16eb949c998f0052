// MIME sniffing from an upload's first bytes. The uploader's `content-type` is never trusted on
// its own: served back as it came, `text/html` or `image/svg+xml` would run script on the host's
// origin. A type is taken from magic bytes; bytes without magic that read as UTF-8 text are
// text (the declared type is kept only from a short list of harmless text types); anything else
// is opaque bytes.

/** The type of bytes that are neither a known format nor text. */
export const OPAQUE_TYPE = "application/octet-stream";
/** The type of text whose declared type is not on the harmless list. */
export const PLAIN_TEXT_TYPE = "text/plain";

/** Declared types kept for bytes that read as text: none of them is rendered as active content. */
const HARMLESS_TEXT_TYPES = new Set(["text/plain", "text/markdown", "text/csv", "application/json"]);

/** A signature: these bytes at this offset (`undefined` in the pattern matches any byte). */
interface Magic {
  type: string;
  offset?: number;
  bytes: readonly (number | undefined)[];
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

// Order matters where signatures share a prefix (RIFF).
const MAGIC: readonly Magic[] = [
  { type: "image/png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: "image/jpeg", bytes: [0xff, 0xd8, 0xff] },
  { type: "image/gif", bytes: ascii("GIF87a") },
  { type: "image/gif", bytes: ascii("GIF89a") },
  { type: "image/webp", bytes: [...ascii("RIFF"), undefined, undefined, undefined, undefined, ...ascii("WEBP")] },
  { type: "audio/wav", bytes: [...ascii("RIFF"), undefined, undefined, undefined, undefined, ...ascii("WAVE")] },
  { type: "image/avif", offset: 4, bytes: ascii("ftypavif") },
  { type: "image/heic", offset: 4, bytes: ascii("ftypheic") },
  { type: "video/mp4", offset: 4, bytes: ascii("ftyp") },
  { type: "video/webm", bytes: [0x1a, 0x45, 0xdf, 0xa3] },
  { type: "audio/mpeg", bytes: ascii("ID3") },
  { type: "audio/ogg", bytes: ascii("OggS") },
  { type: "application/pdf", bytes: ascii("%PDF-") },
  { type: "application/zip", bytes: [0x50, 0x4b, 0x03, 0x04] },
  { type: "application/gzip", bytes: [0x1f, 0x8b] },
];

/** Control characters that do not occur in text (all but tab, LF, FF, CR and ESC). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const BINARY_CONTROL = /[\x00-\x08\x0b\x0e-\x1a\x1c-\x1f]/;

/**
 * The MIME type of bytes that begin with `head` (the first `SNIFF_BYTES` or all of them), given the
 * type the uploader declared.
 */
export function sniffMimeType(head: Uint8Array, declared: string | undefined): string {
  for (const magic of MAGIC) if (matches(head, magic)) return magic.type;
  if (isText(head)) {
    const type = (declared ?? "").split(";")[0]!.trim().toLowerCase();
    return HARMLESS_TEXT_TYPES.has(type) ? type : PLAIN_TEXT_TYPE;
  }
  return OPAQUE_TYPE;
}

function matches(head: Uint8Array, magic: Magic): boolean {
  const offset = magic.offset ?? 0;
  if (head.length < offset + magic.bytes.length) return false;
  return magic.bytes.every((byte, i) => byte === undefined || head[offset + i] === byte);
}

/** Valid UTF-8 without binary control characters; an empty file is not text. */
function isText(head: Uint8Array): boolean {
  if (head.length === 0) return false;
  try {
    // `stream: true` forgives a character cut in half at the end of the sniffed prefix.
    const text = new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: true });
    return !BINARY_CONTROL.test(text);
  } catch {
    return false;
  }
}
