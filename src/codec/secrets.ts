// The secrets redactor (docs/secrets.md), exported by `t3-composer/codec` and, for one more
// release, by its old path `t3-composer/codec/secrets` (docs/entries.md, "Old paths").
// No DOM, no Node API.
export { redactSecrets } from "./redact.js";
export type { RedactionHit, RedactionResult } from "./redact.js";
export { SECRET_RULES } from "./redact-rules.js";
export type { RedactionRule } from "./redact-rules.js";
export { redactContextRecord } from "./redact-record.js";
export type { RedactedRecord, TextRedactor } from "./redact-record.js";
