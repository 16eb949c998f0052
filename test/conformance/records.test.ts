import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  decodeClipboardFragment,
  decodeClipboardHtml,
  decodeComposerContextRecord,
  decodeMessageContext,
  encodeClipboardHtml,
} from "../../src/codec/index.js";
import { loadVectors } from "../support/vectors.js";

const file = "records.json";

describe("records.json → decodeRecord", () => {
  for (const v of loadVectors(file, "decodeRecord")) {
    it(v.name, () => {
      const result = decodeComposerContextRecord(v.input);
      if (v.expected === "ok") {
        assert.equal(result.success, true, JSON.stringify(!result.success && result.issues));
        if ("decoded" in v) assert.deepEqual(result.success && result.output, v.decoded);
      } else {
        assert.equal(v.expected, "fail");
        assert.equal(result.success, false);
        assert.ok(!result.success && result.issues.length > 0);
      }
    });
  }
});

describe("records.json → decodeMessageContext", () => {
  for (const v of loadVectors(file, "decodeMessageContext")) {
    it(v.name, () => {
      const result = decodeMessageContext(v.input);
      if (v.expected === "ok") {
        assert.ok(result.success, JSON.stringify(!result.success && result.issues));
        assert.deepEqual(
          result.output.records.map((record) => record.contextId),
          v.decodedContextIds,
        );
        if ("decodedKinds" in v) {
          assert.deepEqual(
            result.output.records.map((record) => record.kind),
            v.decodedKinds,
          );
        }
      } else {
        assert.equal(v.expected, "throws");
        assert.equal(result.success, false);
        assert.ok(!result.success && result.issues.length > 0);
      }
    });
  }
});

/**
 * The one case where our decoder departs from the reference (docs/clipboard.md): our decoder reads a double-quoted
 * value up to the closing `"`, so an apostrophe inside it no longer breaks the HTML round trip.
 */
const APOSTROPHE_CASE = /^apostrophe in the fragment breaks the upstream HTML round trip/;

/** What the attribute of a `data-t3-context-fragment="…"` vector decodes to, by hand. */
function attributeJson(html: string): string {
  const start = html.indexOf('data-t3-context-fragment="') + 'data-t3-context-fragment="'.length;
  return decodeURIComponent(html.slice(start, html.indexOf('"', start)));
}

describe("records.json → clipboardFragment", () => {
  const cases = loadVectors(file, "clipboardFragment");
  it("has exactly one case overridden by Decision 5", () => {
    assert.equal(cases.filter((v) => APOSTROPHE_CASE.test(v.name)).length, 1);
  });
  for (const v of cases) {
    it(`${v.op as string}: ${v.name}`, () => {
      switch (v.op) {
        case "decodeFragment":
          assert.deepEqual(decodeClipboardFragment(v.input as string), v.expected);
          break;
        case "encodeClipboardHtml": {
          const input = v.input as { fragment: string; html?: string; text?: string };
          assert.equal(encodeClipboardHtml(input.fragment, { html: input.html, text: input.text }), v.expected);
          break;
        }
        case "decodeClipboardHtml": {
          const html = v.input as string;
          if (APOSTROPHE_CASE.test(v.name)) {
            assert.equal(v.expected, null, "the reference decoder gives null here");
            const expected = decodeClipboardFragment(attributeJson(html));
            assert.ok(expected !== null && expected.records.length === 1);
            assert.deepEqual(decodeClipboardHtml(html), expected);
          } else {
            assert.deepEqual(decodeClipboardHtml(html), v.expected);
          }
          break;
        }
        default:
          assert.fail(`unknown op ${String(v.op)}`);
      }
    });
  }
});
