import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import {
  collectComposerContextReferences,
  decodeComposerContextRecord,
  formatComposerContextReference,
  serializeLegacyContextMessage,
  upgradeLegacyContextMessage,
  type ComposerContextRecord,
  type ElementDetails,
  type PreviewAnnotationContextRecord,
  type ReviewCommentContextRecord,
  type TerminalContextRecord,
} from "../../../src/codec/index.js";

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

// ── Canonical messages whose payloads the legacy format can carry ────────────────────────────
const safeText = (pieces: string[], maxLength = 6) =>
  join(pieces, maxLength).map((text) => text.trim()).filter((text) => text !== "");
const words = ["a", "B", "9", "é", ".", "-", "_", "(x)", " ", "line", "&", '"', "<", ">", "$"];
const multiline = (pieces: string[]) =>
  join([...pieces, "\n", "  "], 10).map((text) => text.replace(/\s+$/, ""));
const fileName = safeText(["src/", "a", ".tsx", "C:\\", "x", "-"], 4).filter((name) => !/:\d+$/.test(name));
const elementDetails: fc.Arbitrary<ElementDetails> = fc
  .record({
    pageUrl: fc.constantFrom("", "http://x/a", "https://example.com/checkout"),
    tagName: fc.constantFrom("button", "div"),
    componentName: fc.constantFrom(null, "SubmitButton", "Pay"),
    selector: fc.constantFrom(null, "#pay", ".a > b"),
    htmlPreview: multiline(["<b>", "x", "</b>", "</element_context>", "url: y"]),
    styles: multiline(["color: red;", "a"]),
    source: fc.option(
      fc.record({ fileName, lineNumber: fc.option(fc.nat(99)), column: fc.nat(9) }).map(({ fileName, lineNumber, column }) => ({
        functionName: "Fn",
        fileName,
        lineNumber,
        columnNumber: lineNumber === null ? null : column,
      })),
    ),
  })
  .map((details) => ({ ...details, pageTitle: "Title" }));

const roundTripRecord = (index: number): fc.Arbitrary<ComposerContextRecord> =>
  fc.oneof(
    fc
      .record({
        terminalLabel: safeText(words),
        lineStart: fc.nat(500),
        span: fc.nat(4),
        text: multiline(["ok", "3 | y", "é", "$ npm", "</terminal_context>"]),
        newline: fc.boolean(),
      })
      .map(
        ({ terminalLabel, lineStart, span, text, newline }): TerminalContextRecord => ({
          version: 1,
          contextId: `terminal_t${index}`,
          kind: "terminal",
          label: "any",
          terminalId: "t",
          terminalLabel,
          lineStart,
          lineEnd: lineStart + span,
          text: newline ? text + "\n" : text,
        }),
      ),
    elementDetails.map((details): ComposerContextRecord => ({ version: 1, contextId: `element_e${index}`, kind: "element", label: "el", ...details })),
    fc
      .record({
        annotationId: fc.constantFrom("", "ann1"),
        pageUrl: fc.constantFrom("https://example.com/", "http://localhost:3000/a"),
        comment: fc.constantFrom("", "Make it blue", "a Comment: b"),
        targetSummary: fc.constantFrom("", "1 selected element"),
        styleChanges: fc.array(fc.constantFrom("color: red → blue", "", "x"), { maxLength: 3 }),
        elements: fc.option(fc.array(elementDetails, { minLength: 1, maxLength: 2 })),
      })
      .map(
        ({ elements, ...fields }): PreviewAnnotationContextRecord => ({
          version: 1,
          contextId: `preview-annotation_p${index}`,
          kind: "preview-annotation",
          label: "p",
          pageTitle: "Checkout",
          ...fields,
          ...(elements ? { elements } : {}),
        }),
      ),
    fc
      .record({
        sectionId: safeText(words),
        sectionTitle: safeText(words),
        filePath: safeText(["src/", "a.ts", "\\", "x", " ", '"']),
        startIndex: fc.nat(50),
        span: fc.nat(5),
        rangeLabel: safeText(["L", "1", "-", " "]),
        text: multiline(["why", "`x`", "</review_comment", "&lt;", "é"]).map((text) => text.trim()),
        diff: join(["+ a", "\n", "```", "````", "</review_comment>", "- b", " "], 8),
        fenceLanguage: fc.option(fc.constantFrom("ts", "diff", "md"), { nil: undefined }),
      })
      .map(
        ({ span, fenceLanguage, ...fields }): ReviewCommentContextRecord => ({
          version: 1,
          contextId: `review-comment_r${index}`,
          kind: "review-comment",
          label: "r",
          ...fields,
          endIndex: fields.startIndex + span,
          ...(fenceLanguage === undefined ? {} : { fenceLanguage }),
        }),
      ),
    fc.constant<ComposerContextRecord>({ version: 1, contextId: `skill_s${index}`, kind: "skill", label: "$skill", name: "skill" }),
  );

