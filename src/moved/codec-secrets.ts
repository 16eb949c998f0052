// `t3-composer/codec/secrets` under the `development` condition: warns once, then exports what
// src/codec/secrets.ts does (src/moved/warn.ts).
import { warnMovedPath } from "./warn.js";

warnMovedPath("t3-composer/codec/secrets", "t3-composer/codec");

export { redactContextRecord, redactSecrets, SECRET_RULES } from "../codec/secrets.js";
