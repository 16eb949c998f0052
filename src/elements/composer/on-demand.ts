// What only some drafts need, loaded when one does (docs/performance.md, "What the drop-ins load
// later"): the preview panel, the reveal menu, the stale-context checks and the budget's measure
// are a chunk (on-demand/composer-parts.ts). In the combined drop-in it sits beside the module
// (dist/drop-in/composer-parts.js) and is fetched relative to the module's own URL, as the Markdown
// engine is (transcript/load-engine.ts); a bundler splits it the same way. It is asked for when
// `showPreview()` is called, a chip with hidden secrets is activated, `validateContext` is set and
// the draft changes, or a `budget` is set. Meanwhile nothing waits but the feature itself: typing,
// pasting and sending go on, and a send that needs the chunk (a budget to check, context to
// validate) waits for it. A chunk that fails to load is a `t3-error` (`load-failed`); the next
// use tries again.
import { ComposerError } from "../../transport/errors.js";
import { emit } from "../events.js";
import type * as Chunk from "./on-demand/composer-parts.js";
import type { Composer } from "./composer.js";

/** The chunk's exports. */
export type OnDemandParts = typeof Chunk;

let loading: Promise<OnDemandParts> | undefined;

/** The chunk, loaded once per page (again after a failure). */
function loadParts(): Promise<OnDemandParts> {
  loading ??= import("./on-demand/composer-parts.js").catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

export class OnDemand {
  readonly #composer: Composer;
  /** The loads this composer waits on: its `updateComplete` waits for them too. */
  readonly #pending = new Set<Promise<unknown>>();

  constructor(composer: Composer) {
    this.#composer = composer;
  }

  /**
   * Runs `use` with the chunk's parts once it has loaded, and resolves with what it returned.
   * A failed load fires `t3-error` (`load-failed`) and resolves with `undefined`.
   */
  run<T>(use: (parts: OnDemandParts) => T): Promise<Awaited<T> | undefined> {
    // Wrapped, so that the element waits for the load and `use`, not for a promise `use` returns
    // (the gone-context question waits for a person).
    const task = loadParts().then(
      (parts) => ({ result: use(parts) }),
      (cause: unknown) => {
        const error = new ComposerError("load-failed", "A part of the composer could not be loaded.", { cause });
        emit(this.#composer.host, "t3-error", { code: error.code, message: error.message, cause });
        return undefined;
      },
    );
    this.#pending.add(task);
    void task.finally(() => this.#pending.delete(task));
    return task.then((done) => done?.result) as Promise<Awaited<T> | undefined>;
  }

  /** Resolves once every load this composer asked for has settled, and what ran after it. */
  async settled(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }
}
