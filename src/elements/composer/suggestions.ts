// The `@` / `$` suggestion list (ui.md point 5): the host answers `t3-trigger` through
// `provide(promise)`; only the answer to the current query is shown. The list is an ARIA listbox
// in the same shadow root, driven from the editor (a multi-line text box) by the keyboard.
import { html, nothing, type TemplateResult } from "lit";
import { toKindScopedComposerContextId } from "../../codec/ids.js";
import { sanitizeComposerContextLabel } from "../../codec/references.js";
import type { MentionContextRecord, SkillContextRecord } from "../../contract/types.js";
import { insertChip } from "../../editor/insert.js";
import { createChip } from "../../editor/schema.js";
import { dismissTrigger, triggerOf, type ActiveTrigger } from "../../editor/trigger.js";
import { emit } from "../events.js";
import type { ComposerCore } from "./core.js";
import { applyEdit, applyTransaction } from "./dispatch.js";
import { ownRecord } from "./record-check.js";
import type { Suggestion } from "./types.js";

/** A host may offer many; a list longer than this is not read by anyone. */
const SUGGESTIONS_MAX = 50;
export const LISTBOX_ID = "suggestions";
const optionId = (index: number) => `suggestion-${index}`;

export interface SuggestionList extends ActiveTrigger {
  /** Counts queries: an answer is shown only if it answers the latest one. */
  readonly seq: number;
  items: Suggestion[];
  active: number;
}

let queries = 0;

function validSuggestions(items: unknown): Suggestion[] {
  if (!Array.isArray(items)) return [];
  return items
    .filter(
      (item): item is Suggestion =>
        item !== null &&
        typeof item === "object" &&
        (item.kind === "mention" || item.kind === "skill") &&
        typeof item.value === "string" &&
        item.value.trim() !== "",
    )
    .slice(0, SUGGESTIONS_MAX);
}

function same(a: ActiveTrigger, b: ActiveTrigger): boolean {
  return a.trigger === b.trigger && a.query === b.query && a.from === b.from;
}

/** Follows the trigger after a transaction: a new query asks the host again. */
export function followTrigger(core: ComposerCore): void {
  const active = triggerOf(core.state);
  const current = core.suggestions;
  if (!active) {
    closeSuggestions(core);
    return;
  }
  if (current && same(current, active)) {
    current.to = active.to;
    return;
  }
  // The previous answer stays on screen until the new one arrives, so the list does not flicker.
  const list: SuggestionList = { ...active, seq: ++queries, items: current?.items ?? [], active: 0 };
  core.suggestions = list;
  const proceed = emit(
    core.host,
    "t3-trigger",
    {
      trigger: active.trigger,
      query: active.query,
      provide(items) {
        Promise.resolve(items).then(
          (answer) => {
            if (core.suggestions !== list) return; // a stale answer
            list.items = validSuggestions(answer);
            list.active = 0;
            core.host.requestUpdate();
          },
          () => {
            if (core.suggestions === list) closeSuggestions(core);
          },
        );
      },
    },
    { cancelable: true },
  );
  if (!proceed) closeSuggestions(core);
  core.host.requestUpdate();
}

export function closeSuggestions(core: ComposerCore): void {
  if (!core.suggestions) return;
  core.suggestions = null;
  core.host.requestUpdate();
}

/** Whether the list is showing. */
export function suggestionsOpen(core: ComposerCore): boolean {
  return (core.suggestions?.items.length ?? 0) > 0;
}

/** Keys the open list takes before the editor does. */
export function suggestionKey(core: ComposerCore, event: KeyboardEvent): boolean {
  const list = core.suggestions;
  if (!list || list.items.length === 0 || event.altKey || event.ctrlKey || event.metaKey) return false;
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
      chooseSuggestion(core, list.active);
      return true;
    case "Escape":
      applyTransaction(core, dismissTrigger(core.state));
      return true;
    default:
      return false;
  }
  core.host.requestUpdate();
  return true;
}

function recordFor(item: Suggestion): MentionContextRecord | SkillContextRecord {
  const label = item.label?.trim() || item.value;
  return item.kind === "mention"
    ? { version: 1, kind: "mention", contextId: toKindScopedComposerContextId("mention", item.value), label, path: item.value }
    : { version: 1, kind: "skill", contextId: toKindScopedComposerContextId("skill", item.value), label, name: item.value };
}

