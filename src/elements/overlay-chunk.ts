// The chip overlays both elements open on a person's action (a click, Enter, a long press, a
// hover): the composer's chip menu, the transcript's details popover, hover card, media modal and
// chip menu, and the built-in details cards. They are one chunk (overlays/overlays.ts) that the
// elements share, loaded as chunks.ts says (docs/performance.md, "What the drop-ins load later"):
// fetched when an element is first idle, or on first use if that comes sooner. An overlay asked
// for before the chunk is in opens once it arrives, unless its node went away or the focus moved
// meanwhile (the person has moved on); a failed load is a `load-failed` and the next action tries
// again.
import { provideDetailsRenderers } from "../presentation/details/lazy.js";
import { Chunk, type ChunkLoads } from "./chunks.js";
import type * as OverlaysChunk from "./overlays/overlays.js";

/** The chunk's exports. */
export type OverlayParts = typeof OverlaysChunk;

/** @internal */
export const overlayChunk = new Chunk<OverlayParts>(() =>
  import("./overlays/overlays.js").then((parts) => {
    provideDetailsRenderers(parts.detailsRenderers);
    return parts;
  }),
);

/** Whether `node` is still there and the focus is where it was: taken now, asked later. */
export function unchangedFocus(node: Node): () => boolean {
  const root = node.getRootNode() as Document | ShadowRoot;
  const focused = root.activeElement;
  return () => node.isConnected && root.activeElement === focused;
}

/**
 * Runs `open` with the overlays: at once when the chunk is in, else once it has loaded (through
 * `loads`, so that the element's `updateComplete` waits for it), if `still()` then holds.
 */
export function withOverlays(loads: ChunkLoads, open: (parts: OverlayParts) => void, still: () => boolean): void {
  const loaded = overlayChunk.loaded;
  if (loaded) {
    open(loaded);
    return;
  }
  void loads.run(overlayChunk, (parts) => {
    if (still()) open(parts);
  });
}
