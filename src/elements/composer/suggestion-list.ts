// The suggestion list's keys, the choice of an item and its options (docs/composer.md,
// "Suggestions"); suggestions.ts owns the list and follows the trigger.
import { html, nothing, type TemplateResult } from "lit";
import { toKindScopedComposerContextId } from "../../codec/ids.js";
import { sanitizeComposerContextLabel } from "../../codec/references.js";
import type { MentionContextRecord, SkillContextRecord } from "../../contract/types.js";
import { insertChip } from "../../editor/insert.js";
import { createChip } from "../../editor/schema.js";
import { dismissTrigger, triggerOf, type ActiveTrigger } from "../../editor/trigger.js";
import type { Composer } from "./composer.js";
import { draftKey, isLive } from "./draft-state.js";
import { decodedRecord } from "./record-check.js";
import type { Suggestion } from "./types.js";

export const optionId = (index: number) => `suggestion-${index}`;

/** The list on screen: the query it answers, its items and the highlighted one. */
export interface SuggestionList extends ActiveTrigger {
  items: Suggestion[];
  active: number;
}

function recordFor(item: Suggestion): MentionContextRecord | SkillContextRecord {
  const label = item.label?.trim() || item.value;
  return item.kind === "mention"
    ? { version: 1, kind: "mention", contextId: toKindScopedComposerContextId("mention", item.value), label, path: item.value }
    : { version: 1, kind: "skill", contextId: toKindScopedComposerContextId("skill", item.value), label, name: item.value };
}

/** Replaces `@query` with the chip of `list`'s item at `index`, then `close`s the list. */
export function chooseSuggestion(composer: Composer, list: SuggestionList, index: number, close: () => void): void {
  const item = list.items[index];
  if (!item) return;
  const record = decodedRecord(recordFor(item));
  if (!record) return; // a path or name beyond the record's bounds
  const model = composer.model;
  const chip = createChip({ kind: record.kind, contextId: record.contextId, label: sanitizeComposerContextLabel(record.label, record.kind) });
  const { from, to } = triggerOf(model.state) ?? list;
  const tr = insertChip(model.state.tr, chip, from, to);
  model.edit(isLive(model.draft, record.contextId) ? tr : tr.setMeta(draftKey, { add: [{ record }] }));
  close();
  model.view?.focus();
}

/** The keys the open `list` takes before the editor does; `false` for the editor's. */
export function suggestionKey(composer: Composer, list: SuggestionList, event: KeyboardEvent, close: () => void): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey) return false;
  const count = list.items.length;
  switch (event.key) {
    case "ArrowDown":
      list.active = (list.active + 1) % count;
      break;
    case "ArrowUp":
      list.active = (list.active - 1 + count) % count;
      break;
    case "Enter":
    case "Tab":
      if (event.shiftKey) return false;
      chooseSuggestion(composer, list, list.active, close);
      return true;
    case "Escape":
      composer.model.apply(dismissTrigger(composer.model.state));
      return true;
    default:
      return false;
  }
  composer.host.requestUpdate();
  return true;
}

/** The options of `list`; `choose` takes the index of the one clicked. */
export function suggestionOptions(list: SuggestionList, choose: (index: number) => void): TemplateResult[] {
  return list.items.map(
    (item, index) =>
      html`<div id=${optionId(index)} role="option" part=${index === list.active ? "suggestion suggestion-active" : "suggestion"}
        aria-selected=${index === list.active ? "true" : "false"} data-kind=${item.kind}
        @mousedown=${(event: MouseEvent) => event.preventDefault()} @click=${() => choose(index)}>
        <bdi class="suggestion-label">${item.kind === "skill" ? "$" : "@"}${item.label?.trim() || item.value}</bdi>
        ${item.detail ? html`<span class="suggestion-detail">${item.detail}</span>` : nothing}
      </div>`,
  );
}

/**
 * Scrolls the list (only the list: `scrollIntoView` would scroll the page too) so the active
 * option is in full view; the focus stays in the editor, so the browser does not do it.
 */
export function revealActive(listbox: HTMLElement, option: HTMLElement | null): void {
  if (!option) return;
  const list = listbox.getBoundingClientRect();
  const item = option.getBoundingClientRect();
  if (item.top < list.top + listbox.clientTop) listbox.scrollTop -= list.top + listbox.clientTop - item.top;
  else if (item.bottom > list.top + listbox.clientTop + listbox.clientHeight) listbox.scrollTop += item.bottom - (list.top + listbox.clientTop + listbox.clientHeight);
}