/** What the legacy format carries of each record, as the upgrade reads it back. */
function payload(record: ComposerContextRecord): unknown {
  const element = (details: ElementDetails) => ({
    pageUrl: details.pageUrl,
    selector: details.selector,
    htmlPreview: details.htmlPreview,
    styles: details.styles,
    source: details.source && { fileName: details.source.fileName, lineNumber: details.source.lineNumber, columnNumber: details.source.columnNumber },
  });
  switch (record.kind) {
    case "terminal": {
      const { terminalLabel, lineStart, lineEnd, text } = record as TerminalContextRecord;
      return { kind: "terminal", terminalLabel, lineStart, lineEnd, text };
    }
    case "element":
      return { kind: "element", ...element(record as unknown as ElementDetails) };
    case "preview-annotation": {
      const { annotationId, pageUrl, comment, targetSummary, styleChanges, elements } = record as PreviewAnnotationContextRecord;
      return { kind: "preview-annotation", annotationId, pageUrl, comment, targetSummary, styleChanges, elements: (elements ?? []).map(element) };
    }
    case "review-comment": {
      const r = record as ReviewCommentContextRecord;
      return {
        kind: "review-comment",
        sectionId: r.sectionId,
        sectionTitle: r.sectionTitle,
        filePath: r.filePath,
        startIndex: r.startIndex,
        endIndex: r.endIndex,
        rangeLabel: r.rangeLabel,
        text: r.text,
        diff: r.diff,
        fenceLanguage: r.diff ? (r.fenceLanguage ?? "diff") : "diff",
      };
    }
    default:
      return undefined;
  }
}

const KIND_ORDER = ["terminal", "element", "preview-annotation", "review-comment"];
const canonicalMessage = fc
  .array(fc.nat(), { maxLength: 6 })
  .chain((seeds) => fc.tuple(...seeds.map((_, index) => roundTripRecord(index))))
  .chain((records) =>
    fc.tuple(fc.constant(records), fc.array(fc.constantFrom("see ", "and ", "\n", " ", "x"), { minLength: records.length, maxLength: records.length })),
  )
  .map(([records, prose]) => ({
    // Every record linked once, in order, so reviews come back in record order.
    text: records.map((record, index) => prose[index] + formatComposerContextReference(record)).join(""),
    records,
  }));

describe("serializeLegacyContextMessage (properties)", () => {
  it("upgrading the serialized message gives back every terminal, element, annotation and review payload", () => {
    fc.assert(
      fc.property(canonicalMessage, (message) => {
        const upgraded = upgradeLegacyContextMessage(serializeLegacyContextMessage(message));
        const expected = KIND_ORDER.flatMap((kind) => message.records.filter((record) => record.kind === kind)).map(payload);
        assert.deepEqual(upgraded.records.map(payload), expected);
        assert.equal(collectComposerContextReferences(upgraded.text).length >= upgraded.records.length, true);
      }),
      { numRuns: 1500 },
    );
  });
});
