// `t3-composer/codec/legacy` under the `development` condition: warns once, then exports what
// src/codec/legacy/index.ts does (src/moved/warn.ts).
import { warnMovedPath } from "./warn.js";

warnMovedPath("t3-composer/codec/legacy", "t3-composer/codec");

export { resolveUserMessageContext, serializeLegacyContextMessage, upgradeLegacyContextMessage } from "../codec/legacy/index.js";
