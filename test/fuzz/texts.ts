// Hostile texts for the scanners: link soup, near-miss links (one edit off the grammar), huge
// repeated strings, lone surrogates, envelope tags, and legacy messages with random damage.
import fc from "fast-check";
import { formatComposerContextReference } from "../../src/codec/index.js";
import { serializeLegacyContextMessage } from "../../src/codec/legacy/index.js";
import { canonicalLegacyMessage } from "../support/legacy-arbitraries.js";
import { trickyString, trickyUnit } from "../support/record-arbitraries.js";

const join = (pieces: fc.Arbitrary<string>, maxLength: number) => fc.array(pieces, { maxLength }).map((parts) => parts.join(""));

export const linkKind = fc.oneof(
  fc.constantFrom("image", "file", "terminal", "element", "preview-annotation", "review-comment", "mention", "skill", "context", "t3-context"),
  fc.stringMatching(/^[a-z][a-z0-9-]{0,39}$/),
);
export const linkId = fc.oneof(
  fc.constantFrom("a", "b", "ctx_1", "__proto__", "constructor", "A-b_9"),
  fc.stringMatching(/^[a-zA-Z0-9_-]{1,128}$/),
);

/** Labels as people and attackers write them: brackets, breaks, tags, surrogates, 64,000 units. */
export const linkLabel = fc.oneof(
  { weight: 20, arbitrary: trickyString(30) },
  {
    weight: 10,
    arbitrary: join(fc.constantFrom("<context>", "</CONTEXT >", "<t3_context", "</t3_Context>", "[", "]", ";", "\\", "\r", "\n", "a", " ", "é"), 12),
  },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom("a", " ", "[", "😀", "\uD800"), fc.integer({ min: 190, max: 64_000 })).map(([unit, n]) => unit.repeat(n)) },
);

/** A link the writer made, or a raw one whose label the writer would have cleaned. */
export const validLink: fc.Arbitrary<string> = fc.oneof(
  fc.record({ kind: linkKind, contextId: linkId, label: linkLabel }).map(formatComposerContextReference),
  fc
    .record({ bang: fc.boolean(), label: join(fc.constantFrom("a", "[", "\\", "\r", " ", "é", ";", "<"), 20), kind: linkKind, contextId: linkId })
    .map(({ bang, label, kind, contextId }) => `${bang ? "!" : ""}[${label}](t3-context://v1/${kind}/${contextId})`),
);

/** The characters the link grammar turns on, and a few it does not. */
const GRAMMAR_CHARS = ["[", "]", "(", ")", "!", "/", ":", "\n", "\r", " ", "\t", "A", "a", "_", "-", ".", "%", "?", "#", "@", "\\", "\u00a0", "é", "3", "\uFFFC", "\uD800", "V"];

/** A valid link one insertion, deletion or replacement away from what it was. */
export const nearMissLink: fc.Arbitrary<string> = fc
  .tuple(validLink, fc.nat(), fc.constantFrom("insert", "delete", "replace"), fc.constantFrom(...GRAMMAR_CHARS))
  .map(([link, pick, edit, char]) => {
    const at = pick % (link.length + 1);
    if (edit === "insert") return link.slice(0, at) + char + link.slice(at);
    if (edit === "delete") return link.slice(0, at) + link.slice(at + 1);
    return link.slice(0, at) + char + link.slice(at + 1);
  });

const prose = fc.oneof(
  fc.constantFrom("", " ", "see ", "\n", "a [b] c", "!", "](", "[", "](t3-context://v1/", "`", "```\n", "<", "</context>", "<T3_CONTEXT version=\"1\">"),
  trickyString(12),
);

/** Prose with valid links, near-miss links and link-shaped debris in between. */
export const linkSoup: fc.Arbitrary<string> = join(
  fc.oneof({ weight: 3, arbitrary: prose }, { weight: 2, arbitrary: validLink }, { weight: 3, arbitrary: nearMissLink }),
  16,
);

/** A short unit repeated into a string of up to about a megabyte, sometimes ending in a link. */
export const hugeText: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(
      fc.constantFrom("[", "[ ", "](", "](t3-context://v1/file/", "[a](t3-context://v1/file/x y) ", "\uD800", "\uFFFC", "<", "<review_comment ", "@build:7x ", "a"),
      trickyString(4).filter((unit) => unit !== ""),
    ),
    fc.integer({ min: 1_000, max: 1_000_000 }),
    fc.option(validLink, { nil: "" }),
  )
  .map(([unit, size, tail]) => unit.repeat(Math.max(1, Math.floor(size / unit.length))) + tail);

