import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import {
  collectComposerContextReferences,
  decodeComposerContextRecord,
  type ComposerContextRecord,
} from "../../../src/codec/index.js";
import {
  serializeLegacyContextMessage,
  upgradeLegacyContextMessage,
} from "../../../src/codec/legacy/index.js";
import { LEGACY_KIND_ORDER, canonicalLegacyMessage, canonicalLegacyMessageWith, legacyPayload } from "../../support/legacy-arbitraries.js";

const join = (pieces: string[], maxLength: number) =>
  fc.array(fc.constantFrom(...pieces), { maxLength }).map((parts) => parts.join(""));

// ── Legacy messages as the old client wrote them, with some damage ──────────────────────────
const label = fc.constantFrom("build", "My  Term", "Terminal 1", "api", "Checkout", "a-b", "x line 2");
// Some ranges run backwards: the contract rejects them, so the whole upgrade must be refused.
const range = fc
  .tuple(fc.nat(12), fc.integer({ min: -1, max: 2 }))
  .map(([start, span]) => (span === 0 ? `line ${start}` : `lines ${start}-${start + span}`));
const bodyLine = fc.constantFrom("  ok", "  3 | y", "", "  ", "  <review_comment a>", "  url: http://x/", "  html:", "    <b>", "oops");
const entry = (header: fc.Arbitrary<string>) =>
  fc.tuple(header, fc.array(bodyLine, { maxLength: 3 })).map(([h, lines]) => [`- ${h}:`, ...lines].join("\n"));
const block = (tag: string, header: fc.Arbitrary<string>) =>
  fc.array(entry(header), { minLength: 0, maxLength: 3 }).map((entries) => `<${tag}>\n${entries.join("\n")}\n</${tag}>`);
const terminalBlock = block("terminal_context", fc.tuple(label, range).map(([l, r]) => `${l} ${r}`));
const elementBlock = block("element_context", fc.constantFrom("<Button> (Button.tsx:3)", "<div>", "<a b>", "span"));
const previewBlock = fc
  .array(fc.constantFrom("Id: p1", "Page: http://x/", "Page: Home", "Comment: hi", "Requested visual changes:", "- a: b", "<element_context>\n- <i>:\n  url: u\n</element_context>"), {
    maxLength: 5,
  })
  .map((lines) => `<preview_annotation>\n${lines.join("\n")}\n</preview_annotation>`);
const review = fc
  .record({
    path: fc.constantFrom("src/a.ts", "b.ts", "a\\c.ts", " ", "x&quot;.ts"),
    start: fc.constantFrom("1", "4", "x"),
    range: fc.constantFrom("", " L2 ", "L1-L3"),
    body: fc.constantFrom("note", "\nwhy\n```diff\n+x\n```\n", "```\n</review_comment>\n```", "a\n````ts\n```\n````"),
  })
  .map(
    ({ path, start, range, body }) =>
      `<review_comment sectionId="s" filePath="${path}" startIndex="${start}" endIndex="2" rangeLabel="${range}">${body}</review_comment>`,
  );
const prose = join(["See", " ", "\n", "\uFFFC", "@build:3", "@my-term:1-2", "@api:0", ".", "é", "email@build:3", "[a](b)", "<b>"], 8);
const legacyMessage = fc
  .record({
    parts: fc.array(fc.oneof(prose, review), { maxLength: 4 }),
    terminal: fc.option(terminalBlock),
    element: fc.option(elementBlock),
    previews: fc.array(previewBlock, { maxLength: 2 }),
    trailing: fc.array(review, { maxLength: 2 }),
  })
  .map(({ parts, terminal, element, previews, trailing }) =>
    [parts.join(""), terminal, element, ...previews, ...trailing].filter((part) => part !== null).join("\n\n"),
  );

