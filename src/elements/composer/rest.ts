// The rest of the composer (docs/performance.md, "What the drop-ins load later"): what it needs
// soon after it shows but not to show itself and take keys (the send's own code, the suggestion
// list, the large-paste reader and Expand, the queue, browsing the history, edit mode, driving
// uploads) is a chunk (rest/composer-rest.ts), loaded as elements/chunks.ts says,
// beside the module in a drop-in (dist/drop-in/composer-rest.js). It is fetched when the page is
// first idle after the composer's first render, so that it is in before it is needed; what needs
// it before then waits for it (a send, an answered suggestion, a large paste), what was typed
// stays in the draft, and a chunk that cannot be fetched is a `load-failed` and is tried again by
// the next use.
import { adoptInto } from "../adopt-styles.js";
import { Chunk, IdlePrefetch } from "../chunks.js";
import type * as RestChunk from "./rest/composer-rest.js";
import type { Composer } from "./composer.js";
import type { UndoHistory } from "./undo.js";

/** The chunk's exports. */
export type ComposerRest = typeof RestChunk;

/**
 * The composers of the page that hold pastes which went in without the chunk (import-wait.ts,
 * `keepUnresolved`): each is told when the chunk comes in, whichever composer fetched it, and
 * before any use of it runs (those wait on the Chunk's own promise, settled after this one).
 */
const awaiting = new Set<(loaded: ComposerRest) => void>();

const rest = new Chunk<ComposerRest>(() =>
  import("./rest/composer-rest.js").then((loaded) => {
    // Each in a microtask of its own: one that throws does not fail the load for the others.
    for (const arrived of awaiting) queueMicrotask(() => arrived(loaded));
    awaiting.clear();
    return loaded;
  }),
);

/** The chunk's undo history, if the chunk is in (whichever composer of the page loaded it): undo.ts. */
export function loadedUndoHistory(): UndoHistory | undefined {
  return rest.loaded?.undoHistory;
}

export class Rest {
  readonly #composer: Composer;
  /** The fetch when the page is first idle after the composer's first render (a controller of the element). */
  readonly prefetch: IdlePrefetch<ComposerRest>;
  /** Whether the chunk's plugins are in the draft's state (`#arrived`). */
  #installed = false;
  readonly #resolveImports = (loaded: ComposerRest) => this.#composer.imports.resolve(loaded);

  constructor(composer: Composer) {
    this.#composer = composer;
    this.prefetch = new IdlePrefetch(composer.loads, rest, (loaded) => this.#arrived(loaded));
  }

  // What the chunk brings to the draft itself joins it as soon as the chunk is in: the undo
  // history and the suggestion trigger's plugin (undo.ts), and a query typed before then asks
  // the host now (suggestions.ts). During an input method's composition they wait for the
  // draft's next change (draft.ts), whose trigger is followed as every change's is.
  // Pastes that went in without the chunk get their records first (import-wait.ts).
  #arrived(loaded: ComposerRest): void {
    this.#composer.imports.resolve(loaded);
    if (this.#installed || !this.#composer.model.undoHistory()) return;
    this.#installed = true;
    this.#composer.suggestions.follow();
  }

  /**
   * The chunk once it has loaded (what needs it then runs at once), else `undefined`. Whatever
   * uses the chunk reaches it here or through `run`, so the styles of what it draws join the
   * composer's shadow root on the way (once: elements/adopt-styles.ts). Renders read it too, so
   * it changes nothing of the draft.
   */
  get loaded(): ComposerRest | undefined {
    const loaded = rest.loaded;
    if (loaded) adoptInto(this.#composer.host.shadowRoot, loaded.restStyles);
    return loaded;
  }

  /**
   * Pastes went in without the chunk (import-wait.ts, `keepUnresolved`): their records join as
   * soon as it comes in, whichever composer of the page fetches it, or at once if it is in.
   */
  awaitImports(): void {
    if (rest.loaded) queueMicrotask(() => this.#resolveImports(rest.loaded!));
    else awaiting.add(this.#resolveImports);
  }

  /** As `OnDemand.run` (on-demand.ts), with this chunk; `failed` runs after a failed load's `t3-error` (`ChunkLoads.run`). */
  run<T>(use: (loaded: ComposerRest) => T, failed?: () => void): Promise<Awaited<T> | undefined> {
    return this.#composer.loads.run(
      rest,
      (loaded) => {
        adoptInto(this.#composer.host.shadowRoot, loaded.restStyles);
        this.#arrived(loaded);
        return use(loaded);
      },
      failed,
    );
  }
}
