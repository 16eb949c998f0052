// Terminal and element records from legacy entries (docs/wire-format.md, "Legacy text", step 4).
import type {
  ElementContextRecord,
  ElementDetails,
  ElementSourceLocation,
  TerminalContextRecord,
} from "../../contract/types.js";
import type { LegacyEntry } from "./entries.js";
import { terminalSlug } from "./terminal-label.js";
import { legacyContextId } from "./tags.js";

// The header as the old client wrote it: `Build line 7` or `Build lines 3-9`.
const TERMINAL_HEADER = /^(.*?) (?:line (\d+)|lines (\d+)-(\d+))$/;
/** The old line numbering, `12 | `, removed from each captured line. */
const LINE_NUMBER = /^\d+ \| ?/;

/**
 * The terminal record of an entry, or `null` when its header is not `<label> line(s) …`.
 * @internal
 */
export function terminalRecordFromEntry(entry: LegacyEntry, index: number): TerminalContextRecord | null {
  const match = TERMINAL_HEADER.exec(entry.header);
  const terminalLabel = match?.[1]!.trim();
  if (!match || !terminalLabel) return null;
  const single = match[2];
  return {
    version: 1,
    contextId: legacyContextId("terminal", index),
    kind: "terminal",
    label: entry.header,
    terminalId: terminalSlug(terminalLabel),
    terminalLabel,
    lineStart: Number(single ?? match[3]),
    lineEnd: Number(single ?? match[4]),
    // Lines outside the declared range are kept: the payload is what was captured.
    text: entry.body
      .split("\n")
      .map((line) => line.replace(LINE_NUMBER, ""))
      .join("\n"),
  };
}

const ELEMENT_HEADER = /^<([^>]+)>/;
// `.` stops at line terminators: a value holding "\r" makes the line no field at all.
const FIELD = /^([a-z]+): (.*)$/;
const SECTION = /^(html|styles):$/;
const UPPERCASE = /[A-Z]/;
// The first `:line[:col]` that ends the location: `a:1:2:3` is `a:1` line 2 column 3.
const LINE_AND_COLUMN = /:(\d+)(?::(\d+))?$/;
const SECTION_INDENT = "  ";

/**
 * `file[:line[:col]]`, the file part as short as possible (so `a:1:2:3` is file `a:1`). A
 * location with no file part gives `null`.
 * @internal
 */
export function parseSourceLocation(location: string): ElementSourceLocation | null {
  const match = LINE_AND_COLUMN.exec(location);
  const fileName = match ? location.slice(0, match.index) : location;
  if (!fileName) return null;
  return {
    functionName: null,
    fileName,
    lineNumber: match ? Number(match[1]) : null,
    columnNumber: match?.[2] !== undefined ? Number(match[2]) : null,
  };
}

/**
 * The element an entry describes, or `null` when its header does not start with `<inner>`.
 * `inner` is the element's label, tag (lowercased) and, when it has an uppercase letter, its
 * component name.
 * @internal
 */
export function elementFromEntry(entry: LegacyEntry): { inner: string; details: ElementDetails } | null {
  const header = ELEMENT_HEADER.exec(entry.header);
  if (!header) return null;
  const inner = header[1]!;
  const fields = new Map<string, string>();
  const sections = new Map<string, string[]>();
  let section: string[] | undefined;
  for (const line of entry.body.split("\n")) {
    if (section && (line.startsWith(SECTION_INDENT) || line === "")) {
      section.push(line.slice(SECTION_INDENT.length));
      continue;
    }
    section = undefined;
    const field = FIELD.exec(line);
    if (field) {
      fields.set(field[1]!, field[2]!);
      continue;
    }
    const opened = SECTION.exec(line);
    if (opened) sections.set(opened[1]!, (section = []));
  }
  const sectionText = (name: string) => (sections.get(name) ?? []).join("\n").trimEnd();
  const source = fields.get("source");
  return {
    inner,
    details: {
      pageUrl: fields.get("url") ?? "",
      pageTitle: null,
      tagName: inner.toLowerCase(),
      selector: fields.get("selector") ?? null,
      htmlPreview: sectionText("html"),
      componentName: UPPERCASE.test(inner) ? inner : null,
      source: source ? parseSourceLocation(source) : null,
      styles: sectionText("styles"),
    },
  };
}

/**
 * The element record of an entry, or `null` as {@link elementFromEntry}.
 * @internal
 */
export function elementRecordFromEntry(entry: LegacyEntry, index: number): ElementContextRecord | null {
  const element = elementFromEntry(entry);
  if (!element) return null;
  return {
    version: 1,
    contextId: legacyContextId("element", index),
    kind: "element",
    label: `<${element.inner}>`,
    ...element.details,
  };
}
