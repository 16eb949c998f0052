// The reveal menu, the part loaded on demand (docs/secrets.md, "Reveal"): activating a chip whose
// secrets were hidden, while its original is in memory, opens it below the chip; its Reveal button
// puts the original back (redaction.ts). The chip's badge and the menu's look are in redacted-chip.ts.
import type { Composer } from "../composer.js";

/** The menu's part (one menu at a time); it looks like the confirm dialog (`.confirm`). */
const MENU = "reveal";

/**
 * Opens the reveal menu of the chip of `contextId` below `anchor`, its Reveal button focused.
 * Escape, Cancel or a click elsewhere closes it; Reveal reveals, then closes it. Either button
 * gives the focus back to the editor.
 */
export function openRevealMenu(composer: Composer, contextId: string, anchor: Element | null): void {
  const root = composer.host.shadowRoot!;
  const strings = composer.host.localizer;
  root.querySelector(`.${MENU}`)?.remove();
  const menu = root.appendChild(document.createElement("div"));
  menu.className = `confirm ${MENU}`;
  menu.setAttribute("part", MENU);
  menu.setAttribute("role", "dialog");
  menu.popover = "auto";
  const question = menu.appendChild(document.createElement("p"));
  question.id = "t3-reveal-question";
  question.textContent = strings.text("revealQuestion", { count: composer.redactions.count(contextId, undefined) });
  menu.setAttribute("aria-labelledby", question.id);
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
  menu.addEventListener("toggle", (event) => (event as ToggleEvent).newState === "closed" && menu.remove());
  menu.showPopover();
  const { left, bottom } = anchor?.getBoundingClientRect() ?? { left: 0, bottom: 0 };
  menu.style.left = `${left}px`;
  menu.style.top = `${bottom}px`;
  (buttons.lastChild as HTMLElement).focus();
}
