// What only some drafts need, loaded when one does (docs/performance.md, "What the drop-ins load
// later"): the preview panel and projection, the reveal menu, the stale-context checks and the
// budget's measure are a chunk (on-demand/composer-parts.ts), loaded as elements/chunks.ts says. In the
// combined drop-in it sits beside the module (dist/drop-in/composer-parts.js). It is asked for when
// `showPreview()` or `preview()` is called, a chip with hidden secrets is activated,
// `validateContext` is set and the draft changes, or a `budget` is set. Meanwhile nothing waits but
// the feature itself: typing, pasting and sending go on, and a send that needs the chunk (a budget
// to check, context to validate) waits for it.
import { adoptInto } from "../adopt-styles.js";
import { Chunk } from "../chunks.js";
import type * as PartsChunk from "./on-demand/composer-parts.js";
import type { Composer } from "./composer.js";

/** The chunk's exports. */
export type OnDemandParts = typeof PartsChunk;

const parts = new Chunk<OnDemandParts>(() => import("./on-demand/composer-parts.js"));

export class OnDemand {
  readonly #composer: Composer;

  constructor(composer: Composer) {
    this.#composer = composer;
  }

  /**
   * Runs `use` with the chunk's parts once it has loaded, and resolves with what it returned.
   * A failed load fires `t3-error` (`load-failed`) and resolves with `undefined`.
   */
  run<T>(use: (parts: OnDemandParts) => T): Promise<Awaited<T> | undefined> {
    return this.#composer.loads.run(parts, (loaded) => {
      adoptInto(this.#composer.host.shadowRoot, loaded.partStyles); // what the parts draw, styled
      return use(loaded);
    });
  }
}
