// Spoofed labels (issue 14): bidi controls and zero-width characters leave a label when it is
// sanitized, so `invoice‮fdp.exe` cannot show as "invoiceexe.pdf".
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { collectComposerContextReferences, formatComposerContextReference, sanitizeComposerContextLabel } from "../../../src/codec/index.js";

describe("label sanitizer and invisible characters", () => {
  it("strips bidi overrides, embeddings, isolates and marks", () => {
    assert.equal(sanitizeComposerContextLabel("invoice\u202Efdp.exe", "file"), "invoicefdp.exe");
    assert.equal(sanitizeComposerContextLabel("\u2066a\u2069 \u202Ab\u202C \u200Fc\u200E \u061Cd", "file"), "a b c d");
  });

  it("strips zero-width spaces, the word joiner and the byte-order mark", () => {
    assert.equal(sanitizeComposerContextLabel("pa\u200Byp\u2060al\uFEFF.com", "file"), "paypal.com");
  });

  it("keeps the joiners that emoji and scripts need", () => {
    const family = "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}";
    assert.equal(sanitizeComposerContextLabel(family, "file"), family);
    assert.equal(sanitizeComposerContextLabel("\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645", "file"), "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645");
  });

  it("falls back to the kind when nothing visible is left", () => {
    assert.equal(sanitizeComposerContextLabel("\u202E\u200B", "file"), "file");
  });

  it("writes and collects links with the stripped label", () => {
    const link = formatComposerContextReference({ kind: "file", contextId: "f1", label: "a\u202Eb" });
    assert.equal(link, "[ab](t3-context://v1/file/f1)");
    assert.equal(collectComposerContextReferences("[x\u200By](t3-context://v1/file/f1)")[0]!.label, "xy");
  });
});
