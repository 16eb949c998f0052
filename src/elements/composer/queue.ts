// Queued follow-ups (docs/composer.md, "Queued follow-ups"): the front that the element and the
// editor's Enter talk to. The queue itself (rest/queue-run.ts) is in the rest chunk (rest.ts): a
// composer whose host never says it is busy and that has no queue saved under its `draft-key`
// never needs it. It is made when `busy` first turns true, or when the composer connects (or its
// key changes) with a queue saved under the key; the element's `updateComplete` waits for it. Until
// it is in, the queue is empty, and what needs it waits for it: Enter while busy queues the
// draft as it stands once the queue is in, and nothing overtakes a queue being read back.
import type { ReactiveController } from "lit";
import type { SentMessage } from "../../transport/types.js";
import { loadFailed } from "../chunks.js";
import type { Composer } from "./composer.js";
import { isStored } from "./draft-storage.js";
import type { ComposerQueuedMessage, QueuedMessage } from "./queue-item.js";
import type { QueueRun } from "./rest/queue-run.js";
import type { SendOptions } from "./send.js";

/** Queues live under `t3-composer:queue:<draft-key>`, beside the draft. */
export const QUEUE_STORAGE_PREFIX = "t3-composer:queue:";
/** How long after a queued send the host may take to set `busy` before the next message goes. */
export const BUSY_GRACE_MS = 300;

export class Queue implements ReactiveController {
  readonly #composer: Composer;
  #run: QueueRun | undefined;
  /** The queue being made (the rest chunk loading): what needs it waits for this. */
  #making: Promise<QueueRun | undefined> | undefined;
  #busy = false;
  #connected = false;

  constructor(composer: Composer) {
    this.#composer = composer;
  }

  /** The queue, head first (empty until it is made). */
  get items(): readonly QueuedMessage[] {
    return this.#run?.items ?? [];
  }

  /** The queue as the element gives it out. */
  get list(): ComposerQueuedMessage[] {
    return this.#run?.list ?? [];
  }

  /** The queue itself, once made (its list, drawn by the rest chunk, acts on it). */
  get run(): QueueRun | undefined {
    return this.#run;
  }

  hostConnected(): void {
    this.#connected = true;
    if (this.#run) this.#run.hostConnected();
    else if (isStored(QUEUE_STORAGE_PREFIX, this.#composer.host.draftKey)) void this.#make();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#run?.hostDisconnected();
  }

  /** `busy` changed: turning false sends the head (docs/composer.md, "Queued follow-ups"). */
  busyChanged(busy: boolean): void {
    this.#busy = busy;
    if (this.#run) this.#run.busyChanged(busy);
    else if (busy) void this.#make();
  }

  /**
   * Enter (`steer`: Ctrl/⌘+Enter) and `send()`. While busy, or while messages wait (so that none
   * is overtaken), the draft is queued; Ctrl/⌘+Enter sends at once, as `steer: true` when busy.
   */
  submit(steer: boolean): Promise<SentMessage | undefined> {
    if (this.#run) return this.#run.submit(steer);
    const { sender } = this.#composer;
    if (sender.sending) return sender.send();
    if (steer) return sender.send({ steer: this.#busy });
    if (!this.#busy && !this.#making) return sender.send();
    // The chunk did not come: nothing was queued, and the draft stays.
    return this.#make().then((run) => (run ? run.submit(false) : Promise.reject(loadFailed())));
  }

  /** Sends the draft now, as `send(options)` asks. */
  sendNow(options: SendOptions): Promise<SentMessage | undefined> {
    return this.#composer.sender.send(options);
  }

  /** `draft-key` changed: the queue so far stays saved under the old key; the new key's loads. */
  switchKey(next: string | null): void {
    if (this.#run) this.#run.switchKey(next);
    else if (isStored(QUEUE_STORAGE_PREFIX, next)) void this.#make();
  }

  /** Makes the queue once the rest chunk is in; a failed load (`load-failed`) leaves it to the next need. */
  #make(): Promise<QueueRun | undefined> {
    this.#making ??= this.#composer.rest
      .run((rest) => {
        // Made as things stand now: connected, it reads the key's queue and waits for the host.
        const run = (this.#run ??= new rest.QueueRun(this.#composer, this.#busy));
        if (this.#connected) run.hostConnected();
        return run;
      })
      .then((run) => {
        if (!run) this.#making = undefined;
        return run;
      });
    return this.#making;
  }
}
