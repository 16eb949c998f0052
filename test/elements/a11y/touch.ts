// A finger through the DevTools protocol (test/support/a11y-commands.mjs): real touch events at
// the centre of a node, with touch emulation on (the `touch` command).
import { executeServerCommand } from "@web/test-runner-commands";
import { LONG_PRESS_MS } from "../../../src/elements/long-press-timing.js";
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
