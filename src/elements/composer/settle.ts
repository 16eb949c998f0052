// Work that follows edits but need not follow every keystroke: saving the draft (ui.md point 14:
// at most 500 ms after a change) and the form value. Both serialize the whole draft; for a
// megabyte draft that costs more than a keystroke may (about 10 ms to save it, more to hand a
// form a megabyte of text), so changes are coalesced for a while and the work then waits for an
// idle moment, within the 500 ms.
import type { ComposerCore } from "./core.js";
import { saveDraft } from "./draft-storage.js";
import { updateFormValue } from "./form.js";

/** The longest a change waits before it is saved. */
export const SETTLE_DELAY_MS = 500;
/** Changes within this time are saved together... */
const COALESCE_MS = 250;
/** ...and the save then waits at most this long for the page to be idle. */
const IDLE_TIMEOUT_MS = SETTLE_DELAY_MS - COALESCE_MS;

/** Saves and updates the form value within `SETTLE_DELAY_MS`, once for any number of changes. */
export function scheduleSettle(core: ComposerCore): void {
  if (core.cancelSettle) return;
  let idle = 0;
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === "function") idle = requestIdleCallback(() => settleNow(core), { timeout: IDLE_TIMEOUT_MS });
    else settleNow(core);
  }, COALESCE_MS);
  core.cancelSettle = () => {
    clearTimeout(timer);
    if (idle) cancelIdleCallback(idle);
  };
}

/** Saves and updates the form value now (on blur, `pagehide`, disconnect, and host calls). */
export function settleNow(core: ComposerCore): void {
  cancelSettle(core);
  updateFormValue(core);
  saveDraft(core);
}

export function cancelSettle(core: ComposerCore): void {
  core.cancelSettle?.();
  core.cancelSettle = null;
}
