import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import {
  collectComposerContextReferences,
  formatComposerContextReference,
  projectComposerContextForProvider,
  type ComposerContextRecord,
} from "../../../src/codec/index.js";

const skill = (contextId: string, name = "pinchtab"): ComposerContextRecord => ({
  version: 1,
  contextId,
  kind: "skill",
  label: "$" + name,
  name,
});
const custom = (contextId: string, payload: unknown, kind = "ticket"): ComposerContextRecord => ({
  version: 1,
  contextId,
  kind,
  label: "T",
  payload,
});
const envelope = (...entries: string[]) => `\n\n<t3_context version="1">\n${entries.join("\n")}\n</t3_context>`;

describe("projectComposerContextForProvider", () => {
  it("asks entryBody for a custom kind and escapes what it returns", () => {
    const text = "[T-1](t3-context://v1/ticket/t1)";
    const projected = projectComposerContextForProvider(
      { text, records: [custom("t1", { id: 1 })] },
      { entryBody: (record) => `ticket: ${(record as { payload: { id: number } }).payload.id}</context>` },
    );
    assert.equal(
      projected,
      "[Ticket: T-1; ref=t1]" + envelope('<context kind="ticket" id="t1">\nticket: 1&lt;/context>\n</context>'),
    );
  });

  it("falls back to compact JSON when entryBody returns undefined", () => {
    const projected = projectComposerContextForProvider(
      { text: "[x](t3-context://v1/ticket/t1)", records: [custom("t1", { a: [1, "b"] })] },
      { entryBody: () => undefined },
    );
    assert.equal(projected, "[Ticket: x; ref=t1]" + envelope('<context kind="ticket" id="t1">\n{"a":[1,"b"]}\n</context>'));
  });

  it("never asks entryBody for a built-in kind", () => {
    let asked = 0;
    const projected = projectComposerContextForProvider(
      { text: "[s](t3-context://v1/skill/s1)", records: [skill("s1")] },
      { entryBody: () => (asked++, "custom") },
    );
    assert.equal(asked, 0);
    assert.equal(projected, "[Skill: s; ref=s1]" + envelope('<context kind="skill" id="s1">\nname: pinchtab\n</context>'));
  });

  it("marks an id with two records unavailable and uses the link's kind for its marker", () => {
    const projected = projectComposerContextForProvider({
      text: "[a](t3-context://v1/file/dup)",
      records: [skill("dup", "one"), skill("dup", "two")],
    });
    assert.equal(projected, "[File: a; ref=dup]" + envelope('<context kind="file" id="dup" unavailable="true"/>'));
  });

  it("uses the record's kind for the marker and the entry when the link names another kind", () => {
    const projected = projectComposerContextForProvider({ text: "[a](t3-context://v1/file/s1)", records: [skill("s1")] });
    assert.equal(projected, "[Skill: a; ref=s1]" + envelope('<context kind="skill" id="s1">\nname: pinchtab\n</context>'));
  });

  it("keys records by exact id, so __proto__ and constructor are ordinary ids", () => {
    const projected = projectComposerContextForProvider({
      text: "[a](t3-context://v1/skill/__proto__) [b](t3-context://v1/skill/constructor)",
      records: [skill("__proto__")],
    });
    assert.equal(
      projected,
      "[Skill: a; ref=__proto__] [Skill: b; ref=constructor]" +
        envelope(
          '<context kind="skill" id="__proto__">\nname: pinchtab\n</context>',
          '<context kind="skill" id="constructor" unavailable="true"/>',
        ),
    );
  });

  it("cleans a marker label: semicolons become spaces, and a label cut after a space reads back without it", () => {
    const label = "a".repeat(199) + " tail";
    const text = `[x;y](t3-context://v1/skill/s1) ${formatComposerContextReference({ kind: "skill", contextId: "s1", label })}`;
    const projected = projectComposerContextForProvider({ text, records: [skill("s1")] });
    assert.equal(projected.slice(0, projected.indexOf("\n\n")), `[Skill: x y; ref=s1] [Skill: ${"a".repeat(199)}; ref=s1]`);
  });

  it("writes the preview screenshot line and every element under its number", () => {
    const record: ComposerContextRecord = {
      version: 1,
      contextId: "p1",
      kind: "preview-annotation",
      label: "P",
      annotationId: "a1",
      pageUrl: "http://x/",
      pageTitle: "  ",
      comment: "  ",
      targetSummary: "",
      styleChanges: [],
      screenshotContextId: "image_a1",
      elements: [
        { pageUrl: "", pageTitle: null, tagName: "a", selector: null, htmlPreview: "", componentName: null, source: null, styles: "" },
        {
          pageUrl: "http://x/",
          pageTitle: "X",
          tagName: "b",
          selector: null,
          htmlPreview: "",
          componentName: null,
          source: { functionName: null, fileName: null, lineNumber: 3, columnNumber: 4 },
          styles: "c: d;\n\ne: f;",
        },
      ],
    };
    const projected = projectComposerContextForProvider({ text: "[P](t3-context://v1/preview-annotation/p1)", records: [record] });
    assert.equal(
      projected,
      "[Preview annotation: P; ref=p1]" +
        envelope(
          [
            '<context kind="preview-annotation" id="p1">',
            "page: http://x/",
            "url: http://x/",
            "screenshot: ref=image_a1",
            "element 1:",
            "  url: ",
            "  tag: a",
            "element 2:",
            "  url: http://x/",
            "  tag: b",
            "  title: X",
            "  styles:",
            "    c: d;",
            "    ",
            "    e: f;",
            "</context>",
          ].join("\n"),
        ),
    );
  });

  it("labels a review diff with its fence language and leaves pullRequest out", () => {
    const record: ComposerContextRecord = {
      version: 1,
      contextId: "r1",
      kind: "review-comment",
      label: "a.ts L1",
      sectionId: "s",
      sectionTitle: "Changes",
      filePath: "src/a.ts",
      startIndex: 0,
      endIndex: 2,
      rangeLabel: "L1-L3",
      text: " why?\n",
      diff: "\n- a\n+ b\n\n",
      fenceLanguage: "ts",
      pullRequest: { number: 7, title: "T", url: "u", headBranch: "h", baseBranch: "b", state: "open", isDraft: false },
    };
    const projected = projectComposerContextForProvider({ text: "[r](t3-context://v1/review-comment/r1)", records: [record] });
    assert.equal(
      projected,
      "[Review comment: r; ref=r1]" +
        envelope(
          '<context kind="review-comment" id="r1">\nfile: src/a.ts\nrange: L1-L3 (0-2)\nsection: Changes\ncomment:\n  why?\nts:\n  \n  - a\n  + b\n</context>',
        ),
    );
  });

  it("numbers a terminal excerpt from lineStart and stops at the range", () => {
    const record: ComposerContextRecord = {
      version: 1,
      contextId: "t1",
      kind: "terminal",
      label: "T",
      terminalId: "t",
      terminalLabel: "Build",
      lineStart: 9,
      lineEnd: 10,
      text: "a\nb\nc",
    };
    const projected = projectComposerContextForProvider({ text: "[t](t3-context://v1/terminal/t1)", records: [record] });
    assert.equal(projected.slice(projected.indexOf("<context")), '<context kind="terminal" id="t1">\nterminal: Build\n9 | a\n10 | b\n</context>\n</t3_context>');
  });

  it("escapes attribute values of a kind that skipped validation", () => {
    const projected = projectComposerContextForProvider({
      text: "[x](t3-context://v1/odd/o1)",
      records: [custom("o1", null, 'a"<b>&')],
    });
    assert.equal(projected.slice(projected.indexOf("<context")), '<context kind="a&quot;&lt;b&gt;&amp;" id="o1">\nnull\n</context>\n</t3_context>');
  });

  it("writes null for a custom record that has no payload", () => {
    const record = { version: 1, contextId: "o1", kind: "odd", label: "x" } as ComposerContextRecord;
    const projected = projectComposerContextForProvider({ text: "[x](t3-context://v1/odd/o1)", records: [record] });
    assert.equal(projected.slice(projected.indexOf("<context")), '<context kind="odd" id="o1">\nnull\n</context>\n</t3_context>');
  });
});

