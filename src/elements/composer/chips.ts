// Draws the editor's chips through the presentation registry (README Decision 11) and keeps an
// index of the chips on screen, so a record arriving or an upload's progress redraws only the
// chips of that record.
import type { ChipAttrs } from "../../editor/schema.js";
import type { ChipPainter } from "../../editor/chip-view.js";
import { fillChip } from "../../presentation/chip-dom.js";
import { resolveChip } from "../../presentation/resolve.js";
import type { ChipSurface } from "../../presentation/types.js";
import { chipState } from "./attachments.js";
import type { ComposerCore } from "./core.js";

export class ChipIndex implements ChipPainter {
  readonly #byId = new Map<string, Map<HTMLElement, ChipAttrs>>();
  readonly #draw: (dom: HTMLElement, attrs: ChipAttrs) => void;

  constructor(draw: (dom: HTMLElement, attrs: ChipAttrs) => void) {
    this.#draw = draw;
  }

  mount(dom: HTMLElement, attrs: ChipAttrs): void {
    let doms = this.#byId.get(attrs.contextId);
    if (!doms) this.#byId.set(attrs.contextId, (doms = new Map()));
    doms.set(dom, attrs);
    this.#draw(dom, attrs);
  }

  unmount(dom: HTMLElement, attrs: ChipAttrs): void {
    const doms = this.#byId.get(attrs.contextId);
    doms?.delete(dom);
    if (doms?.size === 0) this.#byId.delete(attrs.contextId);
  }

  /** Redraws the chips of one record. */
  redraw(contextId: string): void {
    for (const [dom, attrs] of this.#byId.get(contextId) ?? []) this.#draw(dom, attrs);
  }

  /** Redraws every chip (the registry changed). */
  redrawAll(): void {
    for (const doms of this.#byId.values()) for (const [dom, attrs] of doms) this.#draw(dom, attrs);
  }
}

/** Fills one chip's span: the registry's look, plus what the composer adds. */
export function drawChip(core: ComposerCore, dom: HTMLElement, attrs: ChipAttrs): void {
  const record = core.records.get(attrs.contextId);
  const strings = core.host.localizer;
  const chip = resolveChip(core.host.registry, attrs, record, false, strings);
  const surface: ChipSurface = { name: "composer", host: core.host, localizer: strings };
  const entry = record ? core.attachments.get(attrs.contextId) : undefined;
  if (entry) surface.attachment = chipState(entry, core.view !== null);
  fillChip(dom, chip, surface);
  // An image lets the browser name it from `aria-label`; inside an editable a button would be
  // a focus stop of its own.
  dom.setAttribute("role", "img");
  dom.setAttribute("data-reference-id", attrs.referenceId);
  // The tooltip says a failed upload's chip retries; the description says it without a pointer.
  if (entry?.status === "failed") {
    dom.title = strings.text("uploadRetryHint");
    dom.setAttribute("aria-description", dom.title);
  }
}