/** Replaces `@query` with the chosen item's chip. The same path twice shares one record. */
export function chooseSuggestion(core: ComposerCore, index: number): void {
  const list = core.suggestions;
  const item = list?.items[index];
  if (!list || !item) return;
  const record = ownRecord(recordFor(item));
  if (!record) return; // a path or name beyond the record's bounds
  if (!core.records.get(record.contextId)) core.records.stage(record);
  const chip = createChip({ kind: record.kind, contextId: record.contextId, label: sanitizeComposerContextLabel(record.label, record.kind) });
  const { from, to } = triggerOf(core.state) ?? list;
  applyEdit(core, insertChip(core.state.tr, chip, from, to));
  closeSuggestions(core);
  core.view?.focus();
}

/** The listbox. `choose` runs on a click (the mousedown is kept from blurring the editor). */
export function renderSuggestions(core: ComposerCore): TemplateResult {
  const list = core.suggestions;
  const items = list?.items ?? [];
  return html`<div id=${LISTBOX_ID} part="suggestions" class="suggestions" popover="manual" role="listbox" aria-label=${core.host.localizer.text("suggestions")}>
    ${items.map(
      (item, index) =>
        html`<div id=${optionId(index)} role="option" part=${index === list!.active ? "suggestion suggestion-active" : "suggestion"}
          aria-selected=${index === list!.active ? "true" : "false"} data-kind=${item.kind}
          @mousedown=${(event: MouseEvent) => event.preventDefault()} @click=${() => chooseSuggestion(core, index)}>
          <bdi class="suggestion-label">${item.kind === "skill" ? "$" : "@"}${item.label?.trim() || item.value}</bdi>
          ${item.detail ? html`<span class="suggestion-detail">${item.detail}</span>` : nothing}
        </div>`,
    )}
  </div>`;
}

/** After a render: opens or closes the popover and points the editor (the text box) at the list. */
export function syncSuggestions(core: ComposerCore, listbox: HTMLElement | null): void {
  const open = suggestionsOpen(core);
  const editor = core.mount;
  if (listbox?.isConnected && listbox.matches(":popover-open") !== open) {
    if (open) listbox.showPopover();
    else listbox.hidePopover();
  }
  if (open) editor.setAttribute("aria-activedescendant", optionId(core.suggestions!.active));
  else editor.removeAttribute("aria-activedescendant");
  if (open && listbox) revealActive(listbox, listbox.querySelector<HTMLElement>(`#${optionId(core.suggestions!.active)}`));
}

/**
 * Scrolls the list (only the list: `scrollIntoView` would scroll the page too) so the active
 * option is in full view; the focus stays in the editor, so the browser does not do it.
 */
function revealActive(listbox: HTMLElement, option: HTMLElement | null): void {
  if (!option) return;
  const list = listbox.getBoundingClientRect();
  const item = option.getBoundingClientRect();
  if (item.top < list.top + listbox.clientTop) listbox.scrollTop -= list.top + listbox.clientTop - item.top;
  else if (item.bottom > list.top + listbox.clientTop + listbox.clientHeight) listbox.scrollTop += item.bottom - (list.top + listbox.clientTop + listbox.clientHeight);
}

function toggleAttribute(element: Element, name: string, value: string | null): void {
  if (value === null) element.removeAttribute(name);
  else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/** After a render: the editor's name and states, as ARIA attributes. */
export function syncEditorState(core: ComposerCore, host: { label: string | null; disabled: boolean; readOnly: boolean }): void {
  const editor = core.mount;
  editor.setAttribute("aria-controls", LISTBOX_ID);
  editor.setAttribute("aria-label", host.label || core.host.localizer.text("editorLabel"));
  toggleAttribute(editor, "aria-placeholder", core.host.placeholder || null);
  toggleAttribute(editor, "aria-disabled", host.disabled ? "true" : null);
  toggleAttribute(editor, "aria-readonly", host.readOnly ? "true" : null);
  toggleAttribute(editor, "aria-busy", core.sending ? "true" : null);
}
