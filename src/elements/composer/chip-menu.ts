// What a long press on a chip in the editor opens (docs/accessibility.md, "Touch"): the touch
// screen's answer to a right-click menu. A small popover under the chip says what the chip is
// (its name, and its description: a failed upload's retry hint, why it is unavailable, …) and has
// a Copy button that copies the chip as Ctrl+C of it would: its reference link, with its record
// in the fragment. A long press never activates the chip; a tap does (activate.ts), as a click.
import { css, type ReactiveController } from "lit";
import { isChip } from "../../editor/schema.js";
import { writeClipboard } from "../clipboard-write.js";
import { LongPress } from "../long-press.js";
import { activateChip } from "./activate.js";
import type { Composer } from "./composer.js";
import { copyOfSlice } from "./copy.js";
import { createChipPopover, showChipPopover } from "./chip-popover.js";

/** The menu's part and class (one menu at a time). */
const MENU = "chip-menu";
/** The Copy button's part. */
const CHIP_COPY_PART = "chip-copy";

export const chipMenuStyles = css`
  .chip-menu {
    position: fixed;
    inset: auto;
    margin: 4px 0;
    display: grid;
    gap: var(--_space);
    justify-items: start;
  }
  .chip-menu p {
    margin: 0;
  }
  .chip-menu-description {
    color: var(--_muted);
  }
  /* At least 24 CSS px square (WCAG 2.5.8): a finger is the reason this menu exists. */
  .chip-menu button {
    min-width: 24px;
    min-height: 24px;
  }
`;

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

/** Copies the chip at `pos`, as copying a selection of just that chip does. */
function copyChip(composer: Composer, pos: number): Promise<void> {
  const { doc } = composer.model.state;
  return writeClipboard(copyOfSlice(composer, doc.slice(pos, pos + doc.nodeAt(pos)!.nodeSize)));
}

/**
 * Opens the menu of the chip drawn as `dom` under it, its Copy button focused. Escape or a tap
 * elsewhere closes it (a native `popover="auto"`); Copy copies, then closes it and gives the focus
 * back to the editor.
 */
export function openChipMenu(composer: Composer, dom: HTMLElement): void {
  if (chipPos(composer, dom) < 0) return;
  const strings = composer.host.localizer;
  const menu = createChipPopover(composer, MENU, dom.getAttribute("aria-label") ?? dom.textContent ?? "");
  const description = dom.getAttribute("aria-description");
  if (description) {
    const text = menu.appendChild(document.createElement("p"));
    text.className = "chip-menu-description";
    text.textContent = description;
  }
  const copy = menu.appendChild(document.createElement("button"));
  copy.type = "button";
  copy.setAttribute("part", CHIP_COPY_PART);
  copy.textContent = strings.text("copyChip");
  copy.addEventListener("click", () => {
    // Where the chip is now: the draft may have changed while the menu was open.
    const pos = chipPos(composer, dom);
    if (pos < 0) {
      menu.hidePopover();
      return;
    }
    copyChip(composer, pos).then(
      () => {
        menu.hidePopover();
        composer.model.view?.focus();
      },
      (error: unknown) => {
        console.warn("t3-composer: the clipboard refused the copy", error);
        copy.dataset.copyState = "failed";
      },
    );
  });
  showChipPopover(menu, dom);
  copy.focus();
}

/** Watches the editor for a finger held on a chip, or tapping one, while the element is connected. */
export class ChipMenu implements ReactiveController {
  readonly #composer: Composer;
  readonly #longPress: LongPress;

  constructor(composer: Composer) {
    this.#composer = composer;
    this.#longPress = new LongPress({
      target: (event) => {
        const chip = (event.target as Element | null)?.closest?.(".t3-chip");
        return chip instanceof HTMLElement && composer.mount.contains(chip) ? chip : null;
      },
      press: (chip) => openChipMenu(composer, chip),
      // ProseMirror ignores the mouse events after a touch, so a tap would never reach `clickChip`.
      tap: (chip) => {
        const pos = chipPos(composer, chip);
        if (pos >= 0) activateChip(composer, pos, true);
      },
    });
  }

  hostConnected(): void {
    this.#longPress.connect(this.#composer.mount);
  }

  hostDisconnected(): void {
    this.#longPress.disconnect();
    this.#composer.host.shadowRoot?.querySelector(`.${MENU}`)?.remove();
  }
}
