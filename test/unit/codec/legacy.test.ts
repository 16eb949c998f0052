import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  type ComposerContextRecord,
  type ReviewCommentContextRecord,
} from "../../../src/codec/index.js";
import {
  resolveUserMessageContext,
  serializeLegacyContextMessage,
  upgradeLegacyContextMessage,
} from "../../../src/codec/legacy/index.js";

const REVIEW_OPEN = '<review_comment sectionId="s" filePath="f.ts" startIndex="1" endIndex="1">';
const reviewBlock = (body: string) => `${REVIEW_OPEN}${body}</review_comment>`;
const REVIEW_LINK = "[f.ts line](t3-context://v1/review-comment/legacy_review-comment_1)";
const BUILD_BLOCK = "\n<terminal_context>\n- Build line 7:\n  x\n</terminal_context>";
const BUILD_LINK = "[Build line 7](t3-context://v1/terminal/legacy_terminal_1)";

/** The one review record an upgrade of `body` in a block gives, or `undefined`. */
function reviewOf(body: string): ReviewCommentContextRecord | undefined {
  const { text, records } = upgradeLegacyContextMessage(reviewBlock(body));
  if (records.length === 0) return undefined;
  assert.equal(text, REVIEW_LINK);
  return records[0] as ReviewCommentContextRecord;
}

describe("upgradeLegacyContextMessage: review blocks", () => {
  it("keeps a closing tag and shorter fences inside a four-backtick fence as diff", () => {
    const record = reviewOf("\nnote\n````diff\n```\n</review_comment>\n```\n````\n");
    assert.equal(record?.text, "note");
    assert.equal(record?.diff, "```\n</review_comment>\n```");
  });

  it("takes the last fence as the diff and keeps earlier fences in the text", () => {
    const record = reviewOf("\nsee\n```js\na\n```\nthen\n```py\nb\n```\n");
    assert.deepEqual([record?.text, record?.diff, record?.fenceLanguage], ["see\n```js\na\n```\nthen", "b", "py"]);
  });

  it("gives a fence closed by fewer backticks no info word, so the language is diff", () => {
    // The block scan sees the two short fence lines as a fence of their own, opened and closed.
    const record = reviewOf("note ````ts\nx\n```\n```\n");
    assert.deepEqual([record?.text, record?.diff, record?.fenceLanguage], ["note", "x", "diff"]);
  });

  it("treats a closing tag on a fence line as content", () => {
    assert.equal(reviewOf("\n``` </review_comment>\nx\n```\n")?.diff, "x");
  });

  it("sees a fence line after a carriage return, as a multiline ^ does", () => {
    assert.equal(reviewOf("\r```\n</review_comment>\n```\n")?.diff, "</review_comment>");
  });

  it("reads quoted attributes only, the last of a repeated name winning", () => {
    const { records } = upgradeLegacyContextMessage(
      '<review_comment filePath=x filePath="a.ts" sectionId="s" startIndex="1" endIndex="1" filePath="b.ts">n</review_comment>',
    );
    assert.equal((records[0] as ReviewCommentContextRecord).filePath, "b.ts");
  });

  it("leaves a block with a signed index as text", () => {
    const text = '<review_comment filePath="a.ts" sectionId="s" startIndex="-1" endIndex="1">n</review_comment>';
    assert.deepEqual(upgradeLegacyContextMessage(text), { text, records: [] });
  });

  it("leaves a block whose label would pass 200 characters as text", () => {
    const text = `<review_comment filePath="${"x".repeat(200)}.ts" sectionId="s" startIndex="1" endIndex="1">n</review_comment>`;
    assert.deepEqual(upgradeLegacyContextMessage(text), { text, records: [] });
  });

  it("converts 200 reviews and refuses 201", () => {
    const converted = upgradeLegacyContextMessage(reviewBlock("n").repeat(200));
    assert.equal(converted.records.length, 200);
    assert.equal(converted.records[199]!.contextId, "legacy_review-comment_200");
    const refused = reviewBlock("n").repeat(201);
    assert.deepEqual(upgradeLegacyContextMessage(refused), { text: refused, records: [] });
  });

  it("leaves a review token in a payload when the review sat in a block that does not start a line (reference behaviour)", () => {
    const text = "x<terminal_context>\n- T line 1:\n  " + reviewBlock("n") + "\n</terminal_context>";
    const { text: upgraded, records } = upgradeLegacyContextMessage(text);
    assert.equal(upgraded, "x\n\n[T line 1](t3-context://v1/terminal/legacy_terminal_1)");
    assert.deepEqual(
      records.map((record) => record.contextId),
      ["legacy_terminal_1", "legacy_review-comment_1"],
    );
    assert.equal((records[0] as { text: string }).text, "\uE0000\uE000");
  });

  it("returns such a message unchanged when its token would be 128 characters or more", () => {
    const text = "\uE000".repeat(64) + "x<terminal_context>\n- T line 1:\n  " + reviewBlock("n") + "\n</terminal_context>";
    assert.deepEqual(upgradeLegacyContextMessage(text), { text, records: [] });
  });

  it("places reviews normally when the text holds a long run of U+E000", () => {
    const run = "\uE000".repeat(100);
    assert.deepEqual(upgradeLegacyContextMessage(`${run} ${reviewBlock("n")} ${run}`).text, `${run} ${REVIEW_LINK} ${run}`);
  });
});

