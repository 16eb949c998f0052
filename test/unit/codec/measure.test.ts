import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import {
  estimateTokensFromLength,
  measureComposerContext,
  parseComposerContextHref,
  projectComposerContextForProvider,
  replaceComposerContextReferences,
  type ComposerContextMeasure,
  type ComposerContextRecord,
  type MeasureOptions,
} from "../../../src/codec/index.js";
import { badIssue, issue, jiraKind, linkOf } from "../../support/jira-kind.js";
import { loadVectors } from "../../support/vectors.js";

type Message = { text: string; records: readonly ComposerContextRecord[] };

/** Every built-in kind (from the conformance vectors) and the custom `jira-issue` kind. */
const messages: { name: string; message: Message }[] = [
  ...loadVectors("projection.json", "vectors").map((v) => ({ name: v.name, message: v.input as Message })),
  { name: "custom kind defined with defineContextKind", message: { text: `Fix ${linkOf(issue)} and ${linkOf(badIssue)}, see ${linkOf(issue)}.`, records: [issue, badIssue] } },
];
const options: MeasureOptions = { kinds: [jiraKind] };

/** The sum of every part's characters and tokens. */
function partsOf(measure: ComposerContextMeasure): { characters: number; tokens: number } {
  let characters = measure.text.characters + measure.envelope.characters;
  let tokens = measure.text.tokens + measure.envelope.tokens;
  for (const entry of measure.entries.values()) {
    characters += entry.characters;
    tokens += entry.tokens;
  }
  return { characters, tokens };
}

/** The message without any link to `contextId`, nor its record. */
function without(message: Message, contextId: string): Message {
  return {
    text: replaceComposerContextReferences(message.text, (occurrence) => (occurrence.contextId === contextId ? "" : occurrence.source)),
    records: message.records.filter((record) => record.contextId !== contextId),
  };
}

