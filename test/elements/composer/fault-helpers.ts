// Shared by the composer's fault suites: a draft with every part a fault could lose (typed text,
// a chip with its record, an uploaded image), a snapshot of everything a person sees of it, and
// waits that follow the composer's own events.
import { ComposerError } from "../../../src/transport/errors.js";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import type { Clock } from "../../../src/transport/retry.js";
import { focusEnd, frame, next, pngFile, terminal, type } from "./helpers.js";

export { snapshot } from "./snapshot.js";

/** The link of the `terminal` record's chip. */
export const T1 = "[build lines 3-4](t3-context://v1/terminal/terminal_t1)";

/** Resolves once no attachment of `el` is uploading (each upload ends with `t3-change` or `t3-error`). */
export async function uploadsSettled(el: T3ComposerElement): Promise<void> {
  while (el.attachments.some((attachment) => attachment.status === "uploading")) {
    await Promise.race([next(el, "t3-change"), next(el, "t3-error")]);
  }
  await el.updateComplete;
}

/**
 * Types text with the keyboard, inserts a terminal chip at the caret, types on, attaches an image
 * and waits for its upload to end. Resolves with the image's local id.
 */
export async function buildDraft(el: T3ComposerElement): Promise<string> {
  await focusEnd(el);
  await type("Why does");
  el.insertContext(terminal);
  await type("fail? See");
  await frame();
  el.attachFiles([pngFile("shot.png")]);
  await uploadsSettled(el);
  return el.attachments[0]!.localId;
}

/** The text `buildDraft` makes, with the image's local id. */
export function draftText(localId: string): string {
  return `Why does ${T1} fail? See ![shot.png](t3-context://v1/image/image_${localId}) `;
}

/** What `send()` rejected with, as `{ code, message }`; fails the test if it resolved. */
export async function sendFailure(el: T3ComposerElement): Promise<{ code: string; name: string }> {
  try {
    await el.send();
  } catch (error) {
    if (!(error instanceof ComposerError)) throw error;
    return { code: error.code, name: error.name };
  }
  throw new Error("send() resolved; expected it to fail");
}

/** Records every `clientMessageId` the composer hands over in `t3-send`. */
export function sentIds(el: T3ComposerElement): string[] {
  const ids: string[] = [];
  el.addEventListener("t3-send", (event) => ids.push(event.detail.message.clientMessageId));
  return ids;
}

/**
 * A clock for the WebSocket adapter whose short timers (reconnect backoff) run for real and whose
 * long ones (a send's `retry.maxElapsedMs` deadline) fire only when the test says: a send can be
 * made to give up without the test waiting a minute, or a second.
 */
export class DeadlineClock implements Clock {
  readonly #deadlines = new Set<{ callback: () => void }>();
  constructor(readonly deadlineMs: number) {}
  now = () => Date.now();
  random = () => Math.random();
  setTimeout = (callback: () => void, ms: number): unknown => {
    if (ms < this.deadlineMs) return { real: globalThis.setTimeout(callback, ms) };
    const timer = { callback };
    this.#deadlines.add(timer);
    return timer;
  };
  clearTimeout = (handle: unknown) => {
    const timer = handle as { real?: ReturnType<typeof setTimeout> } | undefined;
    if (timer?.real !== undefined) globalThis.clearTimeout(timer.real);
    else this.#deadlines.delete(handle as { callback: () => void });
  };
  /** Fires every deadline now. */
  expire(): void {
    const due = [...this.#deadlines];
    this.#deadlines.clear();
    for (const timer of due) timer.callback();
  }
  get pendingDeadlines(): number {
    return this.#deadlines.size;
  }
}
