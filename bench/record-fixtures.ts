// Deterministic, realistic v1 records for the benchmarks: every known kind plus an unknown kind,
// with sizes like the ones the reference app sends (a 20-line terminal excerpt, a diff hunk, a
// picked element with its HTML and styles, an annotation with elements and style changes).
import { random } from "./fixtures/random.js";

const WORDS = ["error", "build", "checkout", "button", "render", "fetch", "user", "cart", "state", "props", "café", "naïve"];

function words(next: () => number, count: number): string {
  let out = "";
  for (let i = 0; i < count; i++) out += (i ? " " : "") + WORDS[Math.floor(next() * WORDS.length)];
  return out;
}

function lines(next: () => number, count: number, width: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(words(next, Math.max(1, Math.floor(width / 6))));
  return out.join("\n");
}

function element(next: () => number, n: number) {
  return {
    pageUrl: `http://localhost:3000/checkout/${n}`,
    pageTitle: n % 3 === 0 ? null : "Checkout",
    tagName: "button",
    selector: `#pay-${n} > span.label`,
    htmlPreview: `<button id="pay-${n}" class="btn btn-primary">${words(next, 40)}</button>`,
    componentName: n % 2 === 0 ? "Button" : null,
    source: n % 4 === 0 ? null : { functionName: "Button", fileName: "src/Button.tsx", lineNumber: 12 + n, columnNumber: n % 5 === 0 ? null : 3 },
    styles: `color: red;\nfont-size: ${12 + (n % 8)}px;\n${lines(next, 4, 40)}`,
  };
}

type Builder = (next: () => number, n: number) => Record<string, unknown>;

const BUILDERS: Builder[] = [
  (_, n) => ({ kind: "image", label: `screenshot-${n}.png`, attachmentId: `att_${n.toString(36)}`, name: `screenshot-${n}.png`, mimeType: "image/png", sizeBytes: 48_213 + n }),
  (_, n) => ({ kind: "file", label: `report-${n}.pdf`, attachmentId: `att_f${n.toString(36)}`, name: ` report-${n}.pdf `, mimeType: "application/pdf", sizeBytes: 1_204_000 + n }),
  (next, n) => ({ kind: "terminal", label: `Terminal 1 lines ${n}-${n + 19}`, terminalId: "term-1", terminalLabel: "Terminal 1", lineStart: n, lineEnd: n + 19, text: lines(next, 20, 60) }),
  (next, n) => ({ kind: "element", label: "<Button>", ...element(next, n) }),
  (next, n) => ({
    kind: "preview-annotation",
    label: "Checkout",
    annotationId: `ann_${n}`,
    pageUrl: "http://localhost:3000/checkout",
    pageTitle: "Checkout",
    comment: words(next, 20),
    targetSummary: "2 selected elements",
    styleChanges: ["font-size: 20px", "color: blue", "margin: 0 auto"],
    elements: [element(next, n), element(next, n + 1)],
    elementIds: [`el-${n}`, `el-${n + 1}`],
    styleChangeDetails: [
      { targetId: `el-${n}`, selector: "#pay", property: "font-size", previousValue: "16px", value: "20px" },
      { targetId: `el-${n}`, selector: null, property: "color", previousValue: "red", value: "blue" },
    ],
    screenshotContextId: `image_ann_${n}`,
    regionCount: 1,
    strokeCount: 2,
  }),
  (next, n) => ({
    kind: "review-comment",
    label: `ChatComposer.tsx L${n}`,
    sectionId: `diff-${n}`,
    sectionTitle: "Changes",
    filePath: "apps/web/src/ChatComposer.tsx",
    startIndex: n,
    endIndex: n + 3,
    rangeLabel: `L${n}-L${n + 3}`,
    text: words(next, 30),
    diff: lines(next, 16, 50).replace(/^/gm, "+ "),
    fenceLanguage: "diff",
    ...(n % 2 === 0
      ? { pullRequest: { number: 40 + (n % 100), title: "Improve context chips", url: "https://github.com/pingdotgg/t3code/pull/42", headBranch: "feat/context-chips", baseBranch: "main", state: "open", isDraft: false } }
      : {}),
    sourceRevision: "abc123",
  }),
  (_, n) => ({ kind: "mention", label: `@src/components/Button${n}.tsx`, path: `src/components/Button${n}.tsx` }),
  (_, n) => ({ kind: "skill", label: "$pinchtab", name: n % 2 ? "pinchtab" : " pinchtab " }),
  (next, n) => ({ kind: "linear-issue", label: `ENG-${n}`, payload: { id: `ENG-${n}`, title: words(next, 8), labels: ["bug", "p1"], estimate: n % 5, assignee: null } }),
];

/** `count` records, cycling through the nine forms, with unique context ids. */
export function makeRecords(count: number, seed = 1): Record<string, unknown>[] {
  const next = random(seed);
  const records: Record<string, unknown>[] = [];
  for (let n = 0; n < count; n++) {
    const body = BUILDERS[n % BUILDERS.length]!(next, n);
    records.push({ version: 1, contextId: `ctx_${n.toString(36)}`, ...body });
  }
  // Decoders see parsed JSON, as a server does: plain objects with fresh strings.
  return JSON.parse(JSON.stringify(records)) as Record<string, unknown>[];
}

/** `count` message contexts of `size` records each. */
export function makeMessageContexts(count: number, size: number, seed = 2): { version: 1; records: unknown[] }[] {
  const records = makeRecords(count * size, seed);
  const contexts: { version: 1; records: unknown[] }[] = [];
  for (let i = 0; i < count; i++) contexts.push({ version: 1, records: records.slice(i * size, (i + 1) * size) });
  return contexts;
}
