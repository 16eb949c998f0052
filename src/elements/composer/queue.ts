// Queued follow-ups (docs/composer.md, "Queued follow-ups"). While the host says its agent is
// `busy`, Enter queues the draft instead of sending it; the queue sends its messages one at a
// time, in order, each when the host is idle again. The controller owns the queue, its saved
// copy under `draft-key`, and the timer that waits for the host after each send; it sends
// through the Sender (`transmit`) and keeps the queued attachments uploading through Uploads
// (`hold`). Its part of the template is queue-list.ts.
//
// When the next one goes: at once when `busy` turns false (the host said its agent is done).
// After a queued send, the host gets `BUSY_GRACE_MS` to set `busy` (its agent started on the
// message); if it does, the next waits for `busy` to turn false again; if it does not, the host
// is taken to be idle and the next goes. A restored queue waits the same grace after connecting.
import type { ReactiveController } from "lit";
import { ComposerError } from "../../transport/errors.js";
import type { SentMessage } from "../../transport/types.js";
import { emit } from "../events.js";
import type { Composer } from "./composer.js";
import { hasContent } from "./message.js";
import { boundRecords, heldOf, messageOf, parseStoredItem, publicOf, QUEUE_MAX, queuedFromDraft, storedItem, type ComposerQueuedMessage, type QueuedMessage } from "./queue-item.js";
import { mintMessageId, type SendOptions } from "./send.js";

/** Queues live under `t3-composer:queue:<draft-key>`, beside the draft. */
export const QUEUE_STORAGE_PREFIX = "t3-composer:queue:";
/** How long after a queued send the host may take to set `busy` before the next message goes. */
export const BUSY_GRACE_MS = 300;
const QUEUE_VERSION = 1;

export class Queue implements ReactiveController {
  readonly #composer: Composer;
  #items: QueuedMessage[] = [];
  #busy = false;
  #connected = false;
  /** The draft key the queue was loaded from (and is saved to). */
  #loadedKey: string | null = null;
  #grace: ReturnType<typeof setTimeout> | undefined;

  constructor(composer: Composer) {
    this.#composer = composer;
  }

  /** The queue, head first. */
  get items(): readonly QueuedMessage[] {
    return this.#items;
  }

  /** The queue as the element gives it out. */
  get list(): ComposerQueuedMessage[] {
    return this.#items.map(publicOf);
  }

