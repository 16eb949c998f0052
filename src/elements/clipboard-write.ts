// Writing a copy without a copy event (a button): the async clipboard with a ClipboardItem of
// every type, falling back to fewer types, then to plain text (docs/composer.md, "Copy").
import { CONTEXT_FRAGMENT_MIME } from "../codec/clipboard.js";
import { clipboardTypes, type CopyPayload } from "./clipboard-payload.js";

/** Chromium's prefix for custom clipboard formats; the blob itself has the type without it. */
const CUSTOM_FORMAT_PREFIX = /^web /;

function clipboardItem(types: ReadonlyMap<string, string>, withFragment: boolean): ClipboardItem {
  const blobs: Record<string, Blob> = {};
  for (const [type, value] of types) {
    if (withFragment || type !== CONTEXT_FRAGMENT_MIME) blobs[type] = new Blob([value], { type: type.replace(CUSTOM_FORMAT_PREFIX, "") });
  }
  return new ClipboardItem(blobs);
}

/**
 * Writes `payload` (with `html` as its rich form; without it, the text in a `<pre>`) through
 * `navigator.clipboard`: plain text, HTML and, where the browser takes custom formats, the
 * fragment type; without that type when the browser refuses it; as plain text when it refuses
 * `ClipboardItem`s. Rejects when it refuses even that (no permission, no focus).
 */
export async function writeClipboard(payload: CopyPayload, html?: string): Promise<void> {
  const clipboard = navigator.clipboard;
  const types = clipboardTypes(payload, html);
  if (typeof ClipboardItem === "function" && typeof clipboard?.write === "function") {
    const custom = types.has(CONTEXT_FRAGMENT_MIME) && (typeof ClipboardItem.supports !== "function" || ClipboardItem.supports(CONTEXT_FRAGMENT_MIME));
    for (const withFragment of custom ? [true, false] : [false]) {
      try {
        await clipboard.write([clipboardItem(types, withFragment)]);
        return;
      } catch (error) {
        console.warn(`t3-composer: the clipboard refused ${withFragment ? "the fragment type" : "HTML"}; writing less`, error);
      }
    }
  }
  await clipboard.writeText(payload.text);
}