/** Any string, weighted toward the hostile ones. */
export const anyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: linkSoup },
  { weight: 2, arbitrary: fc.string({ unit: trickyUnit, maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
);

// ── Legacy messages ──────────────────────────────────────────────────────────────────────────

const terminalLabel = fc.constantFrom("build", "My  Term", "Terminal 1", "a\uFFFCb", "x line 2", "<review_comment a>", " ");
const range = fc
  .tuple(fc.nat(12), fc.integer({ min: -1, max: 2 }))
  .map(([start, span]) => (span === 0 ? `line ${start}` : `lines ${start}-${start + span}`));
const bodyLine = fc.constantFrom("  ok", "  3 | y", "", "  ", "  <review_comment a>", "  url: http://x/", "  html:", "    <b>", "  source: a.tsx:1:2", "oops");
const entry = (header: fc.Arbitrary<string>) =>
  fc.tuple(header, fc.array(bodyLine, { maxLength: 3 })).map(([h, lines]) => [`- ${h}:`, ...lines].join("\n"));
const block = (tag: string, header: fc.Arbitrary<string>) =>
  fc.array(entry(header), { maxLength: 3 }).map((entries) => `<${tag}>\n${entries.join("\n")}\n</${tag}>`);
const terminalBlock = block("terminal_context", fc.tuple(terminalLabel, range).map(([l, r]) => `${l} ${r}`));
const elementBlock = block("element_context", fc.constantFrom("<Button> (Button.tsx:3)", "<div>", "< div >", "<a b>", "span", "<\uFFFC>"));
const previewBlock = fc
  .array(
    fc.constantFrom("Id: p1", "Page: http://x/", "Page: Home", "Page: \uFFFC", "Comment: hi", "Requested visual changes:", "- a: b", "<element_context>\n- <i>:\n  url: u\n</element_context>"),
    { maxLength: 5 },
  )
  .map((lines) => `<preview_annotation>\n${lines.join("\n")}\n</preview_annotation>`);
const review = fc
  .record({
    path: fc.constantFrom("src/a.ts", "b.ts", "a\\c.ts", " ", "x&quot;.ts", "\uFFFC.ts", "<terminal_context>"),
    start: fc.constantFrom("1", "4", "x"),
    range: fc.constantFrom("", " L2 ", "L1-L3", '<review_comment sectionId="s">'),
    body: fc.constantFrom("note", "\nwhy\n```diff\n+x\n```\n", "```\n</review_comment>\n```", "a\n````ts\n```\n````", "\uE000"),
  })
  .map(
    ({ path, start, range, body }) =>
      `<review_comment sectionId="s" filePath="${path}" startIndex="${start}" endIndex="2" rangeLabel="${range}">${body}</review_comment>`,
  );
const legacyProse = join(fc.constantFrom("See", " ", "\n", "\uFFFC", "@build:3", "@my-term:1-2", "@api:0", ".", "é", "email@build:3", "[a](b)", "<b>", "\uE000"), 8);

/** A message as the old client wrote it, with trailing blocks, reviews and placeholders. */
const legacyMessage: fc.Arbitrary<string> = fc
  .record({
    parts: fc.array(fc.oneof(legacyProse, review), { maxLength: 4 }),
    terminal: fc.option(terminalBlock),
    element: fc.option(elementBlock),
    previews: fc.array(previewBlock, { maxLength: 2 }),
    trailing: fc.array(review, { maxLength: 2 }),
  })
  .map(({ parts, terminal, element, previews, trailing }) =>
    [parts.join(""), terminal, element, ...previews, ...trailing].filter((part) => part !== null).join("\n\n"),
  );

/** What damage inserts: the pieces the legacy scanners key on. */
const LEGACY_DEBRIS = [
  "<terminal_context>\n",
  "\n</terminal_context>",
  "<element_context>\n",
  "\n</element_context>",
  "<preview_annotation>\n",
  "\n</preview_annotation>",
  "<review_comment ",
  "</review_comment>",
  "```",
  "````\n",
  "\uFFFC",
  "\n",
  "- ",
  ":",
  "  ",
  " line 3",
  " lines 2-1",
  "\uE000",
  "\uE000\uE000",
  'filePath="',
  '"',
  ">",
  "@build:7",
  "[x](t3-context://v1/terminal/legacy_terminal_1)",
];

/** One edit: delete a span, insert debris, or duplicate a span. */
const damage = fc.record({ at: fc.nat(), length: fc.nat(40), edit: fc.constantFrom("delete", "insert", "duplicate"), debris: fc.constantFrom(...LEGACY_DEBRIS) });

function applyDamage(text: string, edits: readonly { at: number; length: number; edit: string; debris: string }[]): string {
  for (const { at: pick, length, edit, debris } of edits) {
    const at = pick % (text.length + 1);
    if (edit === "delete") text = text.slice(0, at) + text.slice(at + length);
    else if (edit === "insert") text = text.slice(0, at) + debris + text.slice(at);
    else text = text.slice(0, at + length) + text.slice(at, at + length) + text.slice(at + length);
  }
  return text;
}

/** Legacy messages, from the old client or from the serializer, with up to three random edits. */
export const damagedLegacyMessage: fc.Arbitrary<string> = fc
  .tuple(fc.oneof(legacyMessage, canonicalLegacyMessage.map(serializeLegacyContextMessage)), fc.array(damage, { maxLength: 3 }))
  .map(([text, edits]) => applyDamage(text, edits));
