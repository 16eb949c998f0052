// One upload through the transport: the call, its progress on the
// chip, the host's id bound to the record, a failure reported (docs/composer.md, "Uploads"). The
// upload controller (uploads.ts) owns the running uploads and when one starts or stops; this runs
// one through it, under the controller that aborts it.
import { CONTEXT_ID_MAX, CONTEXT_ID_PATTERN } from "../../contract/limits.js";
import { emit } from "../events.js";
import type { AttachmentEntry } from "./attachment-entry.js";
import type { FileContextRecord, ImageContextRecord } from "../../contract/types.js";
import type { Composer } from "./composer.js";

/** What one upload needs of the upload controller (uploads.ts). */
export interface UploadRun {
  readonly composer: Composer;
  /** The record of `entry`: a queued message's, else the draft's. */
  record(entry: AttachmentEntry): ImageContextRecord | FileContextRecord | undefined;
  /** Whether a queued message holds `entry` (queue.ts). */
  held(entry: AttachmentEntry): boolean;
  /** Whether `controller` still runs the upload of `entry`: not stopped, not started again. */
  current(entry: AttachmentEntry, controller: AbortController): boolean;
  /** The upload of `entry` under `controller` ends; `false` if it was not current (nothing to do then). */
  end(entry: AttachmentEntry, controller: AbortController): boolean;
  /** `entry` changed: its chip and the shelf are drawn again. */
  changed(entry: AttachmentEntry): void;
  /** The upload of `entry` failed: it shows so, and the live region says so; returns what it said. */
  failed(entry: AttachmentEntry): string;
}

function isHostId(value: unknown): value is string {
  return typeof value === "string" && value.length <= CONTEXT_ID_MAX && CONTEXT_ID_PATTERN.test(value);
}

function ready(run: UploadRun, entry: AttachmentEntry, attachmentId: string): void {
  entry.status = "ready";
  entry.progress = undefined;
  entry.attachmentId = attachmentId;
  // A queued message's record is bound at its send (queue-item.ts), from the entry.
  const record = run.held(entry) ? undefined : run.record(entry);
  // The record binds to the host's id from now on (docs/composer.md, "Uploads"); the update is
  // also the draft's change signal: the value and the saved draft (which uploads are done) follow.
  if (record) run.composer.model.update({ update: [record.attachmentId === attachmentId ? record : Object.freeze({ ...record, attachmentId })] });
  run.changed(entry);
}

function failed(run: UploadRun, entry: AttachmentEntry, cause: unknown): void {
  const message = run.failed(entry);
  emit(run.composer.host, "t3-error", { code: "upload-failed", message, cause });
}

/**
 * `Uploads.start` (uploads.ts says what it does): the upload of `entry`
 * under `controller`, which the controller has marked running and `uploading`. Settles when it
 * ends, whichever way.
 */
export function upload(run: UploadRun, entry: AttachmentEntry, controller: AbortController): Promise<void> {
  const record = run.record(entry);
  const file = entry.file;
  const transport = run.composer.host.transport;
  const send = transport?.upload?.bind(transport);
  if (!file || !record || !send) {
    run.end(entry, controller);
    // Nowhere to upload: the host takes the message (and the bytes) from `t3-send`.
    if (file && record) ready(run, entry, entry.localId);
    else {
      entry.status = "failed";
      entry.progress = undefined;
      run.changed(entry);
    }
    return Promise.resolve();
  }
  const onProgress = (loaded: number, total: number) => {
    if (!run.current(entry, controller) || !(total > 0)) return;
    entry.progress = Math.min(1, Math.max(0, loaded / total));
    run.changed(entry);
  };
  // A transport that throws instead of rejecting is a failed upload, not a broken composer.
  return Promise.resolve()
    .then(() => send(file, { localId: entry.localId, name: record.name, signal: controller.signal, onProgress }))
    .then(
      (result) => {
        if (!run.end(entry, controller)) return;
        if (isHostId(result?.attachmentId)) ready(run, entry, result.attachmentId);
        else failed(run, entry, new TypeError(`upload returned an invalid attachment id: ${JSON.stringify(result?.attachmentId)}`));
      },
      (error: unknown) => {
        if (run.end(entry, controller)) failed(run, entry, error);
      },
    );
}
