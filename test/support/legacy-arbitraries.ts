// Canonical messages whose payloads the legacy format can carry (terminals, elements,
// annotations, reviews, and a skill that becomes a plain label), and what of each record the
// legacy format carries back. Shared by the legacy property tests and the fuzz properties.
import fc from "fast-check";
import {
  formatComposerContextReference,
  type ComposerContextRecord,
  type ElementDetails,
  type PreviewAnnotationContextRecord,
  type ReviewCommentContextRecord,
  type TerminalContextRecord,
} from "../../src/codec/index.js";

const join = (pieces: string[], maxLength: number) =>
  fc.array(fc.constantFrom(...pieces), { maxLength }).map((parts) => parts.join(""));

/** The record arbitraries, each text drawn from its own pieces plus `hostile`. */
function recordArbitraries(hostile: readonly string[]) {
  const safeText = (pieces: string[], maxLength = 6) =>
    join([...pieces, ...hostile], maxLength).map((text) => text.trim()).filter((text) => text !== "");
  const words = ["a", "B", "9", "é", ".", "-", "_", "(x)", " ", "line", "&", '"', "<", ">", "$"];
  const multiline = (pieces: string[]) =>
    join([...pieces, ...hostile, "\n", "  "], 10).map((text) => text.replace(/\s+$/, ""));
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
  return roundTripRecord;
}

/** What the legacy format carries of each record, as the upgrade reads it back. */
export function legacyPayload(record: ComposerContextRecord): unknown {
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

/** The order the upgrade returns records in. */
export const LEGACY_KIND_ORDER = ["terminal", "element", "preview-annotation", "review-comment"];
/** Text linking each of up to six records once, in order, and the records. */
/**
 * Canonical messages the legacy format can carry, each text drawn from its field's pieces plus
 * `hostile` (what the legacy escape must survive: tags of the format, line breaks, references).
 */
export function canonicalLegacyMessageWith(hostile: readonly string[]): fc.Arbitrary<{ text: string; records: ComposerContextRecord[] }> {
  const roundTripRecord = recordArbitraries(hostile);
  return fc
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
}

export const canonicalLegacyMessage = canonicalLegacyMessageWith([]);
