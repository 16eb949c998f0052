// The queue's part of the template (docs/composer.md, "Queued follow-ups"). The list is drawn by
// the rest chunk (rest/queue-list.ts, rest.ts): a queue that fills before the chunk is in (a
// message queued at once, or restored under `draft-key`) shows once it is; its messages wait in
// the queue meanwhile, and `queue` lists them.
import { nothing, type TemplateResult } from "lit";
import type { Composer } from "./composer.js";

/** The list, or nothing while the queue is empty (or its drawing loads). */
export function renderQueue(composer: Composer): TemplateResult | typeof nothing {
  const { items } = composer.queue;
  if (items.length === 0) return nothing;
  const { rest, host } = composer;
  if (rest.loaded) return rest.loaded.renderQueueList(composer, items);
  void rest.run(() => host.requestUpdate());
  return nothing;
}
