// What a copy puts on the clipboard, for both elements (docs/composer.md, "Copy"):
// canonical Markdown as `text/plain`, and, when the copied text links to records, the fragment
// of just those records under the custom type and inside `text/html`.
import { CONTEXT_FRAGMENT_MIME, encodeClipboardFragment, encodeClipboardHtml } from "../codec/clipboard.js";
import { collectComposerContextReferences } from "../codec/references.js";
import { asKnownContextRecord } from "../contract/kinds.js";
import type { ClipboardFragment, ClipboardFragmentSource, ComposerContextRecord } from "../contract/types.js";

export const PLAIN_TEXT_TYPE = "text/plain";
export const HTML_TYPE = "text/html";
/** The fragment type without Chromium's `web ` prefix: some forks write it so (docs/composer.md, "Copy"). */
export const BARE_FRAGMENT_TYPE = CONTEXT_FRAGMENT_MIME.replace(/^web /, "");

/** What one copy writes: the Markdown, and the fragment of the records it links to (or `null`). */
export interface CopyPayload {
  text: string;
  fragment: ClipboardFragment | null;
}

/**
 * The `source` of a fragment. `environmentId` is required by the schema; an element without an
 * `environment-id` names the page's origin, which is what "where this was copied" means for a
 * page that has one environment. Blank attributes count as absent.
 */
export function fragmentSource(environmentId: string | null | undefined, threadId: string | null | undefined, messageId?: string): ClipboardFragmentSource {
  const source: ClipboardFragmentSource = { environmentId: environmentId?.trim() || location.origin };
  const thread = threadId?.trim();
  if (thread) source.threadId = thread;
  if (messageId?.trim()) source.messageId = messageId.trim();
  return source;
}

/**
 * The payload of `text`: the records its links point at (first link first), each found through
 * `lookup`, plus the screenshot image of every annotation among them (a paste reads it back:
 * docs/composer.md, "Paste"). A link `lookup` cannot resolve travels as text only. No record, no
 * fragment.
 */
export function copyPayload(
  text: string,
  lookup: (contextId: string) => ComposerContextRecord | undefined,
  source: ClipboardFragmentSource,
): CopyPayload {
  const records = new Map<string, ComposerContextRecord>();
  const add = (contextId: string) => {
    if (records.has(contextId)) return;
    const record = lookup(contextId);
    if (!record) return;
    records.set(contextId, record);
    const known = asKnownContextRecord(record);
    if (known?.kind === "preview-annotation" && known.screenshotContextId) add(known.screenshotContextId);
  };
  for (const occurrence of collectComposerContextReferences(text)) add(occurrence.contextId);
  if (records.size === 0) return { text, fragment: null };
  return { text, fragment: { version: 1, source, records: [...records.values()] } };
}

/**
 * The clipboard types of a payload, in the order they are written. `html` is the rich form of
 * the copy (the transcript's rendered selection); without it the HTML flavor is the text in a
 * `<pre>`, and without a fragment there is no HTML at all unless `html` is given. A fragment
 * whose JSON is over the codec's limit is left out: the text still travels.
 */
export function clipboardTypes(payload: CopyPayload, html?: string): Map<string, string> {
  const types = new Map<string, string>([[PLAIN_TEXT_TYPE, payload.text]]);
  const json = payload.fragment ? encodeClipboardFragment(payload.fragment) : null;
  if (json !== null) {
    types.set(CONTEXT_FRAGMENT_MIME, json);
    types.set(HTML_TYPE, encodeClipboardHtml(json, html === undefined ? { text: payload.text } : { html }));
  } else if (html !== undefined) {
    types.set(HTML_TYPE, html);
  }
  return types;
}

/** Writes a payload into a copy or cut event's `clipboardData` (the caller prevents the default). */
export function writeDataTransfer(data: DataTransfer, payload: CopyPayload, html?: string): void {
  data.clearData();
  for (const [type, value] of clipboardTypes(payload, html)) data.setData(type, value);
}
