import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import {
  ClipboardFragmentSchema,
  decodeClipboardFragment,
  decodeClipboardHtml,
  decodeComposerContextRecord,
  decodeMessageContext,
  encodeClipboardFragment,
  encodeClipboardHtml,
  type ClipboardFragment,
} from "../../src/codec/index.js";
import { decodeWith } from "../../src/contract/decode.js";
import { anyValue, mutated, nonBlank, trickyString, validRecord } from "../support/record-arbitraries.js";

/** Re-parsed as the wire would deliver it (fast-check's JSON values include -0, JSON has none). */
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const anything = anyValue();

describe("decoders never throw", () => {
  it("decodeComposerContextRecord on any JSON value", () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => void decodeComposerContextRecord(value)));
  });

  it("decodeComposerContextRecord on any JavaScript value", () => {
    fc.assert(fc.property(anything, (value) => void decodeComposerContextRecord(value)));
  });

  it("decodeComposerContextRecord on mutated valid records", () => {
    fc.assert(fc.property(mutated(anything), (value) => void decodeComposerContextRecord(value)), { numRuns: 500 });
  });

  it("decodeMessageContext on any JSON or JavaScript value", () => {
    fc.assert(fc.property(fc.oneof(fc.jsonValue(), anything), (value) => void decodeMessageContext(value)));
  });

  it("decodeMessageContext on contexts of mutated records", () => {
    const context = fc.record({ version: fc.constant(1), records: fc.array(fc.oneof(validRecord, mutated(anything)), { maxLength: 8 }) });
    fc.assert(fc.property(context, (value) => void decodeMessageContext(value)), { numRuns: 300 });
  });

  it("the clipboard decoders on any string", () => {
    const html = fc.tuple(trickyString(40), fc.constantFrom("", 'data-t3-context-fragment="', "data-t3-context-fragment='"), trickyString(40));
    fc.assert(
      fc.property(fc.string(), html, (text, [before, attribute, after]) => {
        decodeClipboardFragment(text);
        decodeClipboardHtml(text);
        decodeClipboardHtml(before + attribute + after);
      }),
    );
  });
});

describe("decoding", () => {
  it("accepts every valid record", () => {
    fc.assert(
      fc.property(validRecord, (record) => {
        const result = decodeComposerContextRecord(record);
        assert.ok(result.success, JSON.stringify(!result.success && result.issues));
      }),
      { numRuns: 500 },
    );
  });

  it("is idempotent: a decoded record decodes to itself", () => {
    fc.assert(
      fc.property(fc.oneof(validRecord, mutated(fc.jsonValue())), (input) => {
        const first = decodeComposerContextRecord(input);
        if (!first.success) return;
        const second = decodeComposerContextRecord(first.output);
        assert.ok(second.success);
        assert.deepEqual(second.output, first.output);
      }),
      { numRuns: 500 },
    );
  });

  it("is idempotent on message contexts", () => {
    const context = fc.record({ version: fc.constant(1), records: fc.array(fc.oneof(validRecord, mutated(fc.jsonValue())), { maxLength: 6 }) });
    fc.assert(
      fc.property(context, (input) => {
        const first = decodeMessageContext(input);
        if (!first.success) return;
        const second = decodeMessageContext(first.output);
        assert.ok(second.success);
        assert.deepEqual(second.output, first.output);
      }),
      { numRuns: 200 },
    );
  });

  it("keeps only declared keys: a decoded record survives JSON unchanged", () => {
    fc.assert(
      fc.property(fc.oneof(validRecord, mutated(fc.jsonValue())), (input) => {
        const result = decodeComposerContextRecord(asJson(input));
        if (result.success) assert.deepEqual(JSON.parse(JSON.stringify(result.output)), result.output);
      }),
      { numRuns: 300 },
    );
  });
});

/** A fragment as a decoder returns it: normalized, so a round trip must give it back exactly. */
const fragment: fc.Arbitrary<ClipboardFragment> = fc
  .record(
    {
      version: fc.constant(1),
      source: fc.record({ environmentId: nonBlank(), threadId: nonBlank(), messageId: nonBlank() }, { requiredKeys: ["environmentId"] }),
      records: fc.array(validRecord, { maxLength: 5 }),
    },
    { requiredKeys: ["version", "source", "records"] },
  )
  .map((raw) => {
    // Through JSON first: a fragment only ever arrives as JSON, which has no -0 to give back.
    const result = decodeWith(ClipboardFragmentSchema, asJson(raw));
    assert.ok(result.success);
    return result.output;
  });

describe("clipboard round trips", () => {
  it("fragment JSON: decode(encode(f)) equals f", () => {
    fc.assert(
      fc.property(fragment, (value) => {
        const json = encodeClipboardFragment(value);
        assert.ok(json !== null);
        assert.deepEqual(decodeClipboardFragment(json), value);
      }),
      { numRuns: 300 },
    );
  });

  it("HTML flavor with text: decodeClipboardHtml(encodeClipboardHtml(…)) equals f", () => {
    fc.assert(
      fc.property(fragment, trickyString(40), (value, text) => {
        const html = encodeClipboardHtml(encodeClipboardFragment(value)!, { text });
        assert.deepEqual(decodeClipboardHtml(html), value);
      }),
      { numRuns: 300 },
    );
  });

  it("HTML flavor with caller HTML, even HTML that mentions the attribute", () => {
    const callerHtml = fc
      .tuple(trickyString(20), fc.constantFrom("", "data-t3-context-fragment=\"%7B%7D\"", "<b data-t3-context-fragment='x'>"), trickyString(20))
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(fragment, callerHtml, (value, html) => {
        const encoded = encodeClipboardHtml(encodeClipboardFragment(value)!, { html });
        assert.ok(encoded.endsWith(`>${html}</div>`));
        assert.deepEqual(decodeClipboardHtml(encoded), value);
      }),
      { numRuns: 200 },
    );
  });

  it("the HTML attribute holds no raw quote of either kind", () => {
    fc.assert(
      fc.property(fragment, (value) => {
        const html = encodeClipboardHtml(encodeClipboardFragment(value)!, { text: "" });
        const attribute = html.slice(html.indexOf('="') + 2, html.indexOf('">'));
        assert.doesNotMatch(attribute, /["'<>&\s]/);
      }),
    );
  });
});