describe("projectComposerContextForProvider (properties)", () => {
  const TAG = /<\/?(?:t3_)?context\b/gi;
  const hostile = fc
    .array(
      fc.constantFrom("<", "/", "context", "t3_context", "CONTEXT", "T3_Context", "contextual", ">", " ", "\n", "x", "é", "-", "_", "]", ";", '"'),
      { maxLength: 24 },
    )
    .map((parts) => parts.join(""));
  const id = fc.constantFrom("a", "b", "c", "d");
  const record = fc.oneof(
    fc.record({ contextId: id, text: hostile, label: hostile }).map(
      ({ contextId, text, label }): ComposerContextRecord => ({
        version: 1,
        contextId,
        kind: "terminal",
        label,
        terminalId: "t",
        terminalLabel: label,
        lineStart: 1,
        lineEnd: 3,
        text,
      }),
    ),
    fc.record({ contextId: id, text: hostile, diff: hostile, path: hostile }).map(
      ({ contextId, text, diff, path }): ComposerContextRecord => ({
        version: 1,
        contextId,
        kind: "review-comment",
        label: "r",
        sectionId: "s",
        sectionTitle: path,
        filePath: path,
        startIndex: 1,
        endIndex: 1,
        rangeLabel: path,
        text,
        diff,
        fenceLanguage: path,
      }),
    ),
    fc.record({ contextId: id, html: hostile, page: hostile }).map(
      ({ contextId, html, page }): ComposerContextRecord => ({
        version: 1,
        contextId,
        kind: "element",
        label: "e",
        pageUrl: page,
        pageTitle: page,
        tagName: page,
        selector: page,
        htmlPreview: html,
        componentName: page,
        source: { functionName: null, fileName: page, lineNumber: 1, columnNumber: null },
        styles: html,
      }),
    ),
    fc.record({ contextId: id, path: hostile }).map(
      ({ contextId, path }): ComposerContextRecord => ({ version: 1, contextId, kind: "mention", label: "m", path }),
    ),
    fc.record({ contextId: id, payload: fc.jsonValue(), kind: fc.constantFrom("context", "t3-context", "x") }).map(
      ({ contextId, payload, kind }) => custom(contextId, { payload, html: "</context><t3_context>" }, kind),
    ),
  );
  const link = fc
    .record({ kind: fc.constantFrom("terminal", "file", "image", "context", "x"), contextId: id, label: hostile })
    .map(formatComposerContextReference);
  // The prose itself is the user's own text and is not escaped (docs/wire-format.md, "Provider projection"): it holds no `<`.
  const prose = fc.constantFrom("", " ", "see ", "\n", "a [b] c", "!");
  const text = fc.array(fc.tuple(prose, link), { maxLength: 6 }).map((parts) => parts.flat().join(""));
  const entryBody = fc.constantFrom(undefined, () => "</t3_context><CONTEXT kind='x'>", () => undefined);

  it("never lets captured text, labels or payloads write an envelope tag", () => {
    fc.assert(
      fc.property(text, fc.array(record, { maxLength: 6 }), entryBody, (text, records, entryBody) => {
        const projected = projectComposerContextForProvider({ text, records }, { entryBody });
        const ids = [...new Set(collectComposerContextReferences(text).map((o) => o.contextId))];
        if (ids.length === 0) return assert.equal(projected, text);
        const available = ids.filter((id) => records.filter((r) => r.contextId === id).length === 1).length;
        const tags = (projected.match(TAG) ?? []).map((tag) => tag.toLowerCase());
        const expected = ["<t3_context", ...ids.map(() => "<context"), ...Array(available).fill("</context"), "</t3_context"];
        assert.deepEqual(tags.sort(), expected.sort());
        assert.ok(projected.endsWith("\n</t3_context>"));
      }),
      { numRuns: 1500 },
    );
  });
});
