// A `<preview_annotation>` body as a `preview-annotation` record (docs/wire-format.md, "Legacy text", step 4).
import type { ElementDetails, PreviewAnnotationContextRecord } from "../../contract/types.js";
import { parseLegacyEntries } from "./entries.js";
import { elementFromEntry } from "./records.js";
import { ELEMENT_TAG, closeTag, legacyContextId, openTag } from "./tags.js";

const ID_PREFIX = "Id: ";
const PAGE_PREFIX = "Page: ";
const COMMENT_PREFIX = "Comment: ";
const TARGETS_PREFIX = "Targets: ";
const STYLE_HEADING = "Requested visual changes:";
const STYLE_ITEM = "- ";
const PAGE_URL = /^https?:\/\//i;
const DEFAULT_LABEL = "Preview annotation";
const NESTED_OPEN = openTag(ELEMENT_TAG) + "\n";
const NESTED_CLOSE = "\n" + closeTag(ELEMENT_TAG);

/**
 * The elements of every nested `<element_context>\n…\n</element_context>` block, or `null` when
 * one is malformed. An empty nested block is allowed.
 */
function nestedElements(body: string): ElementDetails[] | null {
  const elements: ElementDetails[] = [];
  let from = 0;
  for (;;) {
    const open = body.indexOf(NESTED_OPEN, from);
    if (open === -1) break;
    const close = body.indexOf(NESTED_CLOSE, open + NESTED_OPEN.length);
    // No close after this opening means none after any later opening either.
    if (close === -1) break;
    const entries = parseLegacyEntries(body.slice(open + NESTED_OPEN.length, close));
    if (entries === null) return null;
    for (const entry of entries) {
      const element = elementFromEntry(entry);
      if (!element) return null;
      elements.push(element.details);
    }
    from = close + NESTED_CLOSE.length;
  }
  return elements;
}

/**
 * The annotation of a preview body, or `null` when a nested element block is malformed.
 * @internal
 */
export function previewRecordFromBody(body: string, index: number): PreviewAnnotationContextRecord | null {
  const lines = body.split("\n");
  // The first line with each prefix wins.
  const read = (prefix: string) => lines.find((line) => line.startsWith(prefix))?.slice(prefix.length).trim() ?? "";
  const styleChanges: string[] = [];
  const heading = lines.indexOf(STYLE_HEADING);
  if (heading !== -1) {
    for (const line of lines.slice(heading + 1)) {
      if (!line.startsWith(STYLE_ITEM)) break;
      styleChanges.push(line.slice(STYLE_ITEM.length));
    }
  }
  const elements = nestedElements(body);
  if (elements === null) return null;
  const page = read(PAGE_PREFIX);
  const pageIsUrl = PAGE_URL.test(page);
  return {
    version: 1,
    contextId: legacyContextId("preview-annotation", index),
    kind: "preview-annotation",
    label: page || DEFAULT_LABEL,
    annotationId: read(ID_PREFIX),
    pageUrl: pageIsUrl ? page : (elements[0]?.pageUrl ?? ""),
    pageTitle: pageIsUrl ? null : page || null,
    comment: read(COMMENT_PREFIX),
    targetSummary: read(TARGETS_PREFIX),
    styleChanges,
    ...(elements.length > 0 ? { elements } : {}),
  };
}
