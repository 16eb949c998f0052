import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { sniffMimeType } from "../../../src/host/sniff.js";

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

describe("sniffMimeType", () => {
  const cases: [string, Uint8Array, string | undefined, string][] = [
    ["PNG, whatever the header says", bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), "text/html", "image/png"],
    ["JPEG", bytes(0xff, 0xd8, 0xff, 0xe0), undefined, "image/jpeg"],
    ["GIF89a", text("GIF89a..."), "image/png", "image/gif"],
    ["WebP", text("RIFF\u0001\u0002\u0003\u0004WEBPVP8 "), undefined, "image/webp"],
    ["WAV is not WebP", text("RIFF\u0001\u0002\u0003\u0004WAVEfmt "), undefined, "audio/wav"],
    ["AVIF before generic MP4", text("\u0000\u0000\u0000\u001cftypavif"), undefined, "image/avif"],
    ["MP4", text("\u0000\u0000\u0000\u0018ftypisom"), undefined, "video/mp4"],
    ["PDF", text("%PDF-1.7\n"), "text/plain", "application/pdf"],
    ["ZIP", bytes(0x50, 0x4b, 0x03, 0x04, 0x14), undefined, "application/zip"],
    ["gzip", bytes(0x1f, 0x8b, 0x08), undefined, "application/gzip"],
    ["text declared as Markdown stays Markdown", text("# Title\n"), "text/markdown; charset=utf-8", "text/markdown"],
    ["text declared as JSON stays JSON", text('{"a":1}'), "Application/JSON", "application/json"],
    ["HTML declared as HTML is served as plain text", text("<script>alert(1)</script>"), "text/html", "text/plain"],
    ["SVG declared as SVG is served as plain text", text('<svg xmlns="http://www.w3.org/2000/svg"/>'), "image/svg+xml", "text/plain"],
    ["text without a declared type", text("hello\tworld\r\n"), undefined, "text/plain"],
    ["UTF-8 cut in the middle of a character at the end of the sniffed bytes", text("caf\u00e9").subarray(0, 4), undefined, "text/plain"],
    ["bytes that are not UTF-8", bytes(0xc3, 0x28, 0x41), "text/plain", "application/octet-stream"],
    ["text with a NUL", text("a\u0000b"), "text/plain", "application/octet-stream"],
    ["an empty file", bytes(), "text/plain", "application/octet-stream"],
    ["a signature cut short", bytes(0x89, 0x50, 0x4e), undefined, "application/octet-stream"],
  ];
  for (const [name, head, declared, expected] of cases) {
    it(name, () => assert.equal(sniffMimeType(head, declared), expected));
  }
});
