// The queue's part of the template (docs/composer.md, "Queued follow-ups"): a named list above the editor, one item per queued
// message with its text and chips (drawn by the registry, as the editor draws them), its status,
// and its actions: Retry (a failed head), Edit (take it back), Move up, Move down, Remove.
// Alt+ArrowUp / Alt+ArrowDown move the item whose control has the focus; the focus follows the
// item, and the live region says its new position (docs/accessibility.md).
import { html, nothing, type TemplateResult } from "lit";
import { collectComposerContextReferences } from "../../codec/references.js";
import { resolveChip } from "../../presentation/resolve.js";
import { fillChip } from "../../presentation/chip-dom.js";
import type { ChipSurface } from "../../presentation/types.js";
import { chipState } from "./attachment-entry.js";
import type { Composer } from "./composer.js";
import { recordsOf, type QueuedMessage } from "./queue-item.js";
import type { Queue } from "./queue.js";

/** The class of the list; tests and styles find it by its part, `queue`. */
const LIST_CLASS = "queue";

/** One chip of a queued message: an image to assistive technology, as in the editor. */
function queuedChip(composer: Composer, item: QueuedMessage, reference: { kind: string; contextId: string; label: string }): HTMLElement {
  const { host } = composer;
  const record = recordsOf(item).find((candidate) => candidate.contextId === reference.contextId);
  const strings = host.localizer;
  const chip = resolveChip(host.registry, reference, record?.kind === reference.kind ? record : undefined, false, strings);
  const surface: ChipSurface = { name: "composer", host, localizer: strings };
  const entry = item.entries.get(reference.contextId);
  if (entry) surface.attachment = chipState(entry, composer.uploads.connected);
  const span = document.createElement("span");
  fillChip(span, chip, surface);
  span.setAttribute("role", "img");
  return span;
}

/** The message's text with its links drawn as chips, then its shelf images. */
function queuedContent(composer: Composer, item: QueuedMessage): DocumentFragment {
  const fragment = document.createDocumentFragment();
  let at = 0;
  for (const occurrence of collectComposerContextReferences(item.text)) {
    fragment.append(item.text.slice(at, occurrence.start), queuedChip(composer, item, occurrence));
    at = occurrence.end;
  }
  fragment.append(item.text.slice(at));
  for (const image of item.shelf) fragment.append(" ", queuedChip(composer, item, image));
  return fragment;
}

/** Alt+ArrowUp / Alt+ArrowDown: move the item, keep the focus on the control that had it. */
async function onKeyDown(composer: Composer, queue: Queue, item: QueuedMessage, event: KeyboardEvent): Promise<void> {
  const by = event.key === "ArrowUp" ? -1 : event.key === "ArrowDown" ? 1 : 0;
  if (!event.altKey || by === 0) return;
  event.preventDefault();
  const control = (event.target as HTMLElement).dataset.control;
  if (!queue.move(item.clientMessageId, by)) return;
  await refocus(composer, item, control);
}

/** After a redraw, the focus goes back into the item: the same control, or the first one enabled. */
async function refocus(composer: Composer, item: QueuedMessage, control: string | undefined): Promise<void> {
  await composer.host.updateComplete;
  const root = composer.host.shadowRoot;
  const row = [...(root?.querySelectorAll<HTMLElement>(`.${LIST_CLASS} > li`) ?? [])].find((li) => li.dataset.id === item.clientMessageId);
  const buttons = [...(row?.querySelectorAll<HTMLButtonElement>("button") ?? [])];
  (buttons.find((button) => button.dataset.control === control && !button.disabled) ?? buttons.find((button) => !button.disabled))?.focus();
}

async function moveBy(composer: Composer, queue: Queue, item: QueuedMessage, by: -1 | 1, control: string): Promise<void> {
  if (queue.move(item.clientMessageId, by)) await refocus(composer, item, control);
}

function renderItem(composer: Composer, queue: Queue, item: QueuedMessage, index: number, count: number): TemplateResult {
  const { host, sender } = composer;
  const strings = host.localizer;
  const id = item.clientMessageId;
  // The head whose send runs stays first: nothing moves above it.
  const top = index === 0 || (index === 1 && queue.items[0]?.sending === true);
  const textId = `queued-${id}`;
  const describedBy = `${textId} queued-status-${id}`;
  const status = item.sending ? strings.text("queueSending") : item.error ? strings.text("queueFailed", { error: item.error.message }) : "";
  const state = item.sending ? "sending" : item.error ? "failed" : "queued";
  // An <ol> says each item's position and the count; the buttons are described by the text they act on.
  return html`<li part="queued queued-${state}" data-id=${id}
    @keydown=${(event: KeyboardEvent) => void onKeyDown(composer, queue, item, event)}>
    <span class="queued-text" id=${textId}>${queuedContent(composer, item)}</span>
    ${status ? html`<span class="queued-status" id="queued-status-${id}" part="queued-status">${status}</span>` : nothing}
    <span class="queued-actions">
      ${item.error && !item.sending
        ? html`<button type="button" aria-describedby=${describedBy} part="queued-retry" data-control="retry" @click=${() => queue.retry(id)}>${strings.text("queueRetry")}</button>`
        : nothing}
      <button type="button" aria-describedby=${describedBy} part="queued-edit" data-control="edit" ?disabled=${item.sending || sender.sending} @click=${() => queue.takeBack(id)}>${strings.text("queueEdit")}</button>
      <button type="button" aria-describedby=${describedBy} part="queued-up" data-control="up" ?disabled=${item.sending || top}
        @click=${() => void moveBy(composer, queue, item, -1, "up")}>${strings.text("queueMoveUp")}</button>
      <button type="button" aria-describedby=${describedBy} part="queued-down" data-control="down" ?disabled=${item.sending || index === count - 1}
        @click=${() => void moveBy(composer, queue, item, 1, "down")}>${strings.text("queueMoveDown")}</button>
      <button type="button" aria-describedby=${describedBy} part="queued-remove" data-control="remove" ?disabled=${item.sending} @click=${() => queue.remove(id)}>${strings.text("queueRemove")}</button>
    </span>
  </li>`;
}

/** The list, or nothing while the queue is empty. */
export function renderQueue(composer: Composer): TemplateResult | typeof nothing {
  return composer.queue.items.length > 0 ? renderQueueList(composer, composer.queue) : nothing;
}

/** The list of the queue's items (not empty). */
function renderQueueList(composer: Composer, queue: Queue): TemplateResult {
  const { items } = queue;
  return html`<ol class=${LIST_CLASS} part="queue" aria-label=${composer.host.localizer.text("queueLabel")}>
    ${items.map((item, index) => renderItem(composer, queue, item, index, items.length))}
  </ol>`;
}
