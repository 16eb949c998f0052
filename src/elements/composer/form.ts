// Form association (api.md, `name`): the composer takes part in a <form> like a <textarea>. The
// form value is the canonical text under `name`, with the records as JSON under `<name>.context`.
import type { ComposerCore } from "./core.js";
import { valueOf } from "./value.js";

/** The FormData entry that carries the records next to the text. */
export const CONTEXT_ENTRY_SUFFIX = ".context";

/**
 * Writes the current draft into the form (see settle.ts for when) and returns how many characters
 * that was. Outside a form nobody reads the form value, so a composer without a form does not pay
 * for handing it the whole draft (0); `formAssociatedCallback` catches up when a form takes it.
 */
export function updateFormValue(core: ComposerCore): number {
  const internals = core.internals;
  if (!internals?.form) return 0;
  const value = valueOf(core.state.doc, core.records.live);
  const name = core.host.name;
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

/** Reads back a state written by `updateFormValue`; anything else gives `null`. */
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
