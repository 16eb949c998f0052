// `t3-composer/codec/secrets`: the secrets redactor (docs/secrets.md), an entry of its own beside
// `t3-composer/codec` so that a host that does not redact does not load the rules (docs/entries.md).
// No DOM, no Node API.
export { redactSecrets } from "./redact.js";
export type { RedactionHit, RedactionResult } from "./redact.js";
export { SECRET_RULES } from "./redact-rules.js";
export type { RedactionRule } from "./redact-rules.js";
export { redactContextRecord } from "./redact-record.js";
export type { RedactedRecord, TextRedactor } from "./redact-record.js";
