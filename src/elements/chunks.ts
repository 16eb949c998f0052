// The one module that loads the elements' code later (docs/performance.md, "What the drop-ins load
// later"). A chunk is a module fetched once per page by a dynamic import, relative to the module's
// own URL in a drop-in and split the same way by a bundler, and fetched again after a failure. Only
// views a person opens load this way, views with nothing to replay: nothing of the composer's draft
// waits for a chunk. The chip overlays both elements share (chip menus, popovers, hover cards, the
// media modal, the details cards) are defined here; a chunk only one element loads is defined
// beside it and loaded through `ChunkLoads` too (composer/parts.ts, transcript/load-engine.ts,
// transcript/load-legacy.ts), so that one element's drop-in never reaches the other's chunks. A
// load that fails is a `t3-error` (`load-failed`), and the element's `updateComplete` waits for
// the loads it started.
import type { ReactiveController } from "lit";
import { provideDetailsRenderers } from "../presentation/details/lazy.js";
import { Chunk } from "../transport/chunk.js";
import { ComposerError } from "../transport/errors.js";
import { emit } from "./events.js";
import { whenIdle } from "./idle.js";
import type * as OverlaysChunk from "./overlays/overlays.js";

// The primitive itself is the transport layer's (it loads the network transports too).
export { Chunk };

/** One element's loads of its chunks. */
export class ChunkLoads {
  readonly #host: HTMLElement;
  /** The element named in a failed load's message. */
  readonly #element: string;
  /** The loads this element waits on: its `updateComplete` waits for them too. */
  readonly #pending = new Set<Promise<unknown>>();

  constructor(host: HTMLElement, element: "composer" | "transcript" = "composer") {
    this.#host = host;
    this.#element = element;
  }

  /**
   * Runs `use` with `chunk` once it has loaded, and resolves with what it returned. A failed load
   * fires `t3-error` (`load-failed`), then runs `failed` (the element waits for it too), and
   * resolves with `undefined`.
   */
  run<C, T>(chunk: Chunk<C>, use: (loaded: C) => T, failed?: () => void): Promise<Awaited<T> | undefined> {
    // Wrapped, so that the element waits for the load and `use`, not for a promise `use` returns
    // (the gone-context question waits for a person).
    const task = chunk.get().then(
      (loaded) => ({ result: use(loaded) }),
      (cause: unknown) => {
        const error = loadFailed(cause, this.#element);
        emit(this.#host, "t3-error", { code: error.code, message: error.message, cause });
        failed?.();
        return undefined;
      },
    );
    this.#pending.add(task);
    void task.finally(() => this.#pending.delete(task));
    return task.then((done) => done?.result) as Promise<Awaited<T> | undefined>;
  }

  /**
   * Fetches `chunk` when the page is next idle, then runs `use` with it (see `run` for a
   * failure); returns what cancels it.
   */
  prefetch<C>(chunk: Chunk<C>, use: (loaded: C) => void = () => undefined): () => void {
    return whenIdle(() => void this.run(chunk, use));
  }

  /** Resolves once every load this element asked for has settled, and what ran after it. */
  async settled(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }
}

/** Fetches a chunk when the page is first idle after the element's first render, through its loads. */
export class IdlePrefetch<C> implements ReactiveController {
  readonly #loads: ChunkLoads;
  readonly #chunk: Chunk<C>;
  readonly #use: ((loaded: C) => void) | undefined;
  /** Cancels the fetch that waits for an idle moment. */
  #cancel: (() => void) | null = null;

  /** `use` runs with the chunk once it is in, after each connection (if the element is still connected). */
  constructor(loads: ChunkLoads, chunk: Chunk<C>, use?: (loaded: C) => void) {
    this.#loads = loads;
    this.#chunk = chunk;
    this.#use = use;
  }

  hostConnected(): void {}

  /** After a render (the first, in practice): the chunk is fetched when the page is next idle. */
  hostUpdated(): void {
    if (this.#cancel || (this.#chunk.loaded && !this.#use)) return;
    this.#cancel = this.#loads.prefetch(this.#chunk, this.#use);
  }

  hostDisconnected(): void {
    this.#cancel?.();
    this.#cancel = null;
  }
}

/** The error of a chunk that could not be fetched (what rejects a call that needed it). */
export function loadFailed(cause?: unknown, element = "composer"): ComposerError {
  return new ComposerError("load-failed", `A part of the ${element} could not be loaded.`, cause === undefined ? undefined : { cause });
}

/** The overlays chunk's exports. */
export type OverlayParts = typeof OverlaysChunk;

/** The chip overlays both elements share, fetched when an element is first idle or on first use. @internal */
export const overlayChunk = new Chunk<OverlayParts>(() =>
  import("./overlays/overlays.js").then((parts) => {
    provideDetailsRenderers(parts.detailsRenderers);
    return parts;
  }),
);

/** Whether `node` is still there and the focus is where it was: taken now, asked later. */
export function unchangedFocus(node: Node): () => boolean {
  const root = node.getRootNode() as Document | ShadowRoot;
  const focused = root.activeElement;
  return () => node.isConnected && root.activeElement === focused;
}

/**
 * Runs `open` with the overlays: at once when the chunk is in, else once it has loaded (through
 * `loads`, so that the element's `updateComplete` waits for it), if `still()` then holds: an overlay
 * asked for before the chunk is in does not open if its node went away or the focus moved meanwhile.
 */
export function withOverlays(loads: ChunkLoads, open: (parts: OverlayParts) => void, still: () => boolean): void {
  const loaded = overlayChunk.loaded;
  if (loaded) {
    open(loaded);
    return;
  }
  void loads.run(overlayChunk, (parts) => {
    if (still()) open(parts);
  });
}
