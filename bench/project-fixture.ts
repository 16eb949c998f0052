// The message the projection benchmark measures (issue 8: "collect + project, 1 MB text with
// 10,000 links"): prose of about 100 characters between links, 2,000 records (250 of each of
// the eight built-in kinds, none unknown) each linked five times on average, labels that vary per
// link. Deterministic, so every run measures the same text. Shared by the benchmark and
// bench/profile-project.ts.
import { random } from "./fixtures/random.js";
import { formatComposerContextReference, type ComposerContextRecord } from "t3-composer/codec";

/** The benchmarks' seeded generator, so every run measures the same text. */
export { random };

const WORDS = ["the", "build", "fails", "after", "this", "change", "in", "`src/app.ts`", "because", "of", "a", "race,", "see", "**why**", "and", "fix", "it."];

export function prose(next: () => number, length: number): string {
  let text = "";
  while (text.length < length) {
    const roll = next();
    text += roll < 0.02 ? "\n" : roll < 0.03 ? " [note] " : WORDS[Math.floor(next() * WORDS.length)] + " ";
  }
  return text;
}

function makeRecord(index: number, next: () => number): ComposerContextRecord {
  const base = { version: 1 as const, label: `item ${index}` };
  switch (index % 8) {
    case 0:
      return { ...base, contextId: `image_att_${index}`, kind: "image", attachmentId: `att_${index}`, name: `shot-${index}.png`, mimeType: "image/png", sizeBytes: 1000 + index };
    case 1:
      return { ...base, contextId: `file_att_${index}`, kind: "file", attachmentId: `att_${index}`, name: `notes-${index}.md`, mimeType: "text/markdown", sizeBytes: 20 + index };
    case 2:
      return { ...base, contextId: `terminal_t${index}`, kind: "terminal", terminalId: "t1", terminalLabel: "Terminal 1", lineStart: 10, lineEnd: 14, text: prose(next, 200) };
    case 3:
      return {
        ...base,
        contextId: `element_e${index}`,
        kind: "element",
        pageUrl: "http://localhost:3000/checkout",
        pageTitle: "Checkout",
        tagName: "button",
        selector: "#pay",
        htmlPreview: '<button id="pay">Pay</button>',
        componentName: "PayButton",
        source: { functionName: "PayButton", fileName: "src/Pay.tsx", lineNumber: 12, columnNumber: 3 },
        styles: "color: red;",
      };
    case 4:
      return { ...base, contextId: `preview-annotation_p${index}`, kind: "preview-annotation", annotationId: `p${index}`, pageUrl: "http://localhost:3000/", pageTitle: "Home", comment: "Make it bigger", targetSummary: "1 selected element", styleChanges: ["font-size: 12px → 20px"] };
    case 5:
      return { ...base, contextId: `review-comment_r${index}`, kind: "review-comment", sectionId: "s1", sectionTitle: "Changes", filePath: "src/app.ts", startIndex: 3, endIndex: 5, rangeLabel: "L4-L6", text: "Why?", diff: "- a\n+ b" };
    case 6:
      return { ...base, contextId: `mention_m${index}`, kind: "mention", path: `src/module-${index}/index.ts` };
    default:
      return { ...base, contextId: `skill_s${index}`, kind: "skill", name: `skill-${index}` };
  }
}

/**
 * About `size` characters holding `links` links to `links / 5` records, each linked five times on
 * average. The message goes through JSON as it would over the wire: its strings are flat then,
 * not the ropes that building them here leaves behind, which V8 reads more slowly.
 */
export function linkedMessage(size: number, links: number): { text: string; records: ComposerContextRecord[] } {
  const next = random(7);
  const records = Array.from({ length: links / 5 }, (_, index) => makeRecord(index, next));
  const gap = Math.max(1, Math.round(size / links) - 48);
  let text = "";
  for (let index = 0; index < links; index++) {
    const record = records[Math.floor(next() * records.length)]!;
    text += prose(next, gap) + formatComposerContextReference({ ...record, label: `${record.label} (${index % 7})` });
  }
  return JSON.parse(JSON.stringify({ text, records })) as { text: string; records: ComposerContextRecord[] };
}

