// The transcript's engine chunk (load-engine.ts says when it loads): everything a transcript needs
// to draw a thread and let a person act on it, Markdown engine included. Everything it holds is
// reached through this module, and in the combined drop-in only through a dynamic import.
export { TranscriptDrawing } from "./drawing.js";
