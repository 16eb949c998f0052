// Draws the editor's chips through the presentation registry (docs/composer.md, "Chips") and
// keeps an index of the chips on screen, so that a record joining or changing, or an upload's
// progress, redraws only the chips of that record. It follows the registry while the element is
// connected: a presenter defined later redraws the chips it draws.
import type { ReactiveController } from "lit";
import type { ChipPainter } from "../../editor/chip-view.js";
import type { ChipAttrs } from "../../editor/schema.js";
import { fillChip } from "../../presentation/chip-dom.js";
import { presenterFailureReporter } from "../../presentation/report.js";
import { resolveChip } from "../../presentation/resolve.js";
import type { ChipSurface } from "../../presentation/types.js";
import { chipState } from "./attachment-entry.js";
import type { BudgetRole, ComposerHost, StalenessRole } from "./wiring.js";
import type { DraftModel } from "./draft.js";
import type { DraftChange, DraftObserver } from "./draft.js";
import { drawRedaction, type RedactedChipParts } from "./redacted-chip.js";
import { draftOf, liveAttachment, liveRecord } from "./draft-state.js";

/** What chips.ts uses of its composer (wiring.ts). */
export interface ChipsParts extends RedactedChipParts {
  readonly host: ComposerHost;
  readonly model: DraftModel;
  readonly staleness: StalenessRole;
  readonly budget: BudgetRole;
}

export class ChipIndex implements ChipPainter, ReactiveController, DraftObserver {
  readonly #composer: ChipsParts;
  readonly #byId = new Map<string, Map<HTMLElement, ChipAttrs>>();
  readonly #draw: (dom: HTMLElement, attrs: ChipAttrs) => void;
  #unsubscribe: (() => void) | null = null;

  constructor(composer: ChipsParts, draw: (dom: HTMLElement, attrs: ChipAttrs) => void) {
    this.#composer = composer;
    this.#draw = draw;
  }

  hostConnected(): void {
    this.#unsubscribe = this.#composer.host.registry.subscribe(() => this.redrawAll());
  }

  hostDisconnected(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
  }

  /** The element's registry was replaced: follow the new one and redraw. */
  registryChanged(): void {
    if (!this.#unsubscribe) return;
    this.hostDisconnected();
    this.hostConnected();
    this.redrawAll();
  }

  /** A record that joined, left or changed redraws its chips (a new chip draws itself as it mounts). */
  draftChanged({ before, after, tr }: DraftChange): void {
    const was = draftOf(before);
    const now = draftOf(after);
    if (!tr || was === now) return;
    for (const contextId of now.touched) {
      if (liveRecord(was, contextId) !== liveRecord(now, contextId)) this.redraw(contextId);
    }
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
export function drawChip(composer: ChipsParts, dom: HTMLElement, attrs: ChipAttrs): void {
  const draft = composer.model.draft;
  const record = liveRecord(draft, attrs.contextId);
  const strings = composer.host.localizer;
  const chip = resolveChip(composer.host.registry, attrs, record, false, strings, presenterFailureReporter(composer.host));
  const surface: ChipSurface = { name: "composer", host: composer.host, localizer: strings };
  const entry = liveAttachment(draft, attrs.contextId);
  if (entry) surface.attachment = chipState(entry, composer.model.view !== null);
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
  drawRedaction(composer, dom, attrs.contextId, record, entry?.status === "failed");
  composer.budget.describeChip(dom, attrs.contextId);
  composer.staleness.decorate(dom, record);
}
