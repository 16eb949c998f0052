// The `@` / `$` suggestion list (docs/composer.md, "Suggestions"): the host answers `t3-trigger`
// through `provide(promise)`; only the answer to the current query is shown. The list is an ARIA
// listbox in the same shadow root, driven from the editor (the combobox) by the keyboard. The
// controller owns the list; it follows the trigger of the draft (src/editor/trigger.ts), so any
// change that moves the caret in or out of a query asks the host or closes the list.
import { html, nothing, type ReactiveController, type TemplateResult } from "lit";
import { toKindScopedComposerContextId } from "../../codec/ids.js";
import { sanitizeComposerContextLabel } from "../../codec/references.js";
import type { MentionContextRecord, SkillContextRecord } from "../../contract/types.js";
import { insertChip } from "../../editor/insert.js";
import { createChip } from "../../editor/schema.js";
import { dismissTrigger, triggerOf, type ActiveTrigger } from "../../editor/trigger.js";
import { emit } from "../events.js";
import type { Composer } from "./composer.js";
import type { DraftChange, DraftObserver } from "./draft.js";
import { draftKey, isLive } from "./draft-state.js";
import { decodedRecord } from "./record-check.js";
import type { Suggestion } from "./types.js";

/** A host may offer many; a list longer than this is not read by anyone. */
const SUGGESTIONS_MAX = 50;
export const LISTBOX_ID = "suggestions";
const optionId = (index: number) => `suggestion-${index}`;

/** The list on screen: the query it answers, its items and the highlighted one. */
interface SuggestionList extends ActiveTrigger {
  items: Suggestion[];
  active: number;
}

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

function recordFor(item: Suggestion): MentionContextRecord | SkillContextRecord {
  const label = item.label?.trim() || item.value;
  return item.kind === "mention"
    ? { version: 1, kind: "mention", contextId: toKindScopedComposerContextId("mention", item.value), label, path: item.value }
    : { version: 1, kind: "skill", contextId: toKindScopedComposerContextId("skill", item.value), label, name: item.value };
}

export class Suggestions implements ReactiveController, DraftObserver {
  readonly #composer: Composer;
  /** The list; an answer is shown only if this is still the list it was asked for. */
  #list: SuggestionList | null = null;

  constructor(composer: Composer) {
    this.#composer = composer;
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    this.close();
  }

  /** Whether the list is showing. */
  get open(): boolean {
    return (this.#list?.items.length ?? 0) > 0;
  }

  draftChanged({ before, after }: DraftChange): void {
    if (triggerOf(before) !== triggerOf(after)) this.#follow();
  }

  /** Follows the trigger after a change: a new query asks the host again. */
  #follow(): void {
    const host = this.#composer.host;
    const active = triggerOf(this.#composer.model.state);
    const current = this.#list;
    if (!active) {
      this.close();
      return;
    }
    if (current && same(current, active)) {
      current.to = active.to;
      return;
    }
    // The previous answer stays on screen until the new one arrives, so the list does not flicker.
    const list: SuggestionList = { ...active, items: current?.items ?? [], active: 0 };
    this.#list = list;
    const proceed = emit(
      host,
      "t3-trigger",
      {
        trigger: active.trigger,
        query: active.query,
        provide: (items) => {
          Promise.resolve(items).then(
            (answer) => {
              if (this.#list !== list) return; // a stale answer
              list.items = validSuggestions(answer);
              list.active = 0;
              host.requestUpdate();
            },
            () => {
              if (this.#list === list) this.close();
            },
          );
        },
      },
      { cancelable: true },
    );
    if (!proceed) this.close();
    host.requestUpdate();
  }

  close(): void {
    if (!this.#list) return;
    this.#list = null;
    this.#composer.host.requestUpdate();
  }

  /** Keys the open list takes before the editor does. */
  key(event: KeyboardEvent): boolean {
    const list = this.#list;
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
        this.choose(list.active);
        return true;
      case "Escape":
        this.#composer.model.apply(dismissTrigger(this.#composer.model.state));
        return true;
      default:
        return false;
    }
    this.#composer.host.requestUpdate();
    return true;
  }

  /** Replaces `@query` with the chosen item's chip. The same path twice shares one record. */
  choose(index: number): void {
    const list = this.#list;
    const item = list?.items[index];
    if (!list || !item) return;
    const record = decodedRecord(recordFor(item));
    if (!record) return; // a path or name beyond the record's bounds
    const model = this.#composer.model;
    const chip = createChip({ kind: record.kind, contextId: record.contextId, label: sanitizeComposerContextLabel(record.label, record.kind) });
    const { from, to } = triggerOf(model.state) ?? list;
    const tr = insertChip(model.state.tr, chip, from, to);
    model.edit(isLive(model.draft, record.contextId) ? tr : tr.setMeta(draftKey, { add: [{ record }] }));
    this.close();
    model.view?.focus();
  }

  /** The listbox. An option acts on a click (the mousedown is kept from blurring the editor). */
  render(): TemplateResult {
    const list = this.#list;
    const items = list?.items ?? [];
    return html`<div id=${LISTBOX_ID} part="suggestions" class="suggestions" popover="manual" role="listbox" aria-label="Suggestions">
      ${items.map(
        (item, index) =>
          html`<div id=${optionId(index)} role="option" part=${index === list!.active ? "suggestion suggestion-active" : "suggestion"}
            aria-selected=${index === list!.active ? "true" : "false"} data-kind=${item.kind}
            @mousedown=${(event: MouseEvent) => event.preventDefault()} @click=${() => this.choose(index)}>
            <span class="suggestion-label">${item.kind === "skill" ? "$" : "@"}${item.label?.trim() || item.value}</span>
            ${item.detail ? html`<span class="suggestion-detail">${item.detail}</span>` : nothing}
          </div>`,
      )}
    </div>`;
  }

  /** After a render: opens or closes the popover and points the editor (the combobox) at the list. */
  sync(listbox: HTMLElement | null): void {
    const open = this.open;
    const editor = this.#composer.mount;
    if (listbox?.isConnected && listbox.matches(":popover-open") !== open) {
      if (open) listbox.showPopover();
      else listbox.hidePopover();
    }
    editor.setAttribute("aria-expanded", String(open));
    if (open) editor.setAttribute("aria-activedescendant", optionId(this.#list!.active));
    else editor.removeAttribute("aria-activedescendant");
  }
}

/** The editor's accessible name unless the element has an `aria-label`. */
const DEFAULT_LABEL = "Message";

function toggleAttribute(element: Element, name: string, value: string | null): void {
  if (value === null) element.removeAttribute(name);
  else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/** After a render: the editor's name and states, as ARIA attributes. */
export function syncEditorState(composer: Composer, host: { label: string | null; disabled: boolean; readOnly: boolean }): void {
  const editor = composer.mount;
  editor.setAttribute("aria-controls", LISTBOX_ID);
  editor.setAttribute("aria-label", host.label || DEFAULT_LABEL);
  toggleAttribute(editor, "aria-placeholder", composer.host.placeholder || null);
  toggleAttribute(editor, "aria-disabled", host.disabled ? "true" : null);
  toggleAttribute(editor, "aria-readonly", host.readOnly ? "true" : null);
  toggleAttribute(editor, "aria-busy", composer.sender.sending ? "true" : null);
}
