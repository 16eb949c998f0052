// What a long press on a chip in the editor opens (docs/accessibility.md, "Touch"), in the overlays
// chunk (chunks.ts; chip-press.ts watches the gesture). A small popover under the chip says
// what the chip is (its name, and its description: a failed upload's retry hint, why it is
// unavailable, …) and has a Copy button that copies the chip as Ctrl+C of it would: its reference
// link, with its record in the fragment.
import { css } from "lit";
import { adoptInto } from "../adopt-styles.js";
import type { Composer } from "./composer.js";
import { createChipPopover, showChipPopover } from "./chip-popover.js";

/** The menu's part and class (one menu at a time). */
export const MENU = "chip-menu";

/** The Copy button's part. */
const CHIP_COPY_PART = "chip-copy";

/** The menu's look, added to the composer's shadow root when it first opens one. */
const chipMenuStyles = css`
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

/**
 * Opens the menu of the chip drawn as `dom` under it, its Copy button focused. Escape or a tap
 * elsewhere closes it (a native `popover="auto"`); Copy copies (`copy` answers `null` when the chip
 * is no longer in the draft: the menu just closes), then closes it and gives the focus back to the
 * editor. The editor's side (where the chip is, what copying it writes) is chip-press.ts's.
 */
export function openChipMenu(composer: Composer, dom: HTMLElement, copyChip: () => Promise<void> | null): void {
  adoptInto(composer.host.shadowRoot, [chipMenuStyles]);
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
    const copied = copyChip();
    if (!copied) {
      menu.hidePopover();
      return;
    }
    copied.then(
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

