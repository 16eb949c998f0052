// `t3-composer/transcript.js`: the transcript-only drop-in, one self-contained module for a
// <script type="module"> tag. Importing it defines <t3-transcript>; it exports the element and the
// chip registry its chips are drawn by. No editor, no transport. A transcript draws nothing
// without its engine (src/elements/transcript/engine.ts), so this file holds it: the build inlines
// the element's dynamic import of it (rollup.config.js).
import "../elements/define-transcript.js";

export { T3TranscriptElement } from "../elements/transcript/t3-transcript.js";
export { chipRegistry, createChipRegistry, entryBodyFromRegistry } from "../presentation/index.js";
