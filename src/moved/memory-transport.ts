// `t3-composer/memory-transport.js` under the `development` condition: warns once, then exports
// what src/drop-in/memory-transport.ts does (src/moved/warn.ts).
import { warnMovedPath } from "./warn.js";

warnMovedPath("t3-composer/memory-transport.js", "t3-composer/t3-composer.js");

export { createMemoryTransport } from "../transport/memory-transport.js";
