// Work that follows edits but need not follow every keystroke: saving the draft (ui.md point 14:
// at most 500 ms after a change) and the form value. Both serialize the whole draft, which for a
// megabyte draft costs more than a keystroke may, so they run at most once per period.
import type { ComposerCore } from "./core.js";
import { saveDraft } from "./draft-storage.js";
import { updateFormValue } from "./form.js";

/** The longest a change waits before it is saved. */
export const SETTLE_DELAY_MS = 500;

/** Saves and updates the form value within `SETTLE_DELAY_MS`, once for any number of changes. */
export function scheduleSettle(core: ComposerCore): void {
  core.settleTimer ??= setTimeout(() => settleNow(core), SETTLE_DELAY_MS);
}

/** Saves and updates the form value now (on blur, `pagehide`, disconnect, and host calls). */
export function settleNow(core: ComposerCore): void {
  cancelSettle(core);
  updateFormValue(core);
  saveDraft(core);
}

export function cancelSettle(core: ComposerCore): void {
  if (core.settleTimer !== null) clearTimeout(core.settleTimer);
  core.settleTimer = null;
}
