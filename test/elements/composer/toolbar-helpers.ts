// Helpers of the toolbar, dictation and error notice tests: the toolbar's buttons, real mouse
// clicks on them, and a transport whose sends wait until they are answered or aborted.
import { sendMouse } from "@web/test-runner-commands";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import { createMemoryTransport } from "../../../src/transport/index.js";
import type { ComposerTransport, OutgoingMessage } from "../../../src/transport/types.js";

/** The element of `part` in the composer's shadow root (`null` when it is not drawn). */
export function part(element: T3ComposerElement, name: string): HTMLElement | null {
  return element.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
}

/** Clicks the middle of `target` with the mouse, as a person does. */
export async function click(target: Element): Promise<void> {
  target.scrollIntoView({ block: "nearest" });
  const box = target.getBoundingClientRect();
  await sendMouse({ type: "click", position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
}

/** Resolves once `check()` is true, checked on each animation frame (at most ~10 s). */
export async function until(check: () => boolean, what: string): Promise<void> {
  for (let frames = 0; frames < 600; frames++) {
    if (check()) return;
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/**
 * A memory transport whose sends wait: each is held until `release()`, or rejects with the
 * signal's reason when the send is aborted, as a network transport's does.
 */
export function slowTransport(): { transport: ComposerTransport; sends: OutgoingMessage[]; aborted: OutgoingMessage[]; release(): void } {
  const memory = createMemoryTransport();
  const sends: OutgoingMessage[] = [];
  const aborted: OutgoingMessage[] = [];
  const waiting: (() => void)[] = [];
  const transport: ComposerTransport = {
    send(message, options) {
      sends.push(structuredClone(message));
      const signal = options?.signal;
      return new Promise((resolve, reject) => {
        signal?.addEventListener("abort", () => {
          aborted.push(message);
          reject(signal.reason);
        });
        waiting.push(() => resolve(memory.send(message, options)));
      });
    },
    upload: (file, options) => memory.upload!(file, options),
  };
  return { transport, sends, aborted, release: () => waiting.shift()?.() };
}
