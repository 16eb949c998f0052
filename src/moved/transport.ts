// `t3-composer/transport` under the `development` condition: warns once, then exports what
// src/transport/index.ts does (src/moved/warn.ts).
import { warnMovedPath } from "./warn.js";

warnMovedPath("t3-composer/transport", "t3-composer");

export { ComposerError, HostResponseError, createFetchTransport, createMemoryTransport, createWebSocketTransport } from "../transport/index.js";
