// `t3-composer/codec/legacy`: T3 Code's legacy message format (docs/wire-format.md, "Legacy text"),
// an entry of its own beside `t3-composer/codec` so that a host that stores and sends only
// canonical Markdown does not load the legacy reader (docs/entries.md). No DOM, no Node API.
export { upgradeLegacyContextMessage } from "./upgrade.js";
export type { UpgradedLegacyContext } from "./upgrade.js";
export { serializeLegacyContextMessage } from "./serialize.js";
// It falls back to the upgrade for a message stored without a `context`, so it lives where the upgrade does.
export { resolveUserMessageContext } from "../resolve.js";
export type { ResolvedUserMessageContext } from "../resolve.js";
