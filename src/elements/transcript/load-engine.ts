// The transcript's engine (engine.ts: drawing, interaction and the Markdown engine) is loaded when
// a transcript first has something to draw, not when the package is imported: a page that shows a
// composer first never pays for it up front (docs/performance.md, "What the drop-ins load later").
// In the combined drop-in it is a chunk beside the module (dist/drop-in/engine.js), fetched
// relative to the drop-in's own URL, so a self-hosted copy loads it from the same place; the
// transcript-only drop-in holds it in its own file (src/drop-in/transcript.ts imports it). Until it
// has loaded, a transcript keeps its thread (early-thread.ts) and waits before drawing.
import { Chunk } from "../chunks.js";
import type * as Engine from "./engine.js";

/** The chunk's exports. */
export type TranscriptEngine = typeof Engine;

const engine = new Chunk<TranscriptEngine>(() => import("./engine.js"));

/** The engine, loaded once per page (again after a failure, for the next transcript that draws). */
export function loadEngine(): Promise<TranscriptEngine> {
  return engine.get();
}

/** Whether the engine is in (a transcript then draws at once, with no status first). */
export function engineLoaded(): boolean {
  return engine.loaded !== undefined;
}
