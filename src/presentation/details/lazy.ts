// The built-in presenters' details cards (terminal lines, a page element, a preview annotation, a
// review comment or pull request) are drawn by code in the overlays chunk, not in the first load
// (docs/performance.md, "What the drop-ins load later"): they only show in a popover or a hover card
// a person opens, and the elements open those once the chunk is in (elements/chunks.ts,
// which hands the renderers over here when it loads). A card asked for before that, by a host's
// own code, is an empty placeholder that the card replaces once the chunk arrives.
import type {
  ElementContextRecord,
  PreviewAnnotationContextRecord,
  ReviewCommentContextRecord,
  TerminalContextRecord,
} from "../../contract/types.js";
import type { ChipSurface } from "../types.js";

/** The renderers the overlays chunk holds. */
export interface DetailsRenderers {
  terminal(record: TerminalContextRecord): HTMLElement;
  element(record: ElementContextRecord): HTMLElement;
  previewAnnotation(record: PreviewAnnotationContextRecord, surface: ChipSurface): HTMLElement;
  review(record: ReviewCommentContextRecord): HTMLElement;
}

/** The placeholder's class (details/card.styles.ts has no rule for it: it is empty). */
const PENDING_CLASS = "t3-details-pending";

let renderers: DetailsRenderers | undefined;
/** Placeholders drawn before the renderers were in, each with what replaces it. */
let pending: Array<() => void> = [];

/** @internal Hands over the renderers (once the overlays chunk has loaded) and fills the placeholders. */
export function provideDetailsRenderers(loaded: DetailsRenderers): void {
  renderers = loaded;
  const fill = pending;
  pending = [];
  for (const replace of fill) replace();
}

/** A presenter's `renderDetails` that draws with the renderer `name` of the overlays chunk. */
export function lazyDetails<K extends keyof DetailsRenderers>(name: K): DetailsRenderers[K] {
  type Record = Parameters<DetailsRenderers[K]>[0];
  return ((record: Record, surface: ChipSurface) => {
    const draw = () => (renderers![name] as (record: Record, surface: ChipSurface) => HTMLElement)(record, surface);
    if (renderers) return draw();
    const placeholder = document.createElement("div");
    placeholder.className = PENDING_CLASS;
    pending.push(() => placeholder.replaceWith(draw()));
    return placeholder;
  }) as DetailsRenderers[K];
}
