// What a person sees of the redactor (docs/secrets.md, "Reveal"): a chip whose record had secrets
// hidden says how many, and, while its original is in memory, activating it (a click, or Enter
// on the selected chip) opens a small menu whose Reveal button puts the original back.
import { css } from "lit";
import type { ComposerContextRecord } from "../../contract/types.js";
import type { Composer } from "./composer.js";

/** The menu's part; one menu at a time. */
const MENU_PART = "reveal";
/** The gap between the chip and the menu, in CSS pixels. */
const MENU_OFFSET = 4;

export const revealMenuStyles = css`
  .t3-chip-redacted {
    margin-inline-start: 0.35em;
    font-size: 0.85em;
    color: var(--t3-muted, #6b7280);
  }
  [part="reveal"] {
    position: fixed;
    inset: auto;
    margin: 0;
    max-width: 22rem;
    padding: calc(var(--t3-space, 4px) * 2);
    border: 1px solid var(--t3-border, #d1d5db);
    border-radius: var(--t3-radius, 8px);
    background: var(--t3-bg, #fff);
    color: var(--t3-fg, #111827);
    font: inherit;
  }
  [part="reveal"] p {
    margin: 0 0 var(--t3-space, 4px);
  }
`;

/**
 * After the registry drew a chip (chips.ts): the number of hidden secrets as part of its text
 * and name, and, when it can be revealed, how to. A failed upload's retry hint comes first.
 */
export function drawRedaction(composer: Composer, dom: HTMLElement, contextId: string, record: ComposerContextRecord | undefined, failed: boolean): void {
  const count = composer.redactions.count(contextId, record);
  if (count === 0) {
    dom.removeAttribute("data-redacted");
    return;
  }
  const strings = composer.host.localizer;
  const detail = strings.text("secretsHidden", { count });
  const badge = document.createElement("span");
  badge.className = "t3-chip-redacted";
  badge.textContent = detail;
  dom.append(badge);
  dom.setAttribute("data-redacted", String(count));
  dom.setAttribute("aria-label", strings.text("nameAndDetail", { name: dom.getAttribute("aria-label") ?? "", detail }));
  if (!failed && composer.redactions.canReveal(contextId)) {
    dom.title = strings.text("secretsRevealHint");
    dom.setAttribute("aria-description", dom.title);
  }
}

function button(composer: Composer, key: "reveal" | "keepHidden", part: string, action: () => void): HTMLButtonElement {
  const element = document.createElement("button");
  element.type = "button";
  element.setAttribute("part", part);
  element.textContent = composer.host.localizer.text(key);
  element.addEventListener("click", action);
  return element;
}

/**
 * Opens the reveal menu of the chip of `contextId` next to `anchor`, its Reveal button focused.
 * Escape, Keep hidden or a click elsewhere closes it; Reveal reveals, then closes it. Either
 * button gives the focus back to the editor.
 */
export function openRevealMenu(composer: Composer, contextId: string, anchor: Element | null): void {
  const root = composer.host.shadowRoot;
  if (!root) return;
  root.querySelector(`[part="${MENU_PART}"]`)?.remove();
  const menu = document.createElement("div");
  menu.setAttribute("part", MENU_PART);
  menu.setAttribute("role", "dialog");
  menu.popover = "auto";
  const question = document.createElement("p");
  question.id = "t3-reveal-question";
  const count = composer.redactions.count(contextId, composer.model.draft.records.get(contextId));
  question.textContent = composer.host.localizer.text("revealQuestion", { name: composer.redactions.chipName(contextId), count });
  menu.setAttribute("aria-labelledby", question.id);
  const close = () => {
    menu.hidePopover();
    composer.model.view?.focus();
  };
  const reveal = button(composer, "reveal", "reveal-confirm", () => {
    close();
    composer.redactions.reveal(contextId);
  });
  menu.append(question, reveal, button(composer, "keepHidden", "reveal-cancel", close));
  menu.addEventListener("toggle", (event) => {
    if ((event as ToggleEvent).newState === "closed") menu.remove();
  });
  root.append(menu);
  menu.showPopover();
  const rect = anchor?.getBoundingClientRect();
  if (rect) {
    menu.style.left = `${rect.left}px`;
    menu.style.top = `${rect.bottom + MENU_OFFSET}px`;
  }
  reveal.focus();
}
