// The reveal menu, the part loaded on demand (docs/secrets.md, "Reveal"): activating a chip whose
// secrets were hidden, while its original is in memory, opens it below the chip; its Reveal button
// puts the original back (redaction.ts). The chip's badge and the menu's look are in redacted-chip.ts.
import { createChipPopover } from "../chip-popover.js";
import { showUnder } from "../../view-status.js";
import type { ComposerHost, RedactionsRole } from "../wiring.js";
import type { DraftModel } from "../draft.js";

/** What reveal-menu.ts uses of its composer (wiring.ts). */
export interface RevealMenuParts {
  readonly host: ComposerHost;
  readonly model: DraftModel;
  readonly redactions: RedactionsRole;
}

/** The menu's part (one menu at a time); it looks like the confirm dialog (`.confirm`). */
const MENU = "reveal";

/**
 * Opens the reveal menu of the chip of `contextId` below `anchor`, its Reveal button focused.
 * Escape, Cancel or a click elsewhere closes it; Reveal reveals, then closes it. Either button
 * gives the focus back to the editor.
 */
export function openRevealMenu(composer: RevealMenuParts, contextId: string, anchor: Element | null): void {
  const strings = composer.host.localizer;
  const menu = createChipPopover(composer, MENU, strings.text("revealQuestion", { count: composer.redactions.count(contextId, undefined) }));
  const buttons = menu.appendChild(document.createElement("div"));
  buttons.className = "confirm-buttons";
  for (const key of ["cancel", "reveal"] as const) {
    const button = buttons.appendChild(document.createElement("button"));
    button.type = "button";
    button.setAttribute("part", key === "reveal" ? "reveal-confirm" : "reveal-cancel");
    button.textContent = strings.text(key);
    button.addEventListener("click", () => {
      menu.hidePopover();
      composer.model.view?.focus();
      if (key === "reveal") composer.redactions.reveal(contextId);
    });
  }
  showUnder(menu, anchor);
  (buttons.lastChild as HTMLElement).focus();
}
