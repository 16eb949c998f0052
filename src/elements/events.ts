// One typed way to dispatch the SDK's events: always `bubbles` and `composed`, so a page hears
// them from outside the shadow root (docs/architecture.md, "Conventions").

/**
 * Dispatches `name` on `target` with `detail`; returns `false` when a listener canceled it.
 * `t3-error` is always cancelable: canceling it keeps the composer's notice from showing
 * (docs/errors.md, "In the composer").
 */
export function emit<K extends keyof HTMLElementEventMap>(
  target: EventTarget,
  name: K,
  detail: HTMLElementEventMap[K] extends CustomEvent<infer D> ? D : never,
  options: { cancelable?: boolean } = {},
): boolean {
  return target.dispatchEvent(
    new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: options.cancelable ?? name === "t3-error" }),
  );
}
