import type { ElementDetails, ElementSourceLocation } from "../../contract/types.js";
import { appendAll, codeBlock, detailsCard, fieldList, linkWithHost, section } from "./card.js";
import { el } from "./dom.js";

/** `file:line:column (function)`, with the parts a build did not report left out. */
export function formatSourceLocation(source: ElementSourceLocation | null): string {
  if (!source?.fileName) return source?.functionName ?? "";
  let place = source.fileName;
  if (source.lineNumber !== null) place += `:${source.lineNumber}`;
  if (source.lineNumber !== null && source.columnNumber !== null) place += `:${source.columnNumber}`;
  return source.functionName ? `${place} (${source.functionName})` : place;
}

/** The rows and sections shared by element records and the elements of a preview annotation. */
export function elementDetailsNodes(details: ElementDetails): Array<HTMLElement | null> {
  const selector = details.selector ? el("code", undefined, details.selector) : null;
  return [
    fieldList([
      ["URL", details.pageUrl ? linkWithHost(details.pageUrl) : null],
      ["Page", details.pageTitle],
      ["Element", `<${details.tagName}>`],
      ["Selector", selector],
      ["Component", details.componentName],
      ["Source", formatSourceLocation(details.source)],
    ]),
    details.htmlPreview ? section("HTML", codeBlock(details.htmlPreview)) : null,
    details.styles ? section("Styles", codeBlock(details.styles)) : null,
  ];
}

/** A page element: "Browser element" with its url, selector, component, source, html and styles. */
export function renderElementDetails(record: ElementDetails): HTMLElement {
  return appendAll(detailsCard("element", "Browser element"), elementDetailsNodes(record));
}