describe("upgradeLegacyContextMessage: trailing blocks", () => {
  it("refuses two trailing terminal blocks: the lazy body runs to the last close (reference behaviour)", () => {
    const text = "a\n<terminal_context>\n- T line 1:\n  x\n</terminal_context>\n<terminal_context>\n- U line 2:\n  y\n</terminal_context>";
    assert.deepEqual(upgradeLegacyContextMessage(text), { text, records: [] });
  });

  it("strips `N | ` and `N |` line prefixes but not `N|`", () => {
    const { records } = upgradeLegacyContextMessage("a\n<terminal_context>\n- T lines 12-14:\n  12 |x\n  13 | y\n  14| z\n</terminal_context>");
    assert.equal((records[0] as { text: string }).text, "x\ny\n14| z");
  });

  it("takes an annotation's page as its title and its first element's url when the page is no URL", () => {
    const { records } = upgradeLegacyContextMessage(
      "<preview_annotation>\nPage: Home\n<element_context>\n- <a>:\n  url: http://h/\n</element_context>\n</preview_annotation>",
    );
    assert.deepEqual(
      [records[0]!.label, (records[0] as { pageTitle: string }).pageTitle, (records[0] as { pageUrl: string }).pageUrl],
      ["Home", "Home", "http://h/"],
    );
  });

  it("refuses the upgrade when a nested element block is malformed", () => {
    const text = "<preview_annotation>\nPage: Home\n<element_context>\nbad\n</element_context>\n</preview_annotation>";
    assert.deepEqual(upgradeLegacyContextMessage(text), { text, records: [] });
  });

  it("refuses an element whose tag has spaces around it: the contract wants tag names trimmed as they are", () => {
    const text = "<element_context>\n- < div >:\n  url: http://x/\n</element_context>";
    assert.deepEqual(upgradeLegacyContextMessage(text), { text, records: [] });
  });

  it("reads source locations with the shortest file part", () => {
    const { records } = upgradeLegacyContextMessage("<element_context>\n- <a>:\n  source: a:1:2:3\n- <b>:\n  source: :5\n</element_context>");
    assert.deepEqual(
      records.map((record) => (record as { source: unknown }).source),
      [{ functionName: null, fileName: "a:1", lineNumber: 2, columnNumber: 3 }, null],
    );
  });
});

describe("upgradeLegacyContextMessage: text with markers that convert nothing", () => {
  it("still loses its trailing whitespace (reference behaviour)", () => {
    assert.deepEqual(upgradeLegacyContextMessage("a <review_comment \n\n"), { text: "a <review_comment", records: [] });
  });
});

