// The overlays a transcript owns (docs/transcript.md, "Chips"): the details popover, the hover card
// and the media modal come with the overlays chunk (chunks.ts), made (and their styles
// adopted) when it is in; the
// expansions are drawn in the messages themselves and are here from the start. Until the chunk is
// in, nothing is open, so whoever asks whether an overlay is open reads `views` as `null`.
import type { Localizer } from "../../l10n/localizer.js";
import { adoptInto } from "../adopt-styles.js";
import { overlayChunk, unchangedFocus, withOverlays, type ChunkLoads, type OverlayParts } from "../chunks.js";
import type { DetailsPopover } from "./details-popover.js";
import { ExpansionState } from "./expansion.js";
import type { HoverCard } from "./hover-card.js";
import type { MediaModal } from "./media-modal.js";

/** The overlays made from the chunk. */
export interface OverlayViews {
  popover: DetailsPopover;
  hoverCard: HoverCard;
  modal: MediaModal;
}

/** The box's class (t3-transcript.styles.ts: it lays nothing out). */
const OVERLAYS_CLASS = "overlays";

export class TranscriptOverlays {
  /**
   * Where the overlays' nodes go once they are made: a box that lays nothing out (they show in
   * the top layer), in the shadow root from the start, so that the element's render never changes.
   */
  readonly node: HTMLElement;
  readonly expansions = new ExpansionState();
  readonly #loads: ChunkLoads;
  #views: OverlayViews | null = null;
  #strings: Localizer | null = null;
  #cancelPrefetch: (() => void) | null = null;

  constructor(loads: ChunkLoads) {
    this.#loads = loads;
    this.node = document.createElement("div");
    this.node.className = OVERLAYS_CLASS;
  }

  /** The overlays, once the chunk is in; `null` before (none is open then). */
  get views(): OverlayViews | null {
    return this.#views;
  }

  /**
   * Runs `use` with the overlays: at once when they are made, else once the chunk has loaded if
   * `still()` holds then (by default: `node` is there and the focus has not moved).
   */
  open(node: HTMLElement, use: (views: OverlayViews, parts: OverlayParts) => void, still = unchangedFocus(node)): void {
    withOverlays(this.#loads, (parts) => use(this.#make(parts), parts), still);
  }

  /** Names the overlays in the element's language, now or once they are made. */
  localize(strings: Localizer): void {
    this.#strings = strings;
    this.#views?.modal.localize(strings);
    this.#views?.popover.localize(strings);
  }

  /** Fetches the chunk when the page is next idle, once, and makes the overlays. */
  prefetch(): void {
    if (this.#views || this.#cancelPrefetch) return;
    this.#cancelPrefetch = this.#loads.prefetch(overlayChunk, (parts) => void this.#make(parts));
  }

  /** Closes what is open, and stops waiting to fetch the chunk (the element is leaving the page). */
  disconnect(): void {
    this.#cancelPrefetch?.();
    this.#cancelPrefetch = null;
    this.#views?.popover.close();
    this.#views?.hoverCard.hide();
    this.#views?.modal.close();
  }

  #make(parts: OverlayParts): OverlayViews {
    if (this.#views) return this.#views;
    const views = (this.#views = { popover: new parts.DetailsPopover(), hoverCard: new parts.HoverCard(), modal: new parts.MediaModal() });
    adoptInto(this.node, parts.transcriptOverlayStyles);
    this.node.append(views.popover.node, views.hoverCard.node, views.modal.node);
    if (this.#strings) this.localize(this.#strings);
    return views;
  }
}
