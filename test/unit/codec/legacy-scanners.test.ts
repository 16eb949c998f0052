// Each legacy scanner replaces a pattern that docs/wire-format.md, "Legacy text" spells out. These properties run the
// pattern itself as the oracle on inputs built from the characters that matter to it.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { parseLegacyEntries } from "../../../src/codec/legacy/entries.js";
import { parseSourceLocation } from "../../../src/codec/legacy/records.js";
import { findReviewBlocks } from "../../../src/codec/legacy/review-blocks.js";
import { lastReviewFence } from "../../../src/codec/legacy/review-fence.js";
import { parseReviewAttributes } from "../../../src/codec/legacy/review-record.js";
import { cutTrailingReviews, type TokenSpan } from "../../../src/codec/legacy/review-tokens.js";
import { peelTrailingBlocks } from "../../../src/codec/legacy/trailing-blocks.js";

const RUNS = { numRuns: 3000 };

/** Strings glued from pieces that the pattern under test cares about. */
const textOf = (pieces: string[], maxLength = 40) =>
  fc.array(fc.constantFrom(...pieces), { maxLength }).map((parts) => parts.join(""));

describe("lastReviewFence equals the last match of the fence pattern", () => {
  const FENCE = /(`{3,})([^\s`]*)[^\n]*\n([\s\S]*?)\n\1/g;
  const oracle = (body: string) => {
    const match = [...body.matchAll(FENCE)].at(-1);
    return match && { index: match.index, language: match[2]!, content: match[3]! };
  };
  it("on backtick-heavy bodies", () => {
    fc.assert(
      fc.property(textOf(["`", "```", "````", "\n", " ", "ts", "x", "\t", "`x", "````ts\n", "\n```", "\n````"]), (body) => {
        assert.deepEqual(lastReviewFence(body), oracle(body));
      }),
      RUNS,
    );
  });
});

describe("parseReviewAttributes equals the attribute pattern", () => {
  const ATTRIBUTE = /([a-zA-Z][a-zA-Z0-9_-]*)="([^"]*)"/g;
  const unescape = (value: string) =>
    value.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
  const oracle = (source: string) => new Map([...source.matchAll(ATTRIBUTE)].map((m) => [m[1]!, unescape(m[2]!)]));
  it("on attribute-like sources", () => {
    fc.assert(
      fc.property(
        textOf(["a", "Z", "1", "_", "-", "=", '"', " ", "&", "amp;", "lt;", "quot;", "gt;", "filePath", "é", '1x="v"', '-a="b"', '_k="q"', '="']),
        (source) => assert.deepEqual(parseReviewAttributes(source), oracle(source)),
      ),
      RUNS,
    );
  });
});

describe("findReviewBlocks equals the opening and boundary patterns", () => {
  // docs/wire-format.md, "Legacy text" step 1, as the patterns it names: an opening is a review tag or a line-start
  // context block (skipped whole); after a review opening, fence lines and closing tags are
  // the boundaries.
  const OPENINGS =
    /<review_comment\b([^>]*)>|^<(terminal_context|element_context|preview_annotation)>\n[\s\S]*?\n<\/\2>/gm;
  const oracle = (text: string) => {
    const blocks: { start: number; end: number; attributes: string; body: string }[] = [];
    const openings = new RegExp(OPENINGS);
    for (let opening = openings.exec(text); opening; opening = openings.exec(text)) {
      if (opening[2]) continue;
      const bodyStart = openings.lastIndex;
      const boundaries = /^(`{3,})([^\n]*)$|<\/review_comment>/gm;
      boundaries.lastIndex = bodyStart;
      let fence = 0;
      let closed = false;
      for (let boundary = boundaries.exec(text); boundary; boundary = boundaries.exec(text)) {
        if (boundary[1]) {
          if (fence === 0) fence = boundary[1].length;
          else if (boundary[1].length >= fence && !boundary[2]!.trim()) fence = 0;
        } else if (fence === 0) {
          const end = boundaries.lastIndex;
          blocks.push({ start: opening.index, end, attributes: opening[1]!, body: text.slice(bodyStart, boundary.index) });
          openings.lastIndex = end;
          closed = true;
          break;
        }
      }
      if (!closed) break;
    }
    return blocks;
  };
  it("on review and context markup", () => {
    fc.assert(
      fc.property(
        textOf([
          "<review_comment",
          "<review_comments",
          " a",
          ">",
          "</review_comment>",
          "\n",
          "\r",
          "\u2028",
          "```",
          "````",
          "`",
          " ",
          "x",
          "<terminal_context>\n",
          "\n</terminal_context>",
          "<element_context>\n",
          "\n</element_context>",
          "<preview_annotation>\n",
          "\n</preview_annotation>",
        ]),
        (text) => assert.deepEqual(findReviewBlocks(text), oracle(text)),
      ),
      RUNS,
    );
  });
  it("on line-structured reviews with fences", () => {
    const line = fc.constantFrom(
      "<review_comment a=\"1\">",
      "x <review_comment>note",
      "</review_comment>",
      "a </review_comment> b",
      "```",
      "```diff",
      "```` ",
      "````",
      "``` x",
      "`````",
      "``",
      "",
      " ",
      "<terminal_context>",
      "</terminal_context>",
      "<preview_annotation>",
      "</preview_annotation>",
    );
    const terminator = fc.constantFrom("\n", "\n", "\n", "\r", "\r\n", "\u2029");
    const text = fc
      .array(fc.tuple(line, terminator), { maxLength: 16 })
      .map((lines) => lines.map(([content, end]) => content + end).join(""));
    fc.assert(
      fc.property(text, (text) => assert.deepEqual(findReviewBlocks(text), oracle(text))),
      RUNS,
    );
  });
});

