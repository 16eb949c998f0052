// Whether a record the upgrade built passes the v1 contract as it is (docs/wire-format.md, "Legacy text", steps 1 and 6).
import { decodeComposerContextRecord } from "../../contract/decode.js";
import type { ComposerContextRecord, ElementDetails } from "../../contract/types.js";

/**
 * The reference checks with `Schema.is`, which validates without decoding: a string the decoder
 * would trim must already be trimmed. Of the trimmed fields, only an element's `tagName` can come
 * out of the upgrade untrimmed (`- < div >:` gives `" div "`), so that one is checked beside the
 * decoder, which would trim it and succeed.
 * @internal
 */
export function passesContract(record: ComposerContextRecord): boolean {
  if (!decodeComposerContextRecord(record).success) return false;
  const elements = record.kind === "element" ? [record as ElementDetails] : ((record as { elements?: ElementDetails[] }).elements ?? []);
  return elements.every(({ tagName }) => tagName === tagName.trim());
}
