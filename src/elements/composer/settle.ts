// Work that follows edits: saving the draft (ui.md point 14: at most 500 ms after a change) and
// the form value. Both serialize the whole draft.
//
// A draft of ordinary size is settled at the end of the task that changed it: that costs about
// 0.1 ms for a few kilobytes and 0.4 ms at `PROMPT_SETTLE_MAX_CHARS` (Chromium), and it means a
// tab whose renderer dies right after a keystroke (a crash, the system killing a background tab,
// where neither `pagehide` nor `visibilitychange` runs) still has that keystroke saved. A bigger
// draft costs more than a keystroke may (about 10 ms for a megabyte, more to hand a form a
// megabyte of text), so its changes are coalesced for a while and the work then waits for an idle
// moment, within the 500 ms: what was typed in the last half second before such a crash is lost.
import type { ComposerCore } from "./core.js";
import { saveDraft } from "./draft-storage.js";
import { updateFormValue } from "./form.js";

/** The longest a change waits before it is saved. */
export const SETTLE_DELAY_MS = 500;
/** A draft whose last save (or form value) was at most this many characters is settled at once. */
export const PROMPT_SETTLE_MAX_CHARS = 64 * 1024;
/** Changes to a bigger draft within this time are saved together... */
const COALESCE_MS = 250;
/** ...and the save then waits at most this long for the page to be idle. */
const IDLE_TIMEOUT_MS = SETTLE_DELAY_MS - COALESCE_MS;

/** Saves and updates the form value soon (see above), once for any number of changes. */
export function scheduleSettle(core: ComposerCore): void {
  if (core.cancelSettle) return;
  if (core.settledChars <= PROMPT_SETTLE_MAX_CHARS) settleAtEndOfTask(core);
  else settleWhenIdle(core);
}

/** A microtask: every change of the running script (a keystroke, a host's calls) in one save. */
function settleAtEndOfTask(core: ComposerCore): void {
  let cancelled = false;
  queueMicrotask(() => {
    if (!cancelled) settleNow(core);
  });
  core.cancelSettle = () => {
    cancelled = true;
  };
}

function settleWhenIdle(core: ComposerCore): void {
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

/** Saves and updates the form value now (on blur, `pagehide`, a hidden page, disconnect, and host calls). */
export function settleNow(core: ComposerCore): void {
  cancelSettle(core);
  core.settledChars = Math.max(updateFormValue(core), saveDraft(core));
}

export function cancelSettle(core: ComposerCore): void {
  core.cancelSettle?.();
  core.cancelSettle = null;
}
