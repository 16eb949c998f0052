import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import {
  collectComposerContextReferences,
  formatComposerContextReference,
  parseComposerContextHref,
  sanitizeComposerContextLabel,
} from "../../../src/codec/index.js";
import { oracleReferences } from "../../fuzz/oracles.js";

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

describe("collectComposerContextReferences equals the link pattern of docs/wire-format.md (Reference links)", () => {
  // The spec's own pattern and href grammar, shared with the fuzz properties.
  const oracle = oracleReferences;
  const KIND = /^[a-z][a-z0-9-]{0,39}$/;
  const ID = /^[a-z0-9_-]{1,128}$/i;
  const piece = fc.constantFrom(
    "[",
    "]",
    "!",
    "(",
    ")",
    "](",
    "](t3-context://v1/",
    "t3-context://v1/",
    "file/",
    "image",
    "/",
    "a",
    "Z",
    "_",
    "-",
    "é",
    " ",
    "\n",
    "\r",
    "\t",
    "\u00a0",
    "\u2028",
    "x".repeat(120),
    "[label]",
    "[a](t3-context://v1/file/f1)",
    "![i](t3-context://v1/image/Im_1)",
  );
  it("on link soup", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }).map((parts) => parts.join("")), (text) =>
        assert.deepEqual(collectComposerContextReferences(text), oracle(text)),
      ),
      { numRuns: 4000 },
    );
  });
  it("parses hrefs as the grammar says", () => {
    const href = fc.array(fc.constantFrom("t3-context://v1/", "T3", "file", "/", "a", "Z9", "-", "_", ".", " ", "é", "x".repeat(40), "y".repeat(128)), { maxLength: 8 });
    fc.assert(
      fc.property(href.map((parts) => parts.join("")), (href) => {
        const rest = href.startsWith("t3-context://v1/") ? href.slice(16).split("/") : [];
        const expected = rest.length === 2 && KIND.test(rest[0]!) && ID.test(rest[1]!) ? { kind: rest[0], contextId: rest[1] } : null;
        assert.deepEqual(parseComposerContextHref(href), expected);
      }),
      { numRuns: 4000 },
    );
  });
});

describe("sanitizeComposerContextLabel equals the formula of docs/wire-format.md (Reference links)", () => {
  // With the hardening of docs/security.md first: bidi controls and zero-width spaces removed.
  const formula = (label: string, kind: string) =>
    label.replace(/[\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g, "").replace(/[[\]\\\r\n]/g, " ").replace(/\s+/g, " ").trim().slice(0, 200) || kind;
  it("on labels of every kind of whitespace", () => {
    const spaces = ["\t", "\v", "\f", "\u00a0", "\u1680", "\u2000", "\u200a", "\u200b", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000", "\ufeff", "\u180e", "\u0085", "\u202e", "\u2066"];
    const labelOf = fc.array(fc.constantFrom(...spaces, " ", "  ", "a", "é", "[", "]", "\\", "\r", "\n", "x".repeat(99)), { maxLength: 12 });
    fc.assert(
      fc.property(labelOf.map((parts) => parts.join("")), (label) => assert.equal(sanitizeComposerContextLabel(label, "file"), formula(label, "file"))),
      { numRuns: 4000 },
    );
  });
  it("on long labels, which are sanitized from a prefix when it decides the result", () => {
    // Long runs of spaces and invisibles push the 200 kept units past the first prefixes tried.
    const long = ["x".repeat(99), "y".repeat(150), " ".repeat(400), "\u200b".repeat(700), "\t\n".repeat(300), "[", " a", "é"];
    const labelOf = fc.array(fc.constantFrom(...long), { minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(labelOf.map((parts) => parts.join("")), (label) => assert.equal(sanitizeComposerContextLabel(label, "file"), formula(label, "file"))),
      { numRuns: 1000 },
    );
  });
});
