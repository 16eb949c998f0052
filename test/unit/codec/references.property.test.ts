import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import {
  collectComposerContextReferences,
  formatComposerContextReference,
  sanitizeComposerContextLabel,
} from "../../../src/codec/index.js";

const kind = fc.oneof(
  fc.constantFrom("image", "file", "terminal", "review-comment", "preview-annotation"),
  fc.stringMatching(/^[a-z][a-z0-9-]{0,39}$/),
);
const contextId = fc.stringMatching(/^[a-zA-Z0-9_-]{1,128}$/);
// Labels full of what sanitizing touches: brackets, backslashes, line breaks, Unicode spaces,
// surrogate pairs, and long runs that reach the 200-unit cut.
const label = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc
    .array(fc.constantFrom("a", "é", " ", "  ", "\t", "\u00a0", "\u3000", "[", "]", "\\", "\r", "\n", "😀", ";", "<", "()"), {
      maxLength: 260,
    })
    .map((parts) => parts.join("")),
);

describe("reference links (properties)", () => {
  it("writing then collecting a link gives back its kind, id and label", () => {
    fc.assert(
      fc.property(kind, contextId, label, fc.string({ maxLength: 20 }), (kind, contextId, label, suffix) => {
        const link = formatComposerContextReference({ kind, contextId, label });
        // A line feed before the link keeps any `[` of the prefix out of its label.
        const prefix = "see\n";
        const found = collectComposerContextReferences(prefix + link + suffix).find((o) => o.start === prefix.length);
        const sanitized = sanitizeComposerContextLabel(label, kind);
        assert.ok(found);
        assert.equal(found.kind, kind);
        assert.equal(found.contextId, contextId);
        assert.equal(found.image, kind === "image");
        assert.equal(found.source, link);
        // Sanitizing trims before the 200-unit cut (as the reference does), so the cut can leave
        // one trailing space in the written label; reading the link back trims it.
        assert.equal(found.label, sanitized.trimEnd());
        if (!sanitized.endsWith(" ")) assert.equal(found.label, sanitized);
      }),
      { numRuns: 2000 },
    );
  });

  it("sanitizing twice changes nothing, except trimming a space left by the 200-unit cut", () => {
    fc.assert(
      fc.property(label, kind, (label, kind) => {
        const once = sanitizeComposerContextLabel(label, kind);
        const twice = sanitizeComposerContextLabel(once, kind);
        if (once.endsWith(" ")) assert.equal(twice, once.trimEnd());
        else assert.equal(twice, once);
      }),
      { numRuns: 2000 },
    );
  });

  it("a label cut to 200 units right after a space keeps that space (reference behaviour)", () => {
    const label = "a".repeat(199) + " b";
    const once = sanitizeComposerContextLabel(label, "file");
    assert.equal(once, "a".repeat(199) + " ");
    assert.equal(sanitizeComposerContextLabel(once, "file"), "a".repeat(199));
  });
});
