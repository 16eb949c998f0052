// The pending fetches of pasted attachments (attachment-import.ts), by the context id their chips
// name. The upload controller (uploads.ts) owns the store; the paste import (paste-plan.ts) adds to it.
import type { AttachmentFetch } from "./import-plan.js";

/**
 * A fetch under way, or interrupted (no `controller`) while the element is disconnected
 * (uploads.ts, `fetch`, which a send or the next connect calls again).
 */
export interface PendingImport extends AttachmentFetch {
  controller: AbortController | null;
  /** Settles when the running fetch ends, whichever way. */
  settled: Promise<void> | null;
}

/** The pending fetches of a draft, by the context id their chips name. */
export class ImportStore {
  #pending = new Map<string, PendingImport>();

  get(contextId: string): PendingImport | undefined {
    return this.#pending.get(contextId);
  }

  values(): IterableIterator<PendingImport> {
    return this.#pending.values();
  }

  add(fetch: AttachmentFetch): PendingImport {
    const pending: PendingImport = { ...fetch, controller: null, settled: null };
    this.#pending.set(fetch.record.contextId, pending);
    return pending;
  }

  delete(pending: PendingImport): void {
    if (this.#pending.get(pending.record.contextId) === pending) this.#pending.delete(pending.record.contextId);
  }

  /** Aborts the running fetches; they start again from `hostConnected` (uploads.ts). */
  stop(): void {
    for (const pending of this.#pending.values()) {
      pending.controller?.abort();
      pending.controller = null;
    }
  }

  /** Aborts and forgets every fetch (the draft was replaced). */
  reset(): void {
    this.stop();
    this.#pending.clear();
  }
}
