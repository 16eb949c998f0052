// The legacy reader chunk (load-legacy.ts says when it loads): T3 Code's upgrade of a message
// written before inline references (docs/wire-format.md, "Legacy text"), with everything only it
// uses. Reached only through the dynamic import in load-legacy.ts.
export { resolveUserMessageContext } from "../../codec/resolve.js";