describe("measureComposerContext", () => {
  for (const { name, message } of messages) {
    it(`counts exactly the projection's characters, part by part: ${name}`, () => {
      const measure = measureComposerContext(message, options);
      assert.equal(measure.characters, projectComposerContextForProvider(message, options).length);
      assert.deepEqual(partsOf(measure), { characters: measure.characters, tokens: measure.tokens });
    });

    it(`gives each id the characters that removing it takes away: ${name}`, () => {
      const measure = measureComposerContext(message, options);
      const before = projectComposerContextForProvider(message, options).length;
      for (const [contextId, entry] of measure.entries) {
        const after = projectComposerContextForProvider(without(message, contextId), options).length;
        // The last id takes the envelope's frame with it.
        const frame = measure.entries.size === 1 ? measure.envelope.characters : 0;
        assert.equal(before - after, entry.characters + frame, contextId);
      }
    });
  }

  it("splits the projection of a message into its text, the frame and one share per id", () => {
    const text = "See [a](t3-context://v1/skill/s1) and [b](t3-context://v1/skill/s1), [m](t3-context://v1/mention/m1)";
    const records: ComposerContextRecord[] = [
      { version: 1, contextId: "s1", kind: "skill", label: "$a", name: "ui" },
      { version: 1, contextId: "m1", kind: "mention", label: "m", path: "src/a.ts" },
    ];
    const measure = measureComposerContext({ text, records });
    const skill = '\n<context kind="skill" id="s1">\nname: ui\n</context>' + "[Skill: a; ref=s1][Skill: b; ref=s1]";
    const mention = '\n<context kind="mention" id="m1">\npath: src/a.ts\n</context>' + "[Mention: m; ref=m1]";
    assert.deepEqual(measure.text, { characters: "See  and , ".length, tokens: 3 });
    assert.deepEqual(measure.envelope, { characters: 40, tokens: 10 });
    assert.deepEqual([...measure.entries], [
      ["s1", { kind: "skill", markers: 2, characters: skill.length, tokens: Math.ceil(skill.length / 4) }],
      ["m1", { kind: "mention", markers: 1, characters: mention.length, tokens: Math.ceil(mention.length / 4) }],
    ]);
  });

  it("measures a text without links as itself, with no envelope", () => {
    const measure = measureComposerContext({ text: "plain words", records: [] });
    assert.deepEqual(measure, { characters: 11, tokens: 3, text: { characters: 11, tokens: 3 }, envelope: { characters: 0, tokens: 0 }, entries: new Map() });
  });

  it("asks estimateTokens for every part and adds up what it answers", () => {
    const seen: string[] = [];
    const words = (text: string) => (seen.push(text), text.split(/\s+/).filter(Boolean).length);
    const message = messages.at(-1)!.message;
    const measure = measureComposerContext(message, { ...options, estimateTokens: words });
    assert.equal(seen.length, 2 + measure.entries.size); // the text, the frame, each id
    assert.equal(measure.text.tokens, words("Fix  and , see ."));
    assert.equal(measure.tokens, partsOf(measure).tokens);
    assert.equal(measure.entries.get(issue.contextId)!.tokens, words(seen.find((part) => part.includes('id="jira-issue_proj-42"'))!));
  });

  it("estimates a quarter of the characters by default, rounded up", () => {
    assert.equal(estimateTokensFromLength(""), 0);
    assert.equal(estimateTokensFromLength("abcd"), 1);
    assert.equal(estimateTokensFromLength("abcde"), 2);
  });

  for (const bad of [Number.NaN, -1, Number.POSITIVE_INFINITY, "3"]) {
    it(`throws a TypeError naming what estimateTokens returned: ${String(bad)}`, () => {
      assert.throws(
        () => measureComposerContext({ text: "x", records: [] }, { estimateTokens: () => bad as number }),
        (error: unknown) => error instanceof TypeError && error.message.includes(`returned ${String(bad)}`),
      );
    });
  }

  it("keeps ids like __proto__ and constructor apart, each with its own share", () => {
    const text = "[p](t3-context://v1/skill/__proto__) [c](t3-context://v1/skill/constructor) [x](t3-context://v1/skill/toString)";
    const records: ComposerContextRecord[] = [{ version: 1, contextId: "__proto__", kind: "skill", label: "p", name: "p" }];
    const measure = measureComposerContext({ text, records });
    assert.deepEqual([...measure.entries.keys()], ["__proto__", "constructor", "toString"]);
    assert.equal(measure.characters, projectComposerContextForProvider({ text, records }).length);
  });

  it("never throws on hostile text, and always counts the projection's characters", () => {
    const piece = fc.oneof(
      fc.constantFrom("[", "]", "(", ")", "!", "\n", ";", "<context", "</t3_context>", "t3-context://v1/", "\u202e", "\ud800"),
      fc.constantFrom("skill", "terminal", "jira-issue", "Bad Kind").chain((kind) =>
        fc.tuple(fc.string({ maxLength: 600 }), fc.constantFrom("s1", "__proto__", "x".repeat(129), "jira-issue_proj-42")).map(([label, id]) => `[${label}](t3-context://v1/${kind}/${id})`),
      ),
      fc.string({ maxLength: 40 }),
    );
    const records: ComposerContextRecord[] = [issue, badIssue, { version: 1, contextId: "s1", kind: "skill", label: "s", name: "<context" }, { version: 1, contextId: "s1", kind: "skill", label: "dup", name: "dup" }];
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const message = { text: pieces.join(""), records };
        const measure = measureComposerContext(message, options);
        assert.equal(measure.characters, projectComposerContextForProvider(message, options).length);
        assert.equal(measure.characters, partsOf(measure).characters);
        for (const contextId of measure.entries.keys()) assert.ok(parseComposerContextHref(`t3-context://v1/skill/${contextId}`), contextId);
      }),
      { numRuns: 300 },
    );
  });
});
