// `t3-composer/transcript.js`: the transcript-only drop-in, a module for a <script type="module">
// tag. Importing it defines <t3-transcript>; it exports the element and the chip registry its
// chips are drawn by. No editor, no transport. A transcript draws nothing without its engine
// (src/elements/transcript/engine.ts), so this file holds it (the build follows the element's
// dynamic import of it: rollup.config.js) and draws Markdown and chips from its own file. What
// opens on a chip when a person acts on it is a chunk beside it (dist/transcript/overlays.js:
// src/elements/chunks.ts), fetched relative to this module's URL when the transcript is
// first idle, or on first use.
import "../elements/define-transcript.js";

export { T3TranscriptElement } from "../elements/transcript/t3-transcript.js";
export { chipRegistry, createChipRegistry, entryBodyFromRegistry } from "../presentation/index.js";
