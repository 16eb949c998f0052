// `t3-composer/memory-transport.js`, an old path kept for one release (docs/entries.md, "Old
// paths"): the combined drop-in `t3-composer.js` exports `createMemoryTransport` itself now. This
// module imports it from there; src/moved/memory-transport.ts is its development twin, which warns.
export { createMemoryTransport } from "../transport/memory-transport.js";
