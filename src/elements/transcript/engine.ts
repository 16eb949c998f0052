// The transcript's engine chunk (load-engine.ts says when it loads): everything a transcript needs
// to draw a thread and let a person act on it, Markdown engine included, and the styles of what it
// draws. Everything it holds is reached through this module, and in the combined drop-in only
// through a dynamic import.
import { mediaStyles } from "../../presentation/media.styles.js";
import { codeBlockStyles } from "./code/code-block.styles.js";
import { transcriptStyles } from "./t3-transcript.styles.js";

export { TranscriptDrawing } from "./drawing.js";

/**
 * The styles of the drawn thread: the element adopts them when the engine is in. Those of the
 * overlays come with them (transcript/overlays.ts).
 */
export const drawingStyles = [mediaStyles, transcriptStyles, codeBlockStyles];
