// Images and files pasted from another environment (wire.md §f steps 3, 5 and 6): their bytes
// are fetched again through `transport.fetchAttachment`, then attached under the fresh local id
// the paste gave them and uploaded like any attachment. Until then their chips are unresolved;
// a source that cannot be reached leaves them so and says why in `t3-error`.
import { ComposerError } from "../../transport/errors.js";
import { asKnownContextRecord } from "../../contract/kinds.js";
import { emit } from "../events.js";
import { newEntry } from "./attachments.js";
import type { ComposerCore } from "./core.js";
import { draftChanged } from "./dispatch.js";
import type { AttachmentFetch } from "./import-plan.js";
import { startUpload } from "./uploads.js";

/** A fetch under way, or interrupted (no `controller`) while the element is disconnected. */
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

  /** Aborts the running fetches; they start again from `connect`. */
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

function unreachable(core: ComposerCore, pending: PendingImport, cause: unknown): void {
  const { record, source } = pending;
  emit(core.host, "t3-error", {
    code: "attachment-unreachable",
    message: `${record.name} could not be brought into this message: environment ${source.environmentId} cannot be reached. Remove the chip or attach the file again.`,
    cause,
  });
}

/** Starts (or starts again) the fetch of `pending`. */
export function startImport(core: ComposerCore, pending: PendingImport): void {
  pending.controller?.abort();
  const transport = core.host.transport;
  const fetchAttachment = transport?.fetchAttachment?.bind(transport);
  if (!fetchAttachment) {
    core.imports.delete(pending);
    unreachable(core, pending, new ComposerError("attachment-unreachable", "The composer has no transport that fetches attachments."));
    return;
  }
  const controller = new AbortController();
  pending.controller = controller;
  const current = () => pending.controller === controller && !controller.signal.aborted;
  // A transport that throws instead of rejecting is an unreachable source, not a broken paste.
  pending.settled = Promise.resolve()
    .then(() => fetchAttachment(pending.source, { signal: controller.signal }))
    .then(
      (blob) => {
        if (!current()) return;
        core.imports.delete(pending);
        if (blob instanceof Blob) commitImportedAttachment(core, pending, blob);
        else unreachable(core, pending, new TypeError(`fetchAttachment resolved with ${String(blob)}, not a Blob`));
      },
      (error: unknown) => {
        if (!current()) return;
        core.imports.delete(pending);
        unreachable(core, pending, error);
      },
    );
}

/** Whether the draft still references `contextId`: a chip of it, or a referenced annotation whose screenshot it is. */
function stillReferenced(core: ComposerCore, contextId: string): boolean {
  if (core.counts.count(contextId) > 0) return true;
  for (const record of core.records.live.values()) {
    const known = asKnownContextRecord(record);
    if (known?.kind === "preview-annotation" && known.screenshotContextId === contextId && core.counts.count(known.contextId) > 0) return true;
  }
  return false;
}

/**
 * The bytes arrived (T3 Code's `commitImportedAttachment`): the attachment joins the draft and
 * uploads when the draft still references it. Otherwise it is kept aside with its bytes, as a
 * removed chip's record is, so that undoing the removal brings it back; the reference app drops
 * it (`reference-removed`), and here nothing of it is in the draft either.
 */
export function commitImportedAttachment(core: ComposerCore, pending: PendingImport, blob: Blob): "accepted" | "reference-removed" {
  const { record, localId } = pending;
  const file = blob instanceof File ? blob : new File([blob], record.name, { type: record.mimeType || blob.type });
  const entry = newEntry(record.contextId, localId, record.kind, file, "uploading");
  if (!stillReferenced(core, record.contextId)) {
    core.records.stage(record);
    core.attachments.stage(entry);
    return "reference-removed";
  }
  core.records.set(record);
  core.attachments.add(entry);
  startUpload(core, entry);
  core.chips.redraw(record.contextId);
  emit(core.host, "t3-context-add", { record });
  draftChanged(core, false);
  core.host.requestUpdate(); // an image joins the shelf
  return "accepted";
}
