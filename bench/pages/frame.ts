// Helpers shared by the in-page harnesses.

/** Resolves after the browser rendered a frame (and the task after it ran). */
export function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
}

/** Collects garbage when the page was started with `--js-flags=--expose-gc`. */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Forces style and layout of the whole document, as the browser must before it paints. */
export function forceLayout(): void {
  void document.documentElement.getBoundingClientRect();
  void document.documentElement.scrollHeight;
}
