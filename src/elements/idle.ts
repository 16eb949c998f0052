// Work that waits until the page has drawn and is idle: after the next frame, in an idle period
// (`requestIdleCallback`), or where there is none (Safari) in a task after that frame. A long
// thread checks its older messages this way once its newest screenful is on screen
// (transcript/drawing.ts), and a composer fetches the rest of its code (composer/rest.ts).

/** Idle or not, the work runs at the latest this long after the frame, in ms. */
const IDLE_TIMEOUT_MS = 500;

/** Runs `work` once, after the next frame when the page is idle; returns what cancels it. */
export function whenIdle(work: () => void): () => void {
  let idle = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame: number | undefined = requestAnimationFrame(() => {
    frame = undefined;
    if (typeof requestIdleCallback === "function") idle = requestIdleCallback(() => work(), { timeout: IDLE_TIMEOUT_MS });
    else timer = setTimeout(work);
  });
  return () => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    if (idle) cancelIdleCallback(idle);
    clearTimeout(timer);
  };
}
