// Uploads through the transport (docs/composer.md, "Uploads"): progress on the chip, a visible
// failure that can be retried, an abort when the attachment leaves the draft. The controller owns
// the running uploads and the fetches of pasted attachments (attachment-import.ts); it follows
// the draft, so an attachment starts uploading when its chip lands (or comes back with an undo)
// and stops when its last chip goes, whoever made the change. Nothing is lost: an entry whose
// bytes are gone (a restored draft) is retried by attaching the file again. Uploads survive a
// move of the element (a disconnect and a connect in one task): they stop only when the element
// stays disconnected, and start again when it comes back. What the shelf and the chips show is
// decided here; one upload's call to the transport is upload.ts's, and the fetch of a pasted
// attachment's bytes is attachment-import.ts's.
import type { ReactiveController } from "lit";
import type { FileContextRecord, ImageContextRecord } from "../../contract/types.js";
import { ComposerError } from "../../transport/errors.js";
import { releaseUrl, type AttachmentEntry } from "./attachment-entry.js";
import { fetchPasted, ImportStore, type PendingImport } from "./attachment-import.js";
import type { Composer } from "./composer.js";
import type { DraftChange, DraftObserver } from "./draft.js";
import { draftOf, isLive, liveAttachments } from "./draft-state.js";
import { upload, type UploadRun } from "./upload.js";

/** A running upload. */
interface Running {
  readonly controller: AbortController;
  /** Settles when the upload ends, whichever way. */
  settled: Promise<void>;
}

export class Uploads implements ReactiveController, DraftObserver {
  readonly #composer: Composer;
  readonly #running = new Map<AttachmentEntry, Running>();
  /** Attachments of queued messages (queue.ts), with their records: they upload outside the draft. */
  readonly #held = new Map<AttachmentEntry, ImageContextRecord | FileContextRecord>();
  /** Pasted images and files whose bytes are being fetched. */
  readonly imports = new ImportStore();
  #connected = false;

  /** What one upload (upload.ts) does through this controller. */
  readonly #run: UploadRun;

