// The clipboard fragment (docs/wire-format.md, "Clipboard fragment"): the records that travel with copied
// text, as JSON under a custom MIME type and inside the `text/html` flavor.
import { ClipboardFragmentSchema } from "../contract/clipboard-fragment.js";
import { decodeWith } from "../contract/decode.js";
import { CLIPBOARD_HTML_MAX, RECORDS_JSON_MAX } from "../contract/limits.js";
import type { ClipboardFragment } from "../contract/types.js";

/**
 * The clipboard type of a fragment. The `web ` prefix is Chromium's convention for custom
 * formats (some forks drop it).
 */
export const CONTEXT_FRAGMENT_MIME = "web application/x-t3-context-fragment+json";

/** The attribute that carries the percent-encoded fragment in the HTML flavor. */
const FRAGMENT_ATTRIBUTE = "data-t3-context-fragment";
const ATTRIBUTE_PREFIX = FRAGMENT_ATTRIBUTE + "=";
const QUOTATION_MARK = 0x22;
const APOSTROPHE = 0x27;

/**
 * Serializes a fragment to its JSON. Returns `null` when the JSON is longer than 16,000,000
 * characters. Throws only what `JSON.stringify` throws (a cycle or a BigInt, which no decoded
 * record holds).
 */
export function encodeClipboardFragment(fragment: ClipboardFragment): string | null {
  const json = JSON.stringify(fragment);
  return json.length <= RECORDS_JSON_MAX ? json : null;
}

/**
 * Reads a fragment from clipboard JSON, which is untrusted. Returns `null` for `null`,
 * `undefined` or `""`, for more than 16,000,000 characters, for text that is not JSON and for
 * JSON that is not a version-1 fragment (a missing or blank `environmentId`, for example).
 * Records that do not decode are dropped; duplicate ids are kept. Throws a `TypeError` only
 * when called with something that is not a string, `null` or `undefined`.
 */
export function decodeClipboardFragment(text: string | null | undefined): ClipboardFragment | null {
  if (text === null || text === undefined) return null;
  expectString(text, "decodeClipboardFragment");
  if (text === "" || text.length > RECORDS_JSON_MAX) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const result = decodeWith(ClipboardFragmentSchema, value);
  return result.success ? result.output : null;
}

/**
 * Writes the `text/html` flavor: the fragment JSON (as `encodeClipboardFragment` returns it),
 * percent-encoded, in a `data-t3-context-fragment` attribute. With `content.html`, that HTML is
 * wrapped in a `<div>` as it is (and `text` is ignored); otherwise `content.text`, with `&`,
 * `<` and `>` escaped, goes in a `<pre>`. Besides `encodeURIComponent`, `'` is written `%27`,
 * so that decoders that stop at either quote (T3 Code's does) read the whole value. Throws a
 * `URIError` if `fragmentJson` holds a lone surrogate, which `JSON.stringify` never writes.
 */
export function encodeClipboardHtml(
  fragmentJson: string,
  content: { html?: string | undefined; text?: string | undefined },
): string {
  expectString(fragmentJson, "encodeClipboardHtml");
  const attribute = `${FRAGMENT_ATTRIBUTE}="${encodeURIComponent(fragmentJson).replaceAll("'", "%27")}"`;
  if (content.html !== undefined) return `<div ${attribute}>${content.html}</div>`;
  return `<pre ${attribute}>${escapeHtmlText(content.text ?? "")}</pre>`;
}

/**
 * Reads a fragment from the `text/html` flavor, which is untrusted. Takes the first
 * `data-t3-context-fragment=` attribute with a non-empty quoted value: a double-quoted value
 * runs to the next `"`, a single-quoted one to the next `'` (docs/wire-format.md, "Clipboard fragment": a value written
 * with a raw `'` inside double quotes, as T3 Code's encoder writes it, still decodes). Returns
 * `null` for `null`, `undefined` or `""`, for more than 64,000,000 characters, when there is no
 * such attribute, when the value is not valid percent-encoding, and when
 * `decodeClipboardFragment` of the decoded value is `null`.
 */
export function decodeClipboardHtml(html: string | null | undefined): ClipboardFragment | null {
  if (html === null || html === undefined) return null;
  expectString(html, "decodeClipboardHtml");
  if (html === "" || html.length > CLIPBOARD_HTML_MAX) return null;
  const encoded = readFragmentAttribute(html);
  if (encoded === null) return null;
  let json: string;
  try {
    json = decodeURIComponent(encoded);
  } catch {
    return null; // URIError: malformed percent-encoding
  }
  return decodeClipboardFragment(json);
}

/**
 * The value of the first fragment attribute with a quoted, non-empty value, or `null`.
 *
 * An unquoted or empty occurrence is skipped, as T3 Code's
 * `data-t3-context-fragment=["']([^"']+)["']` skips it; so is one whose quote never closes.
 * The scan is linear without a backtracking pattern: a closing quote that is found either ends
 * the scan or sits right after the opening one, and a search that finds none can happen once per
 * kind of quote (a later value opened with that quote would itself be a closing quote).
 */
function readFragmentAttribute(html: string): string | null {
  let at = html.indexOf(ATTRIBUTE_PREFIX);
  while (at !== -1) {
    const open = at + ATTRIBUTE_PREFIX.length;
    const quote = html.charCodeAt(open);
    if (quote === QUOTATION_MARK || quote === APOSTROPHE) {
      const close = html.indexOf(quote === QUOTATION_MARK ? '"' : "'", open + 1);
      if (close > open + 1) return html.slice(open + 1, close);
    }
    // The attribute name has no repeated prefix, so occurrences cannot overlap.
    at = html.indexOf(ATTRIBUTE_PREFIX, open);
  }
  return null;
}

const HTML_TEXT_SPECIALS = /[&<>]/g;

/** Escapes text for an HTML text node: `&`, `<` and `>` (quotes need no escape there). */
function escapeHtmlText(text: string): string {
  return text.replace(HTML_TEXT_SPECIALS, (char) => (char === "&" ? "&amp;" : char === "<" ? "&lt;" : "&gt;"));
}

/** Misuse by the calling code throws at once (house style, point 7). */
function expectString(value: unknown, caller: string): asserts value is string {
  if (typeof value !== "string") throw new TypeError(`${caller} expects a string, got ${typeof value}`);
}