describe("upgradeLegacyContextMessage: binding terminals in the text", () => {
  const placed = (prose: string) => upgradeLegacyContextMessage(prose + BUILD_BLOCK).text;

  it("replaces an inline label between brackets, after an emoji, or before `@ `", () => {
    assert.equal(placed("(@build:7)"), `(${BUILD_LINK})`);
    assert.equal(placed("😀@build:7"), `😀${BUILD_LINK}`);
    assert.equal(placed("@build:7@ next"), `${BUILD_LINK}@ next`);
  });

  it("leaves an inline label glued to a mark, a letter outside the BMP, a dot, `@x` or `-`", () => {
    for (const prose of ["@build:7\u0301 a", "𝐀@build:7", "x.@build:7", "@build:7@x", "@build:7-"]) {
      assert.equal(placed(prose), `${prose}\n\n${BUILD_LINK}`, prose);
    }
  });

  it("binds placeholders first: a terminal placed at U+FFFC is not looked for inline", () => {
    assert.equal(placed("\uFFFC and @build:7"), `${BUILD_LINK} and @build:7`);
  });

  it("removes placeholders that have no terminal, even with no records to return", () => {
    assert.deepEqual(upgradeLegacyContextMessage("\uFFFC hi \uFFFC"), { text: " hi", records: [] });
  });

  // Fuzz counterexample (legacy.upgrade): step 5 restores review links before it binds
  // placeholders, so a U+FFFC inside a review's label takes the terminal, as in the reference.
  it("binds a terminal to a U+FFFC inside a review link's label (reference order of step 5)", () => {
    const review = '<review_comment sectionId="s" filePath="\uFFFC.ts" startIndex="1" endIndex="2" rangeLabel="">note</review_comment>';
    const { text, records } = upgradeLegacyContextMessage(`${review}\n\n<terminal_context>\n- build line 0:\n</terminal_context>`);
    assert.equal(text, "[[build line 0](t3-context://v1/terminal/legacy_terminal_1).ts line](t3-context://v1/review-comment/legacy_review-comment_1)");
    assert.deepEqual(records.map((record) => record.contextId), ["legacy_terminal_1", "legacy_review-comment_1"]);
  });

  // Fuzz counterexample (legacy.idempotent): a stray U+FFFC is removed even when nothing
  // converts, and removing it can complete a closing tag that a second upgrade then reads.
  it("is not idempotent when removing a stray U+FFFC completes a review block (reference behaviour)", () => {
    const text = '\n\n<review_comment sectionId="s" filePath="src/a.ts" startIndex="1" endIndex="2" rangeLabel="">note<\uFFFC/review_comment>';
    const once = upgradeLegacyContextMessage(text);
    assert.deepEqual(once, { text: text.replace("\uFFFC", ""), records: [] });
    assert.equal(upgradeLegacyContextMessage(once.text).text, "[a.ts line](t3-context://v1/review-comment/legacy_review-comment_1)");
  });

  // Fuzz counterexample (legacy.upgrade, seed 20261130), shrunk by hand: step 1 skips only blocks
  // that start a line, so the review inside this one becomes a token, which the peeled preview
  // then carries off. The review's record is returned, its link is not (reference behaviour).
  it("returns a review inside a block that opens mid-line as a record without a link (reference behaviour)", () => {
    const review = '<review_comment sectionId="s" filePath="f.ts" startIndex="1" endIndex="1">note</review_comment>';
    const { text, records } = upgradeLegacyContextMessage(`x<preview_annotation>\nPage: P\n${review}\n</preview_annotation>`);
    assert.equal(text, "x\n\n[P](t3-context://v1/preview-annotation/legacy_preview-annotation_1)");
    assert.deepEqual(records.map((record) => record.contextId), ["legacy_preview-annotation_1", "legacy_review-comment_1"]);
  });

  // Fuzz counterexample (legacy.idempotent, seed 20261130), shrunk by hand: step 1 skips the
  // leading block up to the first closing line, which belongs to the nested block of the trailing
  // annotation. Once that annotation is peeled, a second upgrade no longer skips the review.
  it("is not idempotent when a skipped block's only closing line was peeled (reference behaviour)", () => {
    const review = '<review_comment sectionId="s" filePath="f.ts" startIndex="1" endIndex="1">note</review_comment>';
    const annotation = "<preview_annotation>\nPage: P\n<element_context>\n- <i>:\n</element_context>\n</preview_annotation>";
    const once = upgradeLegacyContextMessage(`<element_context>\n${review}\n\n${annotation}`);
    assert.equal(once.text, `<element_context>\n${review}\n\n[P](t3-context://v1/preview-annotation/legacy_preview-annotation_1)`);
    assert.equal(
      upgradeLegacyContextMessage(once.text).text,
      "<element_context>\n[f.ts line](t3-context://v1/review-comment/legacy_review-comment_1)\n\n[P](t3-context://v1/preview-annotation/legacy_preview-annotation_1)",
    );
  });

  it("is not idempotent when a label itself holds U+FFFC: the second pass removes it (reference behaviour)", () => {
    const once = upgradeLegacyContextMessage("<terminal_context>\n- a\uFFFCb line 1:\n  x\n</terminal_context>");
    assert.equal(once.text, "[a\uFFFCb line 1](t3-context://v1/terminal/legacy_terminal_1)");
    assert.equal(upgradeLegacyContextMessage(once.text).text, "[ab line 1](t3-context://v1/terminal/legacy_terminal_1)");
  });
});

describe("upgradeLegacyContextMessage: hostile input", () => {
  // Large texts are compared with `===`: a failing deepEqual would print megabytes.
  const assertUpgrade = (text: string, expected: string) => {
    const upgraded = upgradeLegacyContextMessage(text);
    assert.ok(upgraded.text === expected, "text differs");
    assert.equal(upgraded.records.length, 0);
  };

  it("returns 1 MB of `<` unchanged", () => {
    assertUpgrade("<".repeat(1_000_000), "<".repeat(1_000_000));
  });

  it("converts nothing in 10,000 unterminated blocks of every kind, and trims the end as every upgrade does", () => {
    const text = (
      "<terminal_context>\n- T line 1:\n  x\n" +
      "<element_context>\n- <a>:\n" +
      "<preview_annotation>\nPage: p\n" +
      REVIEW_OPEN +
      "\n```\n"
    ).repeat(10_000);
    assertUpgrade(text, text.trimEnd());
  });

  it("converts nothing in 100,000 review openings that never reach a `>`", () => {
    const text = "<review_comment ".repeat(100_000);
    assertUpgrade(text, text.trimEnd());
  });
});

