// Form association (docs/composer.md, "Value"): the composer takes part in a <form> like a
// <textarea>. The form value is the canonical text under `name`, with the records as JSON under
// `<name>.context`. When it is written is the persistence controller's (persistence.ts).
import type { ComposerValue } from "./types.js";

/** The FormData entry that carries the records next to the text. */
export const CONTEXT_ENTRY_SUFFIX = ".context";

/** Writes `value` into the form under `name`; returns how many characters that was. */
export function writeFormValue(internals: ElementInternals, name: string, value: ComposerValue): number {
  // The state is what the browser gives back on history navigation (formStateRestoreCallback).
  const state = JSON.stringify(value);
  if (!name) {
    internals.setFormValue(value.text, state);
    return state.length;
  }
  const data = new FormData();
  data.append(name, value.text);
  if (value.context) data.append(name + CONTEXT_ENTRY_SUFFIX, JSON.stringify(value.context));
  internals.setFormValue(data, state);
  return state.length;
}

/** Reads back a state written by `writeFormValue`; anything else gives `null`. */
export function parseFormState(state: unknown): { text: string; context?: unknown } | null {
  if (typeof state !== "string") return null;
  try {
    const value: unknown = JSON.parse(state);
    return value !== null && typeof value === "object" && typeof (value as { text?: unknown }).text === "string"
      ? (value as { text: string; context?: unknown })
      : null;
  } catch {
    return null;
  }
}
