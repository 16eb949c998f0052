// Provider projection and legacy upgrade speed (issue 8). Run with `npx tsx bench/codec-project.bench.ts`.
//
// Main rows: collect + project a 1 MB message with 10,000 reference links to 2,000 records, 250 of
// each built-in kind (bench/project-fixture.ts), beside a minimal `text.replace` that writes the
// same output (≤ 1×); measureComposerContext beside the projection itself (≤ 1.2×); collect
// alone beside one scan of the same text with the link pattern
// precompiled (≤ 2×). Results are read inside the timing, so the copy that turns V8's rope into
// one string is counted on both sides.
//
// Pathological rows: hostile inputs, each timed at its full size and at half of it, interleaved.
// A near-linear routine takes about twice as long for twice the input (a quadratic one four
// times), so the row is that growth and nothing else: a ratio against unrelated text says little.
import assert from "node:assert/strict";
import { pathToFileURL } from "node:url";
import {
  collectComposerContextReferences,
  collectComposerInlineTokens,
  formatComposerContextReference,
  measureComposerContext,
  projectComposerContextForProvider,
  type ComposerContextRecord,
  upgradeLegacyContextMessage,
} from "t3-composer/codec";
import { median, type BenchRow } from "./lib/row.js";
import { linkedMessage } from "./project-fixture.js";

const WARMUP = 3;
const RUNS = 11;
const MB = 1_000_000;
/** The floor of issue 8: the collector's pattern, precompiled, iterated to the end. */
const LINK_PATTERN = /(!?)\[([^\]\n]{0,512})\]\((t3-context:\/\/v1\/[^\s)]{1,200})\)/g;
/** Twice the input may take this much longer before a row counts as worse than near-linear. */
const GROWTH_MAX = 3;
const COLLECT_RATIO_MAX = 2;
/** Collect + project against a program that only writes the same output (issue 17). */
const PROJECT_RATIO_MAX = 1;
/** Measuring the cost of a message against projecting it (issue 19). */
const MEASURE_RATIO_MAX = 1.2;
/** ms under which two timings are too close to the timer's resolution to compare. */
const NOISE_FLOOR_MS = 0.1;

let sink = 0;

