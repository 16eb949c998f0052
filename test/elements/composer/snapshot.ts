// Everything a person can see or a host can read of a composer's draft, as one comparable value.
// Used by the tests and by the fixture pages they open in other tabs.
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";

export function snapshot(el: T3ComposerElement) {
  const root = el.shadowRoot!;
  const chips = [...root.querySelectorAll<HTMLElement>(".editor .t3-chip")];
  return {
    value: el.value,
    attachments: el.attachments,
    chips: chips.map((chip) => `${chip.getAttribute("aria-label")}${chip.dataset.status ? ` (${chip.dataset.status})` : ""}`),
    shelf: [...root.querySelectorAll<HTMLElement>(".thumbnail")].map((thumbnail) => `${thumbnail.title} ${thumbnail.dataset.status}`),
  };
}

export type DraftSnapshot = ReturnType<typeof snapshot>;
