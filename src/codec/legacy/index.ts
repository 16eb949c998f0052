// T3 Code's legacy message format (docs/wire-format.md, "Legacy text"), exported by
// `t3-composer/codec` and, for one more release, by its old path `t3-composer/codec/legacy`
// (docs/entries.md, "Old paths"). No DOM, no Node API.
export { upgradeLegacyContextMessage } from "./upgrade.js";
export type { UpgradedLegacyContext } from "./upgrade.js";
export { serializeLegacyContextMessage } from "./serialize.js";
// It falls back to the upgrade for a message stored without a `context`, so it lives where the upgrade does.
export { resolveUserMessageContext } from "../resolve.js";
export type { ResolvedUserMessageContext } from "../resolve.js";
