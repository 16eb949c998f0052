// What a person sees of the redactor (docs/secrets.md, "Reveal"): a chip whose record had secrets
// hidden says how many, and, while its original is in memory, activating it (a click, or Enter
// on the selected chip) opens a small menu whose Reveal button puts the original back. The menu is
// loaded on demand (on-demand/reveal-menu.ts), with its look (on-demand/parts.styles.ts).
import { css } from "lit";
import type { ComposerContextRecord } from "../../contract/types.js";
import type { ComposerHost, RedactionsRole } from "./wiring.js";

/** What redacted-chip.ts uses of its composer (wiring.ts). */
export interface RedactedChipParts {
  readonly host: ComposerHost;
  readonly redactions: RedactionsRole;
}

/** The count of hidden secrets in a chip's text. */
export const redactedChipStyles = css`
  .t3-chip-redacted {
    margin-inline-start: 0.35em;
    color: var(--_muted);
  }
`;

/**
 * After the registry drew a chip (chips.ts): the number of hidden secrets as part of its text
 * and name, and, when it can be revealed, how to. A failed upload's retry hint comes first.
 */
export function drawRedaction(composer: RedactedChipParts, dom: HTMLElement, contextId: string, record: ComposerContextRecord | undefined, failed: boolean): void {
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
