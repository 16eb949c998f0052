// Uploads through the transport (ui.md point 8): progress on the chip, a visible failure that
// can be retried, an abort when the attachment leaves the draft. Nothing is lost: an entry
// whose bytes are gone (a restored draft) is retried by attaching the file again.
import { CONTEXT_ID_MAX, CONTEXT_ID_PATTERN } from "../../contract/limits.js";
import type { FileContextRecord, ImageContextRecord } from "../../contract/types.js";
import { ComposerError } from "../../transport/errors.js";
import { emit } from "../events.js";
import type { AttachmentEntry } from "./attachments.js";
import type { ComposerCore } from "./core.js";
import { announce, draftChanged } from "./dispatch.js";

function isHostId(value: unknown): value is string {
  return typeof value === "string" && value.length <= CONTEXT_ID_MAX && CONTEXT_ID_PATTERN.test(value);
}

function attachmentRecord(core: ComposerCore, entry: AttachmentEntry): ImageContextRecord | FileContextRecord | undefined {
  return (core.records.get(entry.contextId) ?? core.records.aside(entry.contextId)) as ImageContextRecord | FileContextRecord | undefined;
}

function changed(core: ComposerCore, entry: AttachmentEntry): void {
  core.chips.redraw(entry.contextId);
  core.host.requestUpdate();
}

/** Starts (or starts again) the upload of `entry`. */
export function startUpload(core: ComposerCore, entry: AttachmentEntry): void {
  entry.controller?.abort();
  entry.controller = null;
  const record = attachmentRecord(core, entry);
  const file = entry.file;
  const upload = core.host.transport?.upload?.bind(core.host.transport);
  if (!file || !record) {
    entry.status = "failed";
    changed(core, entry);
    return;
  }
  if (!upload) {
    // Nowhere to upload: the host takes the message (and the bytes) from `t3-send`.
    ready(core, entry, entry.localId);
    return;
  }
  const controller = new AbortController();
  entry.controller = controller;
  entry.status = "uploading";
  entry.progress = 0;
  const current = () => entry.controller === controller && !controller.signal.aborted;
  const onProgress = (loaded: number, total: number) => {
    if (!current() || !(total > 0)) return;
    entry.progress = Math.min(1, Math.max(0, loaded / total));
    changed(core, entry);
  };
  // A transport that throws instead of rejecting is a failed upload, not a broken composer.
  entry.settled = Promise.resolve()
    .then(() => upload(file, { localId: entry.localId, name: record.name, signal: controller.signal, onProgress }))
    .then(
      (result) => {
        if (!current()) return;
        if (isHostId(result?.attachmentId)) ready(core, entry, result.attachmentId);
        else failed(core, entry, new TypeError(`upload returned an invalid attachment id: ${JSON.stringify(result?.attachmentId)}`));
      },
      (error: unknown) => {
        if (current()) failed(core, entry, error);
      },
    );
  changed(core, entry);
}

function ready(core: ComposerCore, entry: AttachmentEntry, attachmentId: string): void {
  entry.controller = null;
  entry.status = "ready";
  entry.progress = undefined;
  entry.attachmentId = attachmentId;
  const record = attachmentRecord(core, entry);
  // The record binds to the host's id from now on (README Decision 9).
  if (record && record.attachmentId !== attachmentId) core.records.update(Object.freeze({ ...record, attachmentId }));
  changed(core, entry);
  draftChanged(core, false);
}

function failed(core: ComposerCore, entry: AttachmentEntry, cause: unknown): void {
  entry.controller = null;
  entry.status = "failed";
  entry.progress = undefined;
  changed(core, entry);
  const name = attachmentRecord(core, entry)?.name ?? entry.localId;
  const message = core.host.localizer.text("uploadFailedAnnouncement", { name });
  // Said in the live region too: the chip's new name is not read unless the caret is on it.
  announce(core, message);
  emit(core.host, "t3-error", { code: "upload-failed", message, cause });
}

/**
 * Retries a failed (or interrupted) upload. `file` replaces the bytes (and the record's name, type
 * and size): that is how an attachment whose bytes were not saved with the draft is attached again.
 */
export function retryUpload(core: ComposerCore, entry: AttachmentEntry, file?: File): void {
  if (file) {
    entry.file = file;
    const record = attachmentRecord(core, entry);
    if (record) {
      const name = file.name.trim() || record.name;
      core.records.update(Object.freeze({ ...record, name, mimeType: file.type || record.mimeType, sizeBytes: file.size }));
    }
  }
  startUpload(core, entry);
}

/**
 * Waits until no attachment of the draft is uploading, nor any pasted one being fetched (its
 * upload starts when its bytes arrive); throws `upload-failed` if an upload did not finish.
 */
export async function waitForUploads(core: ComposerCore): Promise<void> {
  for (;;) {
    const running = [...core.attachments.values(), ...core.imports.values()].filter((work) => work.controller && work.settled);
    if (running.length === 0) break;
    await Promise.all(running.map((work) => work.settled));
  }
  const unfinished = [...core.attachments.values()].filter((entry) => entry.status !== "ready");
  if (unfinished.length > 0) {
    const names = unfinished.map((entry) => attachmentRecord(core, entry)?.name ?? entry.localId).join(", ");
    throw new ComposerError("upload-failed", `Not uploaded: ${names}.`);
  }
}
