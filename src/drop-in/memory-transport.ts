// `t3-composer/memory-transport.js`: the memory transport for a page that uses the drop-in, a
// module of its own beside dist/t3-composer.js. It is a test double (no host at all: messages stay
// in the page), so the drop-ins leave it out and a page that wants it imports it from here.
export { createMemoryTransport } from "../transport/memory-transport.js";
