// The timing of a finger's long press (long-press.ts), a module of its own: the composer's first
// load watches a finger before its rest chunk brings `LongPress` (composer/chip-press.ts), with
// the same rules, and must not bring the class along.

/**
 * How long a finger rests before the press counts as long, in ms: Android's long-press timeout
 * (`ViewConfiguration.getLongPressTimeout`), the time people are used to from their phones.
 */
export const LONG_PRESS_MS = 500;

/**
 * How long after the lift to wait for the mouse move that Chromium sends to where the finger was
 * (to update the hover state), in ms. A popover shown before that move is closed by it.
 */
export const LIFT_SETTLE_MS = 150;

/** What a lifted finger's tap would run: swallowed after a long press (and a tap taken by `tap`). */
export const TAP_EVENTS = ["mousedown", "mouseup", "click"] as const;
