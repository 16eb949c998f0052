// What a person sees of the redactor (docs/secrets.md, "Reveal"): a chip whose record had secrets
// hidden says how many, and, while its original is in memory, activating it (a click, or Enter
// on the selected chip) opens a small menu whose Reveal button puts the original back.
import { css } from "lit";
import type { ComposerContextRecord } from "../../contract/types.js";
import type { Composer } from "./composer.js";

/** The menu's part (one menu at a time); it looks like the confirm dialog (`.confirm`). */
const MENU = "reveal";

export const revealMenuStyles = css`
  .t3-chip-redacted {
    margin-inline-start: 0.35em;
    color: var(--_muted);
  }
  .reveal {
    position: fixed;
    inset: auto;
    margin: 0;
  }
`;

/**
 * After the registry drew a chip (chips.ts): the number of hidden secrets as part of its text
 * and name, and, when it can be revealed, how to. A failed upload's retry hint comes first.
 */
export function drawRedaction(composer: Composer, dom: HTMLElement, contextId: string, record: ComposerContextRecord | undefined, failed: boolean): void {
  const count = composer.redactions.count(contextId, record);
  dom.removeAttribute("data-redacted");
  if (count === 0) return;
  const strings = composer.host.localizer;
  const detail = strings.text("secretsHidden", { count });
  const badge = dom.appendChild(document.createElement("span"));
  badge.className = "t3-chip-redacted";
  badge.textContent = detail;
  dom.setAttribute("data-redacted", String(count));
  dom.setAttribute("aria-label", strings.text("nameAndDetail", { name: dom.getAttribute("aria-label")!, detail }));
  if (!failed && composer.redactions.canReveal(contextId)) {
    dom.title = strings.text("secretsRevealHint");
    dom.setAttribute("aria-description", dom.title);
  }
}

/**
 * A menu about a chip (`part` and class `part`, looking like the confirm dialog), in place of an
 * earlier one of the same part: a `popover="auto"` dialog at the end of the shadow root, named by
 * its first paragraph, `label`. Shown by the caller; removed when it closes.
 */
export function createChipPopover(composer: Composer, part: string, label: string): HTMLElement {
  const root = composer.host.shadowRoot!;
  root.querySelector(`.${part}`)?.remove();
  const menu = root.appendChild(document.createElement("div"));
  menu.className = `confirm ${part}`;
  menu.setAttribute("part", part);
  menu.setAttribute("role", "dialog");
  menu.popover = "auto";
  const name = menu.appendChild(document.createElement("p"));
  name.id = `t3-${part}-label`;
  name.textContent = label;
  menu.setAttribute("aria-labelledby", name.id);
  menu.addEventListener("toggle", (event) => (event as ToggleEvent).newState === "closed" && menu.remove());
  return menu;
}

/** Shows a menu of `createChipPopover` under `anchor`, from its left edge. */
export function showChipPopover(menu: HTMLElement, anchor: Element | null): void {
  menu.showPopover();
  const { left, bottom } = anchor?.getBoundingClientRect() ?? { left: 0, bottom: 0 };
  menu.style.left = `${left}px`;
  menu.style.top = `${bottom}px`;
}

/**
 * Opens the reveal menu of the chip of `contextId` below `anchor`, its Reveal button focused.
 * Escape, Cancel or a click elsewhere closes it; Reveal reveals, then closes it. Either button
 * gives the focus back to the editor.
 */
export function openRevealMenu(composer: Composer, contextId: string, anchor: Element | null): void {
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
  showChipPopover(menu, anchor);
  (buttons.lastChild as HTMLElement).focus();
}
