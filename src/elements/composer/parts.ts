// The composer's on-demand parts (docs/performance.md, "What the drop-ins load later"): the preview
// panel and `preview()`'s projection, the reveal menu, the stale-context checks, the budget's
// measure and meter. A chunk loaded through the element's `ChunkLoads` (elements/chunks.ts) when
// `showPreview()` or `preview()` is called, a chip with hidden secrets is activated,
// `validateContext` is set and the draft changes, or a `budget` is set.
import { adoptInto } from "../adopt-styles.js";
import { Chunk, type ChunkLoads } from "../chunks.js";
import type * as ComposerPartsChunk from "./on-demand/composer-parts.js";

/** The parts' exports. */
export type ComposerParts = typeof ComposerPartsChunk;

const composerParts = new Chunk<ComposerParts>(() => import("./on-demand/composer-parts.js"));

/**
 * Runs `use` with the parts once they have loaded, their styles adopted into `root` first, and
 * resolves with what it returned. A failed load fires `t3-error` (`load-failed`) and resolves
 * with `undefined`.
 */
export function withComposerParts<T>(loads: ChunkLoads, root: ShadowRoot | null, use: (parts: ComposerParts) => T): Promise<Awaited<T> | undefined> {
  return loads.run(composerParts, (loaded) => {
    adoptInto(root, loaded.partStyles);
    return use(loaded);
  });
}
