// fast-check arbitraries for v1 records: valid records of every kind (with strings full of the
// characters that break codecs), and mutations of them that may or may not stay valid.
import fc from "fast-check";
import { isKnownContextKind } from "../../src/codec/index.js";

/** One character that codecs tend to get wrong, or any code point, or a lone surrogate. */
export const trickyUnit: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("'", '"', "<", ">", "&", "\\", "%", "%27", " ", "\n", "\r", "\t", "\u00a0", "\u2028", "é", "漢", "😀"),
  fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
  fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 }),
);

/** A string of tricky units; `maxUnits` units are at most twice as many UTF-16 code units. */
export const trickyString = (maxUnits = 20): fc.Arbitrary<string> => fc.string({ unit: trickyUnit, maxLength: maxUnits });

/** A string with some non-whitespace in it, possibly padded with whitespace on either side. */
export const nonBlank = (maxUnits = 20): fc.Arbitrary<string> =>
  fc
    .tuple(fc.constantFrom("", " ", "\t", " \n"), trickyString(maxUnits), fc.constantFrom("a", "Z", "9", "é", "😀", "'"), fc.constantFrom("", " ", "\u00a0"))
    .map(([before, body, anchor, after]) => before + anchor + body + after);

const paddedId: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom("", " ", "\t"), fc.stringMatching(/^[a-zA-Z0-9_-]{1,40}$/), fc.constantFrom("", " ", "\n"))
  .map(([before, id, after]) => before + id + after);

const nullable = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });
const count = fc.nat({ max: 1_000_000 });

const base = { version: fc.constant(1 as const), contextId: paddedId, label: trickyString(60) };

const attachment = {
  ...base,
  attachmentId: paddedId,
  name: nonBlank(),
  mimeType: nonBlank(10),
  sizeBytes: fc.maxSafeNat(),
};

const source = nullable(
  fc.record({
    functionName: nullable(trickyString()),
    fileName: nullable(trickyString()),
    lineNumber: nullable(count),
    columnNumber: nullable(count),
  }),
);

const elementDetails = {
  pageUrl: trickyString(),
  pageTitle: nullable(trickyString()),
  tagName: nonBlank(),
  selector: nullable(trickyString()),
  htmlPreview: trickyString(80),
  componentName: nullable(trickyString()),
  source,
  styles: trickyString(40),
};

const range = fc.tuple(count, count).map(([a, b]): [number, number] => (a <= b ? [a, b] : [b, a]));

const terminal = fc
  .tuple(fc.record({ ...base, kind: fc.constant("terminal"), terminalId: nonBlank(), terminalLabel: nonBlank(), text: trickyString(80) }), range)
  .map(([record, [lineStart, lineEnd]]) => ({ ...record, lineStart, lineEnd }));

const pullRequest = fc.record({
  number: fc.integer({ min: 1, max: 100_000 }),
  title: trickyString(),
  url: trickyString(),
  headBranch: trickyString(),
  baseBranch: trickyString(),
  state: fc.constantFrom("open", "closed", "merged"),
  isDraft: fc.boolean(),
});

const review = fc
  .tuple(
    fc.record(
      {
        ...base,
        kind: fc.constant("review-comment"),
        sectionId: nonBlank(),
        sectionTitle: trickyString(),
        filePath: nonBlank(),
        rangeLabel: trickyString(),
        text: trickyString(60),
        diff: trickyString(60),
        fenceLanguage: trickyString(10),
        pullRequest,
      },
      { requiredKeys: ["version", "contextId", "label", "kind", "sectionId", "sectionTitle", "filePath", "rangeLabel", "text", "diff"] },
    ),
    range,
  )
  .map(([record, [startIndex, endIndex]]) => ({ ...record, startIndex, endIndex }));

const annotation = fc.record(
  {
    ...base,
    kind: fc.constant("preview-annotation"),
    annotationId: trickyString(),
    pageUrl: trickyString(),
    pageTitle: nullable(trickyString()),
    comment: trickyString(60),
    targetSummary: trickyString(),
    styleChanges: fc.array(trickyString(), { maxLength: 4 }),
    elements: fc.array(fc.record(elementDetails), { maxLength: 2 }),
    elementIds: fc.array(trickyString(), { maxLength: 3 }),
    styleChangeDetails: fc.array(
      fc.record({ targetId: trickyString(), selector: nullable(trickyString()), property: trickyString(), previousValue: trickyString(), value: trickyString() }),
      { maxLength: 3 },
    ),
    screenshotContextId: paddedId,
    regionCount: count,
    strokeCount: count,
  },
  { requiredKeys: ["version", "contextId", "label", "kind", "annotationId", "pageUrl", "pageTitle", "comment", "targetSummary", "styleChanges"] },
);

const openKind = fc
  .tuple(fc.constantFrom("", " "), fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/), fc.constantFrom("", "\t"))
  .filter(([, kind]) => !isKnownContextKind(kind))
  .map(([before, kind, after]) => before + kind + after);

/** A valid record of any kind (before decoding: ids and names may still need trimming). */
export const validRecord: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.record({ ...attachment, kind: fc.constant("image") }),
  fc.record({ ...attachment, kind: fc.constant("file") }),
  terminal,
  fc.record({ ...base, kind: fc.constant("element"), ...elementDetails }),
  annotation,
  review,
  fc.record({ ...base, kind: fc.constant("mention"), path: nonBlank() }),
  fc.record({ ...base, kind: fc.constant("skill"), name: nonBlank() }),
  fc.record({ ...base, kind: openKind, payload: fc.jsonValue({ maxDepth: 3 }) }),
);

/** Changes one top-level field of a record: a new value, a deleted key or an extra key. */
export function mutated(values: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(validRecord, fc.nat(), fc.constantFrom("set", "delete", "add", "nested"), values, fc.string({ maxLength: 8 }))
    .map(([record, pick, how, value, extraKey]) => {
      const copy: Record<string, unknown> = { ...record };
      const keys = Object.keys(copy);
      const key = keys[pick % keys.length]!;
      if (how === "set") copy[key] = value;
      else if (how === "delete") delete copy[key];
      else if (how === "add") copy[extraKey] = value;
      else {
        // Reach one level down where there is an object (source, pullRequest, elements…).
        const inner = copy[key];
        if (inner !== null && typeof inner === "object") {
          const innerCopy = (Array.isArray(inner) ? [...inner] : { ...inner }) as Record<string, unknown>;
          const innerKeys = Object.keys(innerCopy);
          const innerKey = innerKeys.length > 0 ? innerKeys[pick % innerKeys.length]! : extraKey;
          innerCopy[innerKey] = value;
          copy[key] = innerCopy;
        } else copy[key] = value;
      }
      return copy;
    });
}

/**
 * Every kind of JavaScript value fast-check knows, BigInt, Map, boxed values, typed and sparse
 * arrays included; `maxDepth` bounds the nesting (fast-check's default otherwise).
 */
export function anyValue(maxDepth?: number): fc.Arbitrary<unknown> {
  return fc.anything({
    ...(maxDepth === undefined ? {} : { maxDepth }),
    withBigInt: true,
    withBoxedValues: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withNullPrototype: true,
    withObjectString: true,
    withSparseArray: true,
    withTypedArray: true,
  });
}