const review: ReviewCommentContextRecord = {
  version: 1,
  contextId: "r1",
  kind: "review-comment",
  label: "b.ts L4",
  sectionId: 'a"<b>&',
  sectionTitle: "T & T",
  filePath: "a/b.ts",
  startIndex: 3,
  endIndex: 4,
  rangeLabel: "L4-L5",
  text: "Why?",
  diff: "x ````` y",
};
const REVIEW_SERIALIZED =
  '<review_comment sectionId="a&quot;&lt;b&gt;&amp;" sectionTitle="T &amp; T" filePath="a/b.ts" rangeLabel="L4-L5" startIndex="3" endIndex="4">\n' +
  "Why?\n\n``````diff\nx ````` y\n``````\n</review_comment>";
const element: ComposerContextRecord = {
  version: 1,
  contextId: "e1",
  kind: "element",
  label: "el",
  pageUrl: "",
  pageTitle: null,
  tagName: "div",
  selector: null,
  htmlPreview: "<div>\n\n  <i/>\n</div>",
  componentName: null,
  source: { functionName: null, fileName: "A.tsx", lineNumber: null, columnNumber: 5 },
  styles: "",
};
const ELEMENT_SERIALIZED = "<element_context>\n- <div>:\n  source: A.tsx:5\n  html:\n    <div>\n\n      <i/>\n    </div>\n</element_context>";
const terminal = (contextId: string, terminalLabel: string, lineStart: number, lineEnd: number, text: string): ComposerContextRecord => ({
  version: 1,
  contextId,
  kind: "terminal",
  label: "x",
  terminalId: "t",
  terminalLabel,
  lineStart,
  lineEnd,
  text,
});

describe("serializeLegacyContextMessage", () => {
  it("writes each reference in place and lists every terminal and element after the text", () => {
    const text =
      "See [r](t3-context://v1/review-comment/r1) and [r](t3-context://v1/review-comment/r1) [gone](t3-context://v1/file/nope) " +
      "![s](t3-context://v1/skill/s1) [t](t3-context://v1/terminal/t1)  \n";
    const records = [
      review,
      element,
      terminal("t1", " My  Term ", 5, 5, "one\n\ntwo"),
      terminal("t2", "Other", 1, 2, "a"),
      { version: 1, contextId: "s1", kind: "skill", label: "$ski ll", name: "skill" } as ComposerContextRecord,
    ];
    assert.equal(
      serializeLegacyContextMessage({ text, records }),
      `See ${REVIEW_SERIALIZED} and ${REVIEW_SERIALIZED} [gone](t3-context://v1/file/nope) $ski ll @my-term:5\n\n` +
        "<terminal_context>\n-  My  Term  line 5:\n  5 | one\n  6 | \n  7 | two\n- Other lines 1-2:\n  1 | a\n</terminal_context>\n\n" +
        ELEMENT_SERIALIZED,
    );
  });

  it("drops a review comment that no link references", () => {
    assert.equal(serializeLegacyContextMessage({ text: "", records: [review] }), "");
  });

  it("writes only the blocks when the text is blank", () => {
    assert.equal(serializeLegacyContextMessage({ text: "  ", records: [element] }), ELEMENT_SERIALIZED);
  });
});

describe("resolveUserMessageContext", () => {
  it("uses the message's context as it is, the last record of an id winning in the map", () => {
    const first = { version: 1, contextId: "s1", kind: "skill", label: "a", name: "a" } as ComposerContextRecord;
    const second = { ...first, name: "b" } as ComposerContextRecord;
    const text = "legacy?" + BUILD_BLOCK;
    const resolved = resolveUserMessageContext({ text, context: { version: 1, records: [first, second] } });
    assert.equal(resolved.text, text);
    assert.deepEqual(resolved.records, [first, second]);
    assert.equal(resolved.recordsById.get("s1"), second);
  });

  it("upgrades the text of a message without context", () => {
    const resolved = resolveUserMessageContext({ text: "see" + BUILD_BLOCK });
    assert.equal(resolved.text, `see\n\n${BUILD_LINK}`);
    assert.deepEqual([...resolved.recordsById.keys()], ["legacy_terminal_1"]);
  });
});
