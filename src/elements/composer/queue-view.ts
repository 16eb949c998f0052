// The queue's part of the template (docs/composer.md, "Queued follow-ups"). The queue and its list
// are in the rest chunk (rest/queue-run.ts, rest/queue-list.ts): a queue exists only once the
// chunk is in (queue.ts), so the list is drawn whenever the queue has messages.
import { nothing, type TemplateResult } from "lit";
import type { Composer } from "./composer.js";

/** The list, or nothing while the queue is empty (or not made). */
export function renderQueue(composer: Composer): TemplateResult | typeof nothing {
  const { run } = composer.queue;
  const rest = composer.rest.loaded;
  return run && rest && run.items.length > 0 ? rest.renderQueueList(composer, run) : nothing;
}