  hostConnected(): void {
    this.#connected = true;
    const key = this.#composer.host.draftKey;
    if (key && key !== this.#loadedKey) this.#load(key);
    for (const item of this.#items) this.#composer.uploads.hold(heldOf(item));
    this.#waitForHost();
  }

  hostDisconnected(): void {
    this.#connected = false;
    clearTimeout(this.#grace);
  }

  /** `busy` changed: turning false sends the head (docs/composer.md, "Queued follow-ups"). */
  busyChanged(busy: boolean): void {
    if (busy === this.#busy) return;
    this.#busy = busy;
    clearTimeout(this.#grace); // the host answered: no need to wait for it any more
    if (!busy) this.#drain();
  }

  /**
   * Enter (`steer`: Ctrl/⌘+Enter) and `send()`. While busy, or while messages wait (so that none
   * is overtaken), the draft is queued; Ctrl/⌘+Enter sends at once, as `steer: true` when busy.
   */
  submit(steer: boolean): Promise<SentMessage | undefined> {
    const { sender } = this.#composer;
    if (sender.sending) return sender.send();
    if (steer) return sender.send({ steer: this.#busy });
    if (this.#busy || this.#items.length > 0) {
      this.enqueue();
      return Promise.resolve(undefined);
    }
    return sender.send();
  }

  /** Sends the draft now, as `send({ steer: true })` asks. */
  sendNow(options: SendOptions): Promise<SentMessage | undefined> {
    return this.#composer.sender.send(options);
  }

  /**
   * Queues the draft and empties the composer. The message keeps the id of a send of this very
   * draft that went out unanswered (so the host stores it once), else gets a fresh one: every
   * later retry reuses it. Its uploads go on; its send waits for them.
   */
  enqueue(): void {
    const composer = this.#composer;
    if (!hasContent(composer) || this.#items.length >= QUEUE_MAX) return;
    const item = queuedFromDraft(composer, composer.sender.pendingMessageId ?? mintMessageId());
    if (!item) return;
    composer.uploads.hold(heldOf(item));
    composer.model.replace("", []);
    composer.persistence.sent();
    this.#items = [...this.#items, item];
    this.#announce("queueAddedAnnouncement", item);
    this.#changed();
    this.#drain();
  }

  /** Removes a waiting message (not one whose send runs). */
  remove(clientMessageId: string): void {
    const item = this.#waiting(clientMessageId);
    if (!item) return;
    this.#items = this.#items.filter((other) => other !== item);
    this.#composer.uploads.release([...item.entries.values()]);
    this.#composer.events.announce(this.#composer.host.localizer.text("queueRemovedAnnouncement"));
    this.#changed();
    this.#drain();
  }

  /**
   * Takes a waiting message back into the composer for editing. A draft that is not empty takes
   * its place in the queue, so neither is lost. Not while a send of the draft runs.
   */
  takeBack(clientMessageId: string): void {
    const composer = this.#composer;
    const item = this.#waiting(clientMessageId);
    if (!item || composer.sender.sending) return;
    const index = this.#items.indexOf(item);
    const swapped = hasContent(composer) ? queuedFromDraft(composer, composer.sender.pendingMessageId ?? mintMessageId()) : null;
    if (swapped) composer.uploads.hold(heldOf(swapped));
    this.#items = this.#items.flatMap((other, at) => (at !== index ? [other] : swapped ? [swapped] : []));
    composer.model.replace(item.text, boundRecords(item), item.entries);
    composer.sender.adoptMessageId(item.clientMessageId); // sent unchanged, it is the same message
    composer.uploads.release([...item.entries.values()]);
    this.#changed();
    composer.model.view?.focus();
    this.#drain();
  }

  /** Moves a waiting message `by` places (-1 up, 1 down), never before one whose send runs. */
  move(clientMessageId: string, by: -1 | 1): boolean {
    const item = this.#waiting(clientMessageId);
    const from = item ? this.#items.indexOf(item) : -1;
    const to = from + by;
    const first = this.#items[0]?.sending ? 1 : 0;
    if (from < 0 || to < first || to >= this.#items.length) return false;
    const items = [...this.#items];
    [items[from], items[to]] = [items[to]!, items[from]!];
    this.#items = items;
    this.#announce("queueMovedAnnouncement", item!);
    this.#changed();
    this.#drain(); // a message moved to the head goes if its turn has come
    return true;
  }

  /** Sends the failed head again, under the same `clientMessageId`. */
  retry(clientMessageId: string): void {
    const head = this.#items[0];
    if (head?.clientMessageId !== clientMessageId || !head.error || head.sending) return;
    head.error = null;
    this.#changed();
    this.#drain();
  }

  /** `draft-key` changed: the queue so far stays saved under the old key; the new key's loads. */
  switchKey(next: string | null): void {
    const had = this.#items.length > 0;
    for (const item of this.#items) this.#composer.uploads.release([...item.entries.values()]);
    this.#items = [];
    this.#loadedKey = null;
    if (next) this.#load(next);
    for (const item of this.#items) this.#composer.uploads.hold(heldOf(item));
    if (had || this.#items.length > 0) this.#changed(false); // nothing queued before or after: no change to tell
    this.#waitForHost();
  }

  #waiting(clientMessageId: string): QueuedMessage | undefined {
    return this.#items.find((item) => item.clientMessageId === clientMessageId && !item.sending);
  }

  #announce(key: "queueAddedAnnouncement" | "queueMovedAnnouncement", item: QueuedMessage): void {
    const strings = this.#composer.host.localizer;
    const position = strings.number(this.#items.indexOf(item) + 1);
    this.#composer.events.announce(strings.text(key, { position, count: strings.number(this.#items.length) }));
  }

  /** Gives the host `BUSY_GRACE_MS` to set `busy`, then sends the head if it did not. */
  #waitForHost(): void {
    clearTimeout(this.#grace);
    if (this.#items.length === 0 || !this.#connected) return;
    this.#grace = setTimeout(() => this.#drain(), BUSY_GRACE_MS);
  }

  /** Sends the head when its turn has come: the host idle, no queued send running, no failure waiting. */
  #drain(): void {
    const head = this.#items[0];
    if (!head || head.sending || head.error || this.#busy || !this.#connected || this.#items.some((item) => item.sending)) return;
    clearTimeout(this.#grace);
    head.sending = true;
    this.#changed();
    void this.#send(head);
  }

  async #send(item: QueuedMessage): Promise<void> {
    const composer = this.#composer;
    let sent = false;
    try {
      await composer.uploads.settledOf([...item.entries.values()]).catch((error: unknown) => {
        const failure = error instanceof ComposerError ? error : new ComposerError("upload-failed", "An upload failed.", { cause: error });
        emit(composer.host, "t3-error", { code: failure.code, message: failure.message, cause: failure.cause ?? failure });
        throw failure;
      });
      const message = messageOf(item);
      await composer.sender.transmit(message, () => {
        sent = true;
        composer.history.sent(message); // a queued message is sent from this composer too
        this.#items = this.#items.filter((other) => other !== item);
        composer.uploads.release([...item.entries.values()]);
      });
    } catch (error) {
      item.error = error instanceof ComposerError ? error : new ComposerError("send-failed", "The message could not be sent.", { cause: error });
    }
    item.sending = false;
    this.#changed();
    if (sent) this.#waitForHost();
  }

  /** The queue changed: saved, announced in `t3-queue-change`, drawn. */
  #changed(save = true): void {
    const { host } = this.#composer;
    if (save) this.#save();
    emit(host, "t3-queue-change", { queue: this.list });
    host.requestUpdate();
  }

  #save(): void {
    const key = this.#composer.host.draftKey;
    if (!key) return;
    const items = this.#items.map(storedItem).filter((item) => item !== null);
    try {
      if (items.length === 0) localStorage.removeItem(QUEUE_STORAGE_PREFIX + key);
      else localStorage.setItem(QUEUE_STORAGE_PREFIX + key, JSON.stringify({ version: QUEUE_VERSION, items }));
      this.#loadedKey = key;
    } catch (error) {
      emit(this.#composer.host, "t3-error", { code: "storage-failed", message: `The queue could not be saved under "${key}".`, cause: error });
    }
  }

  /** Reads the queue saved under `key`. Storage is shared with the page: anything there is untrusted, and never throws here. */
  #load(key: string): void {
    this.#loadedKey = key;
    let saved: unknown;
    try {
      saved = JSON.parse(localStorage.getItem(QUEUE_STORAGE_PREFIX + key) ?? "null");
    } catch {
      return; // unreadable: ignored, the draft is another entry and stays
    }
    const { version, items } = (saved ?? {}) as { version?: unknown; items?: unknown };
    if (version !== QUEUE_VERSION || !Array.isArray(items)) return;
    const seen = new Set<string>();
    for (const stored of items.slice(0, QUEUE_MAX)) {
      const item = parseStoredItem(stored, mintMessageId);
      if (!item || seen.has(item.clientMessageId)) continue; // one id is one message
      seen.add(item.clientMessageId);
      this.#items.push(item);
    }
  }
}
