// The codec functions the host uses, in one place so that the host reads like any backend that
// depends on `t3-composer/codec`.
// TODO(projection): projectComposerContextForProvider is a stand-in until branch `projection`
// lands on main; then this file re-exports it from src/codec like the others.
import type { ComposerContextRecord } from "../../src/codec/index.js";

export { decodeMessageContext, normalizeMessageAttachments } from "../../src/codec/index.js";

export function projectComposerContextForProvider(input: { text: string; records: readonly ComposerContextRecord[] }): string {
  return input.text;
}
