// One typed way to dispatch the SDK's events: always `bubbles` and `composed`, so a page hears
// them from outside the shadow root (house style point 5).
import type { ComposerContextRecord } from "../contract/types.js";

/** Dispatches `name` on `target` with `detail`; returns `false` when a listener canceled it. */
export function emit<K extends keyof HTMLElementEventMap>(
  target: EventTarget,
  name: K,
  detail: HTMLElementEventMap[K] extends CustomEvent<infer D> ? D : never,
  options: { cancelable?: boolean } = {},
): boolean {
  return target.dispatchEvent(
    new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: options.cancelable ?? false }),
  );
}

/**
 * `t3-chip-activate` (cancelable), fired by both elements when a person activates a chip (click,
 * Enter). Canceling it stops the element's default action.
 */
export interface ChipActivateDetail {
  /** The chip's record, `undefined` for an unresolved chip. */
  record: ComposerContextRecord | undefined;
  kind: string;
  contextId: string;
  surface: "composer" | "transcript";
  /** The occurrence, in the composer. */
  referenceId?: string;
  /** The message, in the transcript. */
  messageId?: string;
}

declare global {
  interface HTMLElementEventMap {
    "t3-chip-activate": CustomEvent<ChipActivateDetail>;
  }
}