  constructor(composer: Composer) {
    this.#composer = composer;
    this.#run = {
      composer,
      record: (entry) => this.#record(entry),
      held: (entry) => this.#held.has(entry),
      current: (entry, controller) => this.#current(entry, controller),
      end: (entry, controller) => this.#current(entry, controller) && this.#running.delete(entry),
      changed: (entry) => this.#changed(entry),
      failed: (entry) => this.#failed(entry),
    };
  }

  /** Whether the element is connected: object URLs exist only then. */
  get connected(): boolean {
    return this.#connected;
  }

  hostConnected(): void {
    this.#connected = true;
    for (const entry of liveAttachments(this.#composer.model.draft)) this.#resume(entry);
    for (const pending of this.imports.values()) if (!pending.controller) this.fetch(pending);
    this.#composer.host.requestUpdate(); // the shelf's thumbnails get object URLs again
  }

  hostDisconnected(): void {
    this.#connected = false;
    for (const entry of liveAttachments(this.#composer.model.draft)) releaseUrl(entry);
    queueMicrotask(() => {
      if (this.#composer.host.isConnected) return; // moved, not removed
      for (const entry of [...this.#running.keys()]) this.#stop(entry);
      this.imports.stop();
    });
  }

  draftChanged({ before, after, tr }: DraftChange): void {
    const was = draftOf(before);
    const now = draftOf(after);
    if (!tr) {
      // A new draft: what the old one was uploading or fetching is not this draft's any more.
      for (const entry of was.attachments.values()) {
        if (now.attachments.get(entry.contextId) === entry || this.#held.has(entry)) continue;
        this.#stop(entry);
        releaseUrl(entry);
      }
      this.imports.reset();
      if (this.#connected) for (const entry of liveAttachments(now)) this.#resume(entry);
      return;
    }
    if (was === now) return;
    for (const contextId of now.touched) {
      const entry = now.attachments.get(contextId);
      if (!entry) continue;
      const joined = isLive(now, contextId);
      if (joined && !isLive(was, contextId)) this.#resume(entry);
      else if (!joined && isLive(was, contextId)) {
        this.#stop(entry); // a file exists only as chips: its upload stops with the last one
        releaseUrl(entry);
      }
    }
  }

  /** The live attachment with `localId`. */
  byLocalId(localId: string): AttachmentEntry | undefined {
    return liveAttachments(this.#composer.model.draft).find((entry) => entry.localId === localId);
  }

  /**
   * Keeps these attachments uploading once they leave the draft: a queued message holds them
   * (docs/composer.md, "Queued follow-ups"), and its send waits for them (`settled(entries)`).
   * An interrupted one (the element came back) starts again.
   */
  hold(held: readonly { entry: AttachmentEntry; record: ImageContextRecord | FileContextRecord }[]): void {
    for (const { entry, record } of held) this.#held.set(entry, record);
    if (this.#connected) for (const { entry } of held) this.#resume(entry);
  }

  /** The queue lets go of `entries`: taken back into the draft, they go on; otherwise they stop. */
  release(entries: readonly AttachmentEntry[]): void {
    const draft = this.#composer.model.draft;
    for (const entry of entries) {
      this.#held.delete(entry);
      if (draft.attachments.get(entry.contextId) === entry && isLive(draft, entry.contextId)) continue;
      this.#stop(entry);
      releaseUrl(entry);
    }
  }

  /** An interrupted upload starts again. */
  #resume(entry: AttachmentEntry): void {
    if (entry.status === "uploading" && !this.#running.has(entry)) this.start(entry);
  }

  #stop(entry: AttachmentEntry): void {
    this.#running.get(entry)?.controller.abort();
    this.#running.delete(entry);
  }

  #record(entry: AttachmentEntry): ImageContextRecord | FileContextRecord | undefined {
    return this.#held.get(entry) ?? (this.#composer.model.draft.records.get(entry.contextId) as ImageContextRecord | FileContextRecord | undefined);
  }

  #changed(entry: AttachmentEntry): void {
    this.#composer.chips.redraw(entry.contextId);
    this.#composer.host.requestUpdate();
  }

  /**
   * Starts (or starts again) the upload of `entry`: it is `uploading` at once, and runs through
   * the transport (upload.ts).
   */
  start(entry: AttachmentEntry): void {
    this.#stop(entry);
    const controller = new AbortController();
    const running: Running = { controller, settled: Promise.resolve() };
    this.#running.set(entry, running);
    entry.status = "uploading";
    entry.progress = 0;
    this.#changed(entry);
    running.settled = upload(this.#run, entry, controller);
  }

  /**
   * Starts (or starts again) the fetch of a pasted attachment's bytes (attachment-import.ts).
   */
  fetch(pending: PendingImport): void {
    pending.controller?.abort();
    const controller = new AbortController();
    pending.controller = controller;
    pending.settled = fetchPasted(this.#composer, pending, controller);
  }

  #current(entry: AttachmentEntry, controller: AbortController): boolean {
    return this.#running.get(entry)?.controller === controller && !controller.signal.aborted;
  }

  /** The upload shows as failed (on the chip and the thumbnail), and the live region says so; returns what it said. */
  #failed(entry: AttachmentEntry): string {
    entry.status = "failed";
    entry.progress = undefined;
    this.#changed(entry);
    const name = this.#record(entry)?.name ?? entry.localId;
    const message = this.#composer.host.localizer.text("uploadFailedAnnouncement", { name });
    // Said in the live region too: the chip's new name is not read unless the caret is on it.
    this.#composer.events.announce(message);
    return message;
  }

  /**
   * Retries a failed (or interrupted) upload. `file` replaces the bytes (and the record's name, type
   * and size): that is how an attachment whose bytes were not saved with the draft is attached again.
   */
  retry(entry: AttachmentEntry, file?: File): void {
    if (file) {
      entry.file = file;
      const record = this.#record(entry);
      if (record) {
        const name = file.name.trim() || record.name;
        this.#composer.model.update({ update: [Object.freeze({ ...record, name, mimeType: file.type || record.mimeType, sizeBytes: file.size })] });
      }
    }
    this.start(entry);
  }

  /**
   * Waits until no attachment of the draft is uploading, nor any pasted one being fetched (its
   * upload starts when its bytes arrive); throws `upload-failed` if an upload did not finish.
   * A fetch interrupted while the element was away (`fetch`) is started again first, so a send waits for it.
   */
  async settled(): Promise<void> {
    if (this.#connected) for (const pending of this.imports.values()) if (!pending.controller) this.fetch(pending);
    for (;;) {
      const fetching = [...this.imports.values()].flatMap((pending) => (pending.controller && pending.settled ? [pending.settled] : []));
      const running = [...this.#running].flatMap(([entry, upload]) => (this.#held.has(entry) ? [] : [upload.settled]));
      if (running.length + fetching.length === 0) break;
      await Promise.all([...running, ...fetching]);
    }
    this.#check(liveAttachments(this.#composer.model.draft));
  }

  /** Waits until none of `entries` (a queued message's) uploads; throws `upload-failed` if one did not finish. */
  async settledOf(entries: readonly AttachmentEntry[]): Promise<void> {
    for (;;) {
      const running = entries.flatMap((entry) => this.#running.get(entry)?.settled ?? []);
      if (running.length === 0) break;
      await Promise.all(running);
    }
    this.#check(entries);
  }

  #check(entries: readonly AttachmentEntry[]): void {
    const unfinished = entries.filter((entry) => entry.status !== "ready");
    if (unfinished.length > 0) {
      const names = unfinished.map((entry) => this.#record(entry)?.name ?? entry.localId).join(", ");
      throw new ComposerError("upload-failed", `Not uploaded: ${names}.`);
    }
  }
}
