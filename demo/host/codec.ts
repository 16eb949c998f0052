// The codec functions the host uses, in one place so that the host reads like any backend that
// depends on `t3-composer/codec`.
// TODO(contract, projection): these are stand-ins until decodeMessageContext,
// normalizeMessageAttachments (branch `contract`) and projectComposerContextForProvider (branch
// `projection`) land on main; then this file re-exports them from src/codec.
import type { ComposerContextRecord, DecodeResult, MessageContext } from "../../src/codec/index.js";

export function decodeMessageContext(input: unknown): DecodeResult<MessageContext> {
  if (typeof input !== "object" || input === null) return { success: false, issues: [{ path: "", message: "Expected an object" }] };
  const { version, records } = input as { version?: unknown; records?: unknown };
  if (version !== 1) return { success: false, issues: [{ path: "version", message: "Expected 1" }] };
  if (!Array.isArray(records)) return { success: false, issues: [{ path: "records", message: "Expected an array" }] };
  const kept = records.filter(
    (r): r is ComposerContextRecord => typeof r === "object" && r !== null && typeof (r as { contextId?: unknown }).contextId === "string",
  );
  return { success: true, output: { version: 1, records: kept } };
}

export function normalizeMessageAttachments(context: MessageContext, persistedIds: ReadonlyMap<string, string>): MessageContext {
  return {
    ...context,
    records: context.records.map((record) => {
      if ((record.kind !== "image" && record.kind !== "file") || !("attachmentId" in record)) return record;
      const persisted = persistedIds.get(record.attachmentId);
      return persisted === undefined ? record : { ...record, attachmentId: persisted };
    }),
  };
}

export function projectComposerContextForProvider(input: { text: string; records: readonly ComposerContextRecord[] }): string {
  return input.text;
}
