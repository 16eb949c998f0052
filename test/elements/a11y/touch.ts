// A finger through the DevTools protocol (test/support/a11y-commands.mjs): real touch events at
// the centre of a node, with touch emulation on (the `touch` command).
import { executeServerCommand } from "@web/test-runner-commands";
import { LONG_PRESS_MS } from "../../../src/elements/long-press.js";
import { centre } from "../transcript/fixtures.js";

/** How long `longPress` holds: well past the long-press time, as a person who means it does. */
export const HOLD_MS = LONG_PRESS_MS + 300;

/** touchStart at the centre of `node`, held for `HOLD_MS`, then touchEnd. */
export async function longPress(node: Element): Promise<void> {
  const [x, y] = centre(node);
  await executeServerCommand("long-press", { x, y, ms: HOLD_MS });
}

/** touchStart and touchEnd at the centre of `node`. */
export async function tap(node: Element): Promise<void> {
  const [x, y] = centre(node);
  await executeServerCommand("tap", { x, y });
}

/**
 * A finger put down at (x, y) of the top page (`centre`, or `pointIn` for a frame), with the
 * `contextmenu` a phone's browser fires at `target` while it is held, after `menuAfterMs`, then
 * lifted `liftAfterMs` later; returns that event. Android's Chromium fires it from its gesture
 * detector, which touch emulation through the DevTools protocol does not run, so it is dispatched
 * here as the browser dispatches it: at the pressed node, bubbling, composed, cancelable.
 */
export async function pressWithMenu(target: Element, [x, y]: readonly [number, number], menuAfterMs: number, liftAfterMs: number): Promise<MouseEvent> {
  const view = target.ownerDocument.defaultView!;
  await executeServerCommand("touch-down", { x, y });
  await new Promise((resolve) => setTimeout(resolve, menuAfterMs));
  const menu = new view.MouseEvent("contextmenu", { bubbles: true, cancelable: true, composed: true, button: 0 });
  target.dispatchEvent(menu);
  await new Promise((resolve) => setTimeout(resolve, liftAfterMs));
  await executeServerCommand("touch-up", {});
  return menu;
}
