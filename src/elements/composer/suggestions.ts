// The `@` / `$` suggestion list (docs/composer.md, "Suggestions"): the host answers `t3-trigger`
// through `provide(promise)`; only the answer to the current query is shown. The list is an ARIA
// listbox in the same shadow root, driven from the editor (a multi-line text box) by the keyboard. The
// controller owns the list; it follows the trigger of the draft (src/editor/trigger.ts), so any
// change that moves the caret in or out of a query asks the host or closes the list.
//
// The keys of the open list, the choice and the options are suggestion-list.ts's. Until a list
// shows, every key goes to the editor.
import { html, nothing, type ReactiveController, type TemplateResult } from "lit";
import { triggerOf, type ActiveTrigger } from "../../editor/trigger.js";
import { emit } from "../events.js";
import type { Composer } from "./composer.js";
import type { DraftChange, DraftObserver } from "./draft.js";
import { chooseSuggestion, optionId, revealActive, suggestionKey, suggestionOptions, type SuggestionList } from "./suggestion-list.js";
import type { Suggestion } from "./types.js";

export const LISTBOX_ID = "suggestions";

/** A host may offer many; a list longer than this is not read by anyone. */
const SUGGESTIONS_MAX = 50;

/** The items of the host's answer that are suggestions, at most `SUGGESTIONS_MAX`. */
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

/** Follows the trigger of `composer`'s draft after a change: a new query asks the host again (`t3-trigger`). */
function followTrigger(composer: Composer, suggestions: Suggestions): void {
  const host = composer.host;
  const active = triggerOf(composer.model.state);
  const current = suggestions.list;
  if (!active) {
    suggestions.close();
    return;
  }
  if (current && same(current, active)) {
    current.to = active.to;
    return;
  }
  // The previous answer stays on screen until the new one arrives, so the list does not flicker.
  const list: SuggestionList = { ...active, items: current?.items ?? [], active: 0 };
  suggestions.list = list;
  const proceed = emit(
    host,
    "t3-trigger",
    {
      trigger: active.trigger,
      query: active.query,
      provide: (items) => {
        Promise.resolve(items).then(
          (answer) => {
            if (suggestions.list !== list) return; // a stale answer
            list.items = validSuggestions(answer);
            list.active = 0;
            host.requestUpdate();
          },
          () => {
            if (suggestions.list === list) suggestions.close();
          },
        );
      },
    },
    { cancelable: true },
  );
  if (!proceed) suggestions.close();
  host.requestUpdate();
}


export class Suggestions implements ReactiveController, DraftObserver {
  readonly #composer: Composer;
  /** The list; an answer is shown only if this is still the list it was asked for (`followTrigger`). */
  list: SuggestionList | null = null;

  constructor(composer: Composer) {
    this.#composer = composer;
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    this.close();
  }

  /** Whether the list is showing. */
  get open(): boolean {
    return (this.list?.items.length ?? 0) > 0;
  }

  draftChanged({ before, after }: DraftChange): void {
    if (triggerOf(before) !== triggerOf(after)) followTrigger(this.#composer, this);
  }

  close(): void {
    if (!this.list) return;
    this.list = null;
    this.#composer.host.requestUpdate();
  }

  /** The list, when it has items to show. */
  #shown(): SuggestionList | null {
    const list = this.list;
    return list && list.items.length > 0 ? list : null;
  }

  /** Keys the open list takes before the editor does. */
  key(event: KeyboardEvent): boolean {
    const shown = this.#shown();
    return shown !== null && suggestionKey(this.#composer, shown, event, () => this.close());
  }

  /** Replaces `@query` with the chosen item's chip. The same path twice shares one record. */
  choose(index: number): void {
    const shown = this.#shown();
    if (shown) chooseSuggestion(this.#composer, shown, index, () => this.close());
  }

  /** The listbox. An option acts on a click (the mousedown is kept from blurring the editor). */
  render(): TemplateResult {
    const shown = this.#shown();
    return html`<div id=${LISTBOX_ID} part="suggestions" class="suggestions" popover="manual" role="listbox" aria-label=${this.#composer.host.localizer.text("suggestions")}>
      ${shown ? suggestionOptions(shown, (index) => this.choose(index)) : nothing}
    </div>`;
  }

  /** After a render: opens or closes the popover and points the editor (the text box) at the list. */
  sync(listbox: HTMLElement | null): void {
    const shown = this.#shown();
    const open = shown !== null;
    const editor = this.#composer.mount;
    if (listbox?.isConnected && listbox.matches(":popover-open") !== open) {
      if (open) listbox.showPopover();
      else listbox.hidePopover();
    }
    if (shown) editor.setAttribute("aria-activedescendant", optionId(shown.active));
    else editor.removeAttribute("aria-activedescendant");
    if (shown && listbox) revealActive(listbox, listbox.querySelector<HTMLElement>(`#${optionId(shown.active)}`));
  }
}

function toggleAttribute(element: Element, name: string, value: string | null): void {
  if (value === null) element.removeAttribute(name);
  else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/** After a render: the editor's name and states, as ARIA attributes. */
export function syncEditorState(composer: Composer, host: { label: string | null; disabled: boolean; readOnly: boolean }): void {
  const editor = composer.mount;
  editor.setAttribute("aria-controls", LISTBOX_ID);
  editor.setAttribute("aria-label", host.label || composer.host.localizer.text("editorLabel"));
  toggleAttribute(editor, "aria-placeholder", composer.host.placeholder || null);
  toggleAttribute(editor, "aria-disabled", host.disabled ? "true" : null);
  toggleAttribute(editor, "aria-readonly", host.readOnly ? "true" : null);
  toggleAttribute(editor, "aria-busy", composer.sender.sending ? "true" : null);
}