const ENVELOPE_OPEN = '\n\n<t3_context version="1">\n';
const ENVELOPE_CLOSE = "\n</t3_context>";
const ENTRY_START = /\n(?=<context kind=")/;
const ENTRY_ID = /^<context kind="[^"]*" id="([^"]*)"/;

/** `Preview annotation` for `preview-annotation`, as markers name kinds (docs/wire-format.md). */
const displayName = (kind: string) => kind.charAt(0).toUpperCase() + kind.slice(1).replaceAll("-", " ");

/**
 * The floor of collect + project (issue 17): the least a program can do to write the same output,
 * one `text.replace(pattern, fn)` that writes each marker and appends each id's entry at its
 * first link, then the envelope. It is given every entry already formatted and every kind's
 * display name (read once from our output, outside the timing), so it does no per-record work;
 * before timing, its output must equal ours byte for byte.
 */
function minimalProjection(message: { text: string; records: readonly ComposerContextRecord[] }): () => string {
  const projected = projectComposerContextForProvider(message);
  const envelope = projected.slice(projected.lastIndexOf(ENVELOPE_OPEN) + ENVELOPE_OPEN.length, -ENVELOPE_CLOSE.length);
  const entries = new Map(envelope.split(ENTRY_START).map((entry) => [ENTRY_ID.exec(entry)![1]!, entry]));
  const names = new Map(message.records.map((record) => [record.contextId, displayName(record.kind)]));
  return () => {
    const written = new Set<string>();
    let out = "";
    const body = message.text.replace(LINK_PATTERN, (_link, _image: string, label: string, href: string) => {
      const id = href.slice(href.lastIndexOf("/") + 1);
      if (!written.has(id)) {
        written.add(id);
        out += (out === "" ? "" : "\n") + entries.get(id)!;
      }
      return `[${names.get(id)!}: ${label}; ref=${id}]`;
    });
    return body + ENVELOPE_OPEN + out + ENVELOPE_CLOSE;
  };
}

function floorScan(text: string): number {
  LINK_PATTERN.lastIndex = 0;
  let count = 0;
  while (LINK_PATTERN.exec(text)) count++;
  return count;
}

/**
 * Reads a result as its consumer would, inside the timing: a string built by appending is a rope
 * that V8 copies into one piece when it is first read, and that copy is part of the work.
 */
function consume(result: unknown): number {
  return typeof result === "string" ? result.charCodeAt(result.length - 1) | 0 : 1;
}

/** Each routine's ms per run after warm-up, run interleaved so drift affects them alike. */
function samples(...routines: (() => unknown)[]): number[][] {
  const times = routines.map((): number[] => []);
  for (let round = 0; round < WARMUP + RUNS; round++) {
    routines.forEach((routine, index) => {
      const started = performance.now();
      sink += consume(routine());
      const elapsed = performance.now() - started;
      if (round >= WARMUP) times[index]!.push(elapsed);
    });
  }
  return times;
}

/** Median ms of each routine. */
const time = (...routines: (() => unknown)[]): number[] => samples(...routines).map(median);

function mainRows(): BenchRow[] {
  const message = linkedMessage(MB, 10_000);
  assert.equal(collectComposerContextReferences(message.text).length, 10_000);
  assert.equal(floorScan(message.text), 10_000);
  const minimal = minimalProjection(message);
  assert.equal(minimal(), projectComposerContextForProvider(message), "the minimal projection must write exactly what ours writes");
  // Each routine is timed in a pair with its own floor: the garbage of one routine would otherwise
  // be collected in another's time, and each ratio compares figures of the same moments.
  const [project, projectFloor] = time(
    () => projectComposerContextForProvider(message),
    () => minimal(),
  );
  // The measure's figures must be the projection's before timing: same walk, counted.
  assert.equal(measureComposerContext(message).characters, projectComposerContextForProvider(message).length);
  const [measure, measureFloor] = time(
    () => measureComposerContext(message),
    () => projectComposerContextForProvider(message),
  );
  const [collect, collectFloor] = time(
    () => collectComposerContextReferences(message.text),
    () => floorScan(message.text),
  );
  const size = `${(message.text.length / MB).toFixed(2)} MB, 10,000 links`;
  const row = (name: string, ours: number, floor: number, peerName: string, max: number, note: string): BenchRow => ({
    name,
    ours,
    ratio: ours / floor,
    peer: floor,
    peerName,
    unit: "ms",
    target: `≤ ${max}×`,
    pass: ours / floor <= max,
    note,
  });
  return [
    row(
      `collect + project ${size}`,
      project!,
      projectFloor!,
      "text.replace writing the same output",
      PROJECT_RATIO_MAX,
      `${message.records.length} records (${message.records.length / 8} of each built-in kind), ${(projectComposerContextForProvider(message).length / MB).toFixed(2)} MB out`,
    ),
    row(
      `measureComposerContext ${size}`,
      measure!,
      measureFloor!,
      "projectComposerContextForProvider",
      MEASURE_RATIO_MAX,
      "characters and default token estimate, in total and per id",
    ),
    row(`collect alone ${size}`, collect!, collectFloor!, "one precompiled-regex scan", COLLECT_RATIO_MAX, "occurrence objects with sanitized labels"),
  ];
}

interface Pathology {
  name: string;
  /** The input at about `size` characters. */
  build(size: number): string;
  run(input: string): unknown;
}

const project = (text: string) => projectComposerContextForProvider({ text, records: [] });
const ALMOST_LINKS = [
  "[a](t3-context://v1/file/x y) ",
  "[a](t3-context://v1/file/x ",
  "[a](t3-context://v1/File/x) ",
  "[a](t3-context://v1/file/x/y) ",
  "[a\n](t3-context://v1/file/x) ",
  "[a](t3-context://v2/file/x) ",
];
const UNTERMINATED =
  "<terminal_context>\n- T line 1:\n  x\n<element_context>\n- <a>:\n<preview_annotation>\nPage: p\n" +
  '<review_comment sectionId="s" filePath="f.ts" startIndex="1" endIndex="1">\n```\n';
const LONG_LABEL = 64_000;
const repeatTo = (unit: string, size: number) => unit.repeat(Math.max(1, Math.round(size / unit.length)));

const PATHOLOGIES: Pathology[] = [
  { name: "project 1 MB of `[`", build: (size) => "[".repeat(size), run: project },
  {
    name: "project 1 MB of `[` ending in a link",
    build: (size) => "[".repeat(size) + "[a](t3-context://v1/file/x)",
    run: project,
  },
  {
    // About 34,000 of them. Sized like the other rows: 100,000 made 2.9 MB, and past the 1 MB of
    // L2 cache a core has here each character costs more, so its growth measured the cache too
    // (docs/performance.md, "Projection").
    name: "project 1 MB of almost-links",
    build: (size) => repeatTo(ALMOST_LINKS.join(""), size),
    run: project,
  },
  {
    name: "project 1 MB of link markers, no `[`",
    build: (size) => repeatTo("](t3-context://v1/file/x) ", size),
    run: project,
  },
  {
    name: "project 64,000-character labels",
    build: (size) => repeatTo(`[${"a".repeat(64_000)}](t3-context://v1/file/x) `, size),
    run: project,
  },
  {
    name: "write links with 64,000-character labels",
    build: (size) => repeatTo(" a\t[b]\\ c\n", size),
    run: (input) => {
      let out = "";
      for (let at = 0; at < input.length; at += LONG_LABEL) {
        out += formatComposerContextReference({ kind: "file", contextId: "x", label: input.slice(at, at + LONG_LABEL) });
      }
      return out;
    },
  },
  {
    name: "inline tokens of 1 MB of `[ `",
    build: (size) => repeatTo("[ ", size),
    run: collectComposerInlineTokens,
  },
  {
    name: "upgrade 10,000 unterminated legacy blocks",
    build: (size) => repeatTo(UNTERMINATED, size * 1.7),
    run: upgradeLegacyContextMessage,
  },
  { name: "upgrade 1 MB of `<`", build: (size) => "<".repeat(size), run: upgradeLegacyContextMessage },
  {
    name: "upgrade a review tag with 1 MB of attribute name",
    build: (size) => `<review_comment ${"a1-".repeat(size / 3)}>n</review_comment>`,
    run: upgradeLegacyContextMessage,
  },
  {
    name: "upgrade a review body of 100,000 fences",
    build: (size) => `<review_comment sectionId="s" filePath="f.ts" startIndex="1" endIndex="1">${"```\nx ```` y\n".repeat(size / 13)}</review_comment>`,
    run: upgradeLegacyContextMessage,
  },
  {
    name: "upgrade 100,000 glued inline labels",
    build: (size) => "@build:7x ".repeat(size / 10) + "\n<terminal_context>\n- Build line 7:\n  x\n</terminal_context>",
    run: upgradeLegacyContextMessage,
  },
];

function pathologyRow(pathology: Pathology): BenchRow {
  const full = pathology.build(MB);
  const half = pathology.build(MB / 2);
  const [fullTimes, halfTimes] = samples(
    () => pathology.run(full),
    () => pathology.run(half),
  );
  // The fastest runs are the ones a collection did not interrupt: the growth is read from them.
  const [fastest, fastestHalf] = [Math.min(...fullTimes!), Math.min(...halfTimes!)];
  const growth = fastest / fastestHalf;
  return {
    name: `${pathology.name}: growth`,
    ours: fastest,
    peer: fastestHalf,
    peerName: "the same input at half its size",
    unit: "ms",
    ratio: growth,
    target: `near-linear: 2× input ≤ ${GROWTH_MAX}× time`,
    // Below the timer's useful resolution, a ratio of two readings is noise, not growth.
    pass: growth <= GROWTH_MAX || fastest < NOISE_FLOOR_MS,
    note: `${(full.length / MB).toFixed(2)} MB, fastest of ${RUNS} runs; median ${median(fullTimes!).toFixed(2)} ms`,
  };
}

/** Runs every row and returns it. */
export async function run(): Promise<BenchRow[]> {
  const rows = mainRows();
  for (const pathology of PATHOLOGIES) rows.push(pathologyRow(pathology));
  if (sink < 0) console.log(sink);
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const rows = await run();
  const ms = (value: number) => value.toFixed(2).padStart(9);
  console.log(`${"ms".padEnd(58)} ${"ours".padStart(9)} ${"peer".padStart(9)} ${"ratio".padStart(7)}  pass  note`);
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(58)} ${ms(row.ours)} ${ms(row.peer)} ${row.ratio.toFixed(2).padStart(6)}×  ${row.pass ? "yes " : "NO  "}  ${row.note ?? ""}`,
    );
  }
}