describe("cutTrailingReviews equals the trailing token pattern", () => {
  it("on texts with tokens among whitespace and words", () => {
    const token = "\uE000";
    fc.assert(
      fc.property(fc.array(fc.constantFrom("T", " ", "\n", "x", "\uE000", "7"), { maxLength: 30 }), (parts) => {
        // "T" stands for the next token; build the text and its spans together.
        let text = "";
        const spans: TokenSpan[] = [];
        for (const part of parts) {
          if (part !== "T") {
            text += part;
            continue;
          }
          const tokenText = token + spans.length + token;
          spans.push({ start: text.length, end: text.length + tokenText.length, review: spans.length });
          text += tokenText;
        }
        // With literal U+E000 in the text the real token is longer; the spans still say where
        // the tokens are, so the oracle runs on a text where the token is unique.
        const unique = "\uE001";
        let marked = "";
        let cursor = 0;
        for (const span of spans) {
          marked += text.slice(cursor, span.start) + unique + span.review + unique;
          cursor = span.end;
        }
        marked += text.slice(cursor);
        const match = new RegExp(`(?:\\s*${unique}\\d+${unique})+\\s*$`).exec(marked);
        const actual = cutTrailingReviews(text, spans);
        if (!match) {
          assert.deepEqual(actual, { end: text.length, reviews: [] });
          return;
        }
        const reviews = [...match[0].matchAll(new RegExp(`${unique}(\\d+)${unique}`, "g"))].map((m) => Number(m[1]));
        assert.deepEqual(actual.reviews, reviews);
        const kept = marked.slice(0, match.index).replace(/\n+$/, "");
        assert.equal(text.slice(0, actual.end), kept.replace(new RegExp(`${unique}(\\d+)${unique}`, "g"), (_, i: string) => token + i + token));
      }),
      RUNS,
    );
  });
});

describe("peelTrailingBlocks equals the three trailing patterns", () => {
  const PREVIEW = /\n*<preview_annotation>\n((?:(?!\n<\/preview_annotation>)[\s\S])*)\n<\/preview_annotation>\s*$/;
  const ELEMENT = /\n*<element_context>\n([\s\S]*?)\n<\/element_context>\s*$/;
  const TERMINAL = /\n*<terminal_context>\n([\s\S]*?)\n<\/terminal_context>\s*$/;
  const oracle = (text: string) => {
    let rest = text;
    const previews: string[] = [];
    const elements: unknown[] = [];
    const terminals: unknown[] = [];
    for (;;) {
      const preview = PREVIEW.exec(rest);
      if (preview) {
        previews.unshift(preview[1]!);
        rest = rest.slice(0, preview.index).replace(/\n+$/, "");
        continue;
      }
      const element = ELEMENT.exec(rest);
      const terminal = element ? null : TERMINAL.exec(rest);
      const match = element ?? terminal;
      if (!match) break;
      const entries = parseLegacyEntries(match[1]!);
      const headerOk = element
        ? (header: string) => /^<[^>]+>/.test(header)
        : (header: string) => !!/^(.*?) (?:line (\d+)|lines (\d+)-(\d+))$/.exec(header)?.[1]!.trim();
      if (!entries?.length || !entries.every((entry) => headerOk(entry.header))) return null;
      (element ? elements : terminals).unshift(...entries!);
      rest = rest.slice(0, match.index).replace(/\n+$/, "");
    }
    return { end: rest.length, terminals, elements, previews };
  };
  it("on stacks of blocks", () => {
    fc.assert(
      fc.property(
        textOf(
          [
            "<preview_annotation>\n",
            "<preview_annotation>",
            "\n</preview_annotation>",
            "<element_context>\n",
            "<element_context>",
            "\n</element_context>",
            "<terminal_context>\n",
            "\n</terminal_context>",
            "- <b>:",
            "- T line 1:",
            "  x",
            "\n",
            " ",
            "Page: p",
          ],
          24,
        ),
        (text) => assert.deepEqual(peelTrailingBlocks(text, text.length), oracle(text)),
      ),
      RUNS,
    );
  });
});

describe("parseSourceLocation equals the location pattern", () => {
  const LOCATION = /^(.*?)(?::(\d+))?(?::(\d+))?$/;
  const oracle = (location: string) => {
    const match = LOCATION.exec(location)!;
    if (!match[1]) return null;
    return {
      functionName: null,
      fileName: match[1],
      lineNumber: match[2] === undefined ? null : Number(match[2]),
      columnNumber: match[3] === undefined ? null : Number(match[3]),
    };
  };
  it("on colon and digit soup", () => {
    fc.assert(
      fc.property(textOf([":", "1", "23", "a", "C", "\\", "/", "x.ts"], 12), (location) =>
        assert.deepEqual(parseSourceLocation(location), oracle(location)),
      ),
      RUNS,
    );
  });
});
