// The fetches of images and files pasted from another environment (docs/composer.md, "Paste"):
// their bytes come again through `transport.fetchAttachment`, then each is attached under the
// fresh local id the paste gave it and uploaded like any attachment. Until then its chip is
// unresolved; a source that cannot be reached leaves it so and says why in `t3-error`. The upload
// controller (uploads.ts, `fetch`) starts and stops them.
import { asKnownContextRecord } from "../../contract/kinds.js";
import { ComposerError } from "../../transport/errors.js";
import { emit } from "../events.js";
import { newEntry } from "./attachment-entry.js";
import type { Composer } from "./composer.js";
import { liveRecords } from "./draft-state.js";
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

function unreachable(composer: Composer, pending: PendingImport, cause: unknown): void {
  const { record, source } = pending;
  composer.uploads.imports.delete(pending);
  emit(composer.host, "t3-error", {
    code: "attachment-unreachable",
    message: `${record.name} could not be brought into this message: environment ${source.environmentId} cannot be reached. Remove the chip or attach the file again.`,
    cause,
  });
}

/**
 * The fetch of `pending` under `controller` (uploads.ts, `fetch`),
 * which the controller has made its current one. Settles when it ends, whichever way.
 */
export function fetchPasted(composer: Composer, pending: PendingImport, controller: AbortController): Promise<void> {
  const transport = composer.host.transport;
  const fetchAttachment = transport?.fetchAttachment?.bind(transport);
  if (!fetchAttachment) {
    unreachable(composer, pending, new ComposerError("attachment-unreachable", "The composer has no transport that fetches attachments."));
    return Promise.resolve();
  }
  const current = () => pending.controller === controller && !controller.signal.aborted;
  // A transport that throws instead of rejecting is an unreachable source, not a broken paste.
  return Promise.resolve()
    .then(() => fetchAttachment(pending.source, { signal: controller.signal }))
    .then(
      (blob) => {
        if (!current()) return;
        if (!(blob instanceof Blob)) return unreachable(composer, pending, new TypeError(`fetchAttachment resolved with ${String(blob)}, not a Blob`));
        composer.uploads.imports.delete(pending);
        commitImportedAttachment(composer, pending, blob);
      },
      (error: unknown) => {
        if (current()) unreachable(composer, pending, error);
      },
    );
}

/** Whether the draft still references `contextId`: a chip of it, or a referenced annotation whose screenshot it is. */
function stillReferenced(composer: Composer, contextId: string): "chip" | "screenshot" | null {
  const draft = composer.model.draft;
  if (draft.counts.count(contextId) > 0) return "chip";
  for (const record of liveRecords(draft).values()) {
    const known = asKnownContextRecord(record);
    if (known?.kind === "preview-annotation" && known.screenshotContextId === contextId && draft.counts.count(known.contextId) > 0) return "screenshot";
  }
  return null;
}

/**
 * The bytes arrived (T3 Code's `commitImportedAttachment`): the attachment joins the draft, and
 * uploads (uploads.ts follows the draft), when the draft still references it. Otherwise it is
 * only known to the draft with its bytes, as a removed chip's record is, so that undoing the
 * removal brings it back; the reference app drops it (`reference-removed`), and here nothing of
 * it is in the draft either.
 */
function commitImportedAttachment(composer: Composer, pending: PendingImport, blob: Blob): "accepted" | "reference-removed" {
  const { record, localId } = pending;
  const file = blob instanceof File ? blob : new File([blob], record.name, { type: record.mimeType || blob.type });
  const entry = newEntry(record.contextId, localId, record.kind, file, "uploading");
  const referenced = stillReferenced(composer, record.contextId);
  const keep = referenced === "screenshot" ? [record.contextId] : [];
  composer.model.update({ add: [{ record, entry }], keep });
  return referenced ? "accepted" : "reference-removed";
}
