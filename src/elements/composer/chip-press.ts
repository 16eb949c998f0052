// A finger on a chip in the editor (docs/accessibility.md, "Touch"): a long press opens the chip's
// menu, the touch screen's answer to a right-click menu (chip-menu.ts, a lazy view:
// chunks.ts); a tap activates the chip (activate.ts), as a click does. The gesture's rules
// are long-press.ts's.
import type { ReactiveController } from "lit";
import { isChip } from "../../editor/schema.js";
import { writeClipboard } from "../clipboard-write.js";
import { LongPress } from "../long-press.js";
import { unchangedFocus, withOverlays, type OverlayParts } from "../chunks.js";
import { activateChip } from "./activate.js";
import type { Composer } from "./composer.js";
import { copyOfSlice } from "./copy.js";

/** The menu's class (chip-menu.ts's `MENU`: importing it would bring the lazy menu into the element's module). */
const MENU = "chip-menu";

/** The chip of `composer`'s editor that a pointer pressing at `event` holds, or `null`. */
export function pressedChip(composer: Composer, event: Event): HTMLElement | null {
  const chip = (event.target as Element | null)?.closest?.(".t3-chip");
  return chip instanceof HTMLElement && composer.mount.contains(chip) ? chip : null;
}

/** The position of the chip drawn as `dom`, or -1 when it is not one of the editor's chips. */
function chipPos(composer: Composer, dom: Element): number {
  const view = composer.model.view;
  if (!view) return -1;
  let pos: number;
  try {
    pos = view.posAtDOM(dom, 0);
  } catch {
    return -1; // not in the document any more
  }
  for (const candidate of [pos, pos - 1]) {
    if (candidate >= 0 && isChip(view.state.doc.nodeAt(candidate)) && view.nodeDOM(candidate) === dom) return candidate;
  }
  return -1;
}

/** Copies the chip drawn as `dom`, where it is now, as copying a selection of just it does; `null` when it is gone. */
function copyChip(composer: Composer, dom: HTMLElement): Promise<void> | null {
  const pos = chipPos(composer, dom);
  if (pos < 0) return null;
  const { doc } = composer.model.state;
  return writeClipboard(copyOfSlice(composer, doc.slice(pos, pos + doc.nodeAt(pos)!.nodeSize)));
}

/** Opens the menu of the chip drawn as `dom`, once the overlays are in, if it is one of the editor's chips. */
export function openChipMenu(composer: Composer, dom: HTMLElement): void {
  const open = (parts: OverlayParts) => {
    if (chipPos(composer, dom) >= 0) parts.openComposerChipMenu(composer, dom, () => copyChip(composer, dom));
  };
  withOverlays(composer.loads, open, unchangedFocus(dom));
}

/** Activates the chip drawn as `dom`, as a click does, if it is one of the editor's chips. */
export function tapChip(composer: Composer, dom: HTMLElement): void {
  const pos = chipPos(composer, dom);
  if (pos >= 0) activateChip(composer, pos, true);
}

/** The long presses and taps of a finger on the chips of `composer`'s editor. */
function chipLongPress(composer: Composer): LongPress {
  return new LongPress({
    target: (event) => pressedChip(composer, event),
    press: (chip) => openChipMenu(composer, chip),
    // ProseMirror ignores the mouse events after a touch, so a tap would never reach `clickChip`.
    tap: (chip) => tapChip(composer, chip),
  });
}

/** Watches the editor for a finger held on a chip, or tapping one, while the element is connected. */
export class ChipPress implements ReactiveController {
  readonly #composer: Composer;
  #press: LongPress | null = null;

  constructor(composer: Composer) {
    this.#composer = composer;
  }

  hostConnected(): void {
    this.#press = chipLongPress(this.#composer);
    this.#press.connect(this.#composer.mount);
  }

  hostDisconnected(): void {
    this.#press?.disconnect();
    this.#press = null;
    this.#composer.host.shadowRoot?.querySelector(`.${MENU}`)?.remove();
  }
}
