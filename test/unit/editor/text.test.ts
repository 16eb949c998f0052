import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { formatComposerContextReference, replaceComposerContextReferences } from "../../../src/codec/references.js";
import { chipAttrs, isChip } from "../../../src/editor/schema.js";
import { docFromText, referencedIdsOf, textOfDoc } from "../../../src/editor/text.js";

const link = (kind: string, id: string, label = id) => formatComposerContextReference({ kind, contextId: id, label });

/** Text made of words, spaces, line feeds, brackets and links (canonical or not). */
const pieces = fc.oneof(
  // No lone "!": see the test of a "!" typed right before a chip.
  fc.constantFrom("a", "word", " ", "  ", "\n", "\r", "[", "]", "(", ")", "\ufffc", "日本", "t3-context://v1/"),
  fc.constantFrom("file", "image", "terminal", "x-custom").chain((kind) =>
    fc.tuple(fc.stringMatching(/^[a-z0-9_-]{1,8}$/), fc.string({ maxLength: 6 }), fc.boolean()).map(([id, label, bang]) =>
      `${bang ? "!" : ""}[${label.replace(/[\]\n]/g, "")}](t3-context://v1/${kind}/${id})`,
    ),
  ),
);
const texts = fc.array(pieces, { maxLength: 30 }).map((parts) => parts.join(""));

describe("canonical text ⇄ document", () => {
  it("gives back canonical text exactly", () => {
    const text = `a ${link("image", "i1", "shot.png")} b\n\n${link("terminal", "t1", "build lines 3-4")}${link("file", "f1")} `;
    assert.equal(textOfDoc(docFromText(text)), text);
  });

  it("makes one paragraph per line and one chip per link", () => {
    const doc = docFromText(`x\n${link("file", "f1")}\n`);
    assert.equal(doc.childCount, 1, "one line group");
    assert.equal(doc.child(0).childCount, 3);
    const chip = doc.child(0).child(1).firstChild!;
    assert.ok(isChip(chip));
    assert.deepEqual({ ...chipAttrs(chip), referenceId: "-" }, { kind: "file", contextId: "f1", label: "f1", referenceId: "-" });
    assert.match(chipAttrs(chip).referenceId, /^ref_[a-z0-9]{16}$/);
  });

  it("writes any text back with only its links made canonical (property)", () => {
    fc.assert(
      fc.property(texts, (text) => {
        const canonical = replaceComposerContextReferences(text, (occurrence) => formatComposerContextReference(occurrence));
        assert.equal(textOfDoc(docFromText(text)), canonical);
        assert.equal(textOfDoc(docFromText(canonical)), canonical);
      }),
    );
  });

  it("cannot keep a \"!\" typed right before a non-image chip: the link grammar reads it as the image form", () => {
    // The writer never escapes (docs/wire-format.md, "Reference links"), so "!" + "[a](…file…)" is the same text as the
    // image form of that link; parsing it again takes the "!" into the chip.
    const text = `!${link("file", "f1")}`;
    assert.equal(textOfDoc(docFromText(text)), link("file", "f1"));
  });

  it("lists referenced ids once each, in first-reference order", () => {
    const doc = docFromText(`${link("file", "b")} ${link("file", "a")}\n${link("file", "b")} ${link("skill", "c")}`);
    assert.deepEqual(referencedIdsOf(doc), ["b", "a", "c"]);
  });
});
