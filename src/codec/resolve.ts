// What a transcript shows for a user message (docs/wire-format.md, "Legacy text").
import type { ComposerContextRecord, MessageContext } from "../contract/types.js";
import { needsLegacyUpgrade } from "./legacy/markers.js";
import { upgradeLegacyContextMessage } from "./legacy/upgrade.js";

/** A message's canonical text, its records, and the records by `contextId`. */
export interface ResolvedUserMessageContext {
  text: string;
  records: readonly ComposerContextRecord[];
  /** The last record wins when two share an id. */
  recordsById: Map<string, ComposerContextRecord>;
}

/**
 * Resolves a stored user message for display: its `context` is used as it is when present;
 * otherwise the text is upgraded from the legacy format in memory
 * (`upgradeLegacyContextMessage`), which leaves text without legacy markers unchanged: the
 * transcript asks `needsLegacyUpgrade` (legacy/markers.ts) first, and loads the upgrade only then.
 */
export function resolveUserMessageContext(message: {
  text: string;
  context?: MessageContext | undefined;
}): ResolvedUserMessageContext {
  const { text, records } = needsLegacyUpgrade(message)
    ? upgradeLegacyContextMessage(message.text)
    : { text: message.text, records: message.context?.records ?? [] };
  return { text, records, recordsById: new Map(records.map((record) => [record.contextId, record])) };
}