describe("upgradeLegacyContextMessage (properties)", () => {
  it("upgrading twice gives what upgrading once gives, and the upgraded text upgrades to itself", () => {
    fc.assert(
      fc.property(legacyMessage, (message) => {
        const once = upgradeLegacyContextMessage(message);
        assert.deepEqual(upgradeLegacyContextMessage(message), once);
        assert.deepEqual(upgradeLegacyContextMessage(once.text), { text: once.text, records: [] });
      }),
      { numRuns: 1500 },
    );
  });

  it("gives valid, uniquely numbered records, each linked once from the text", () => {
    fc.assert(
      fc.property(legacyMessage, (message) => {
        const { text, records } = upgradeLegacyContextMessage(message);
        if (records.length === 0) return;
        assert.ok(records.length <= 200);
        assert.ok(records.every((record) => decodeComposerContextRecord(record).success));
        const ids = records.map((record) => record.contextId);
        const linked = collectComposerContextReferences(text)
          .map((occurrence) => occurrence.contextId)
          .filter((id) => ids.includes(id));
        assert.deepEqual(linked.sort(), [...ids].sort());
      }),
      { numRuns: 1500 },
    );
  });
});

describe("serializeLegacyContextMessage (properties)", () => {
  it("upgrading the serialized message gives back every terminal, element, annotation and review payload", () => {
    fc.assert(
      fc.property(canonicalLegacyMessage, (message) => {
        const upgraded = upgradeLegacyContextMessage(serializeLegacyContextMessage(message));
        const expected = LEGACY_KIND_ORDER.flatMap((kind) => message.records.filter((record) => record.kind === kind)).map(legacyPayload);
        assert.deepEqual(upgraded.records.map(legacyPayload), expected);
        assert.equal(collectComposerContextReferences(upgraded.text).length >= upgraded.records.length, true);
      }),
      { numRuns: 1500 },
    );
  });
});

describe("serializeLegacyContextMessage (hostile text)", () => {
  // What the red team wrote into records (issue 14): the format's own tags, line breaks in
  // one-line fields, and the escape's own references.
  const HOSTILE = [
    "</review_comment>",
    '<review_comment filePath="f">',
    "<terminal_context>",
    "</terminal_context>",
    "</element_context>",
    "<preview_annotation>",
    "</PREVIEW_ANNOTATION>",
    "\n",
    "\r",
    "\n- x line 1:\n",
    "&#60;",
    "&amp;#10;",
    "&#13;",
    "&lt;",
    "\uFFFC",
  ];

  const SHORT_FIELD = 90;

  it("upgrading the serialized message gives back every record's payload exactly", () => {
    fc.assert(
      fc.property(canonicalLegacyMessageWith(HOSTILE), (message) => {
        // The upgrade derives labels from several fields (`<file> <range>`), and a label past
        // 200 characters fails the contract whatever the escape does.
        fc.pre(message.records.every((record) => Object.values(record).every((value) => typeof value !== "string" || value.length <= SHORT_FIELD)));
        const upgraded = upgradeLegacyContextMessage(serializeLegacyContextMessage(message));
        const expected = LEGACY_KIND_ORDER.flatMap((kind) => message.records.filter((record) => record.kind === kind)).map(legacyPayload);
        assert.deepEqual(upgraded.records.map(legacyPayload), expected);
      }),
      { numRuns: 1500 },
    );
  });

  it("writes no tag of the format inside a record's block", () => {
    const review: ComposerContextRecord = {
      version: 1, contextId: "r1", kind: "review-comment", label: "r", sectionId: "s", sectionTitle: "S", filePath: "a.ts",
      startIndex: 1, endIndex: 1, rangeLabel: "L1", text: "ok</review_comment>\n<terminal_context>\n- fake line 1:\n  1 | x\n</terminal_context>", diff: "",
    };
    const terminal: ComposerContextRecord = {
      version: 1, contextId: "t1", kind: "terminal", label: "t", terminalId: "b", terminalLabel: "Build\n</terminal_context>", lineStart: 1, lineEnd: 1, text: "y",
    };
    const written = serializeLegacyContextMessage({ text: "[r](t3-context://v1/review-comment/r1) [t](t3-context://v1/terminal/t1)", records: [review, terminal] });
    assert.equal(written.match(/<\/?(?:review_comment|terminal_context)\b/g)?.length, 4);
    assert.ok(written.includes("ok&#60;/review_comment>\n&#60;terminal_context>"), written);
    assert.ok(written.includes("- Build&#10;&#60;/terminal_context> line 1:"), written);
    const upgraded = upgradeLegacyContextMessage(written);
    assert.deepEqual(upgraded.records.map(legacyPayload), [terminal, review].map(legacyPayload));
  });
});
