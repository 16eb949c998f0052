// The `@` / `$` suggestion list (docs/composer.md, "Suggestions"): the host answers `t3-trigger`
// through `provide(promise)`; only the answer to the current query is shown. The list is an ARIA
// listbox in the same shadow root, driven from the editor (a multi-line text box) by the keyboard. The
// controller owns the list; it follows the trigger of the draft (src/editor/trigger.ts), so any
// change that moves the caret in or out of a query asks the host or closes the list.
//
// The trigger's plugin and the list's own code (checking the host's answer, its keys, the choice,
// its options) are in the rest chunk (rest/suggestion-list.ts, rest.ts): nothing can show before
// the chunk is in, so a query typed before then asks the host once it is (`follow`, from rest.ts).
// Until a list shows, every key goes to the editor.
import { html, nothing, type ReactiveController, type TemplateResult } from "lit";
import type { ActiveTrigger } from "../../editor/trigger.js";
import type { Composer } from "./composer.js";
import type { DraftChange, DraftObserver } from "./draft.js";
import type { ComposerRest } from "./rest.js";
import type { Suggestion } from "./types.js";

export const LISTBOX_ID = "suggestions";
export const optionId = (index: number) => `suggestion-${index}`;

/**
 * A trigger character (src/editor/trigger-query.ts, `TRIGGER_CHARACTERS`) just before the caret,
 * here so that the query's rules stay in the rest chunk.
 */
const TRIGGER_BEFORE_CARET = /[@$]$/;

/** The list on screen: the query it answers, its items and the highlighted one. */
export interface SuggestionList extends ActiveTrigger {
  items: Suggestion[];
  active: number;
}

export class Suggestions implements ReactiveController, DraftObserver {
  readonly #composer: Composer;
  /**
   * The list; an answer is shown only if this is still the list it was asked for. Set by the
   * chunk's `followTrigger` (rest/suggestion-list.ts).
   * @internal
   */
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
    const rest = this.#composer.rest.loaded;
    if (rest) {
      if (rest.triggerOf(before) !== rest.triggerOf(after)) rest.followTrigger(this.#composer, this);
    } else if (TRIGGER_BEFORE_CARET.test(after.selection.$head.nodeBefore?.text ?? "")) {
      void this.#composer.rest.run(() => undefined); // a trigger typed: the chunk now, not when idle
    }
  }

  /** Follows the trigger of the draft now: once the rest chunk is in, for a query typed before it (rest.ts). */
  follow(): void {
    this.#composer.rest.loaded?.followTrigger(this.#composer, this);
  }

  close(): void {
    if (!this.list) return;
    this.list = null;
    this.#composer.host.requestUpdate();
  }

  /** The rest chunk, which a list with items has (it checked them), with that list. */
  #shown(): { rest: ComposerRest; list: SuggestionList } | null {
    const rest = this.#composer.rest.loaded;
    const list = this.list;
    return rest && list && list.items.length > 0 ? { rest, list } : null;
  }

  /** Keys the open list takes before the editor does. */
  key(event: KeyboardEvent): boolean {
    const shown = this.#shown();
    return shown !== null && shown.rest.suggestionKey(this.#composer, shown.list, event, () => this.close());
  }

  /** Replaces `@query` with the chosen item's chip. The same path twice shares one record. */
  choose(index: number): void {
    const shown = this.#shown();
    if (shown) shown.rest.chooseSuggestion(this.#composer, shown.list, index, () => this.close());
  }

  /** The listbox. An option acts on a click (the mousedown is kept from blurring the editor). */
  render(): TemplateResult {
    const shown = this.#shown();
    return html`<div id=${LISTBOX_ID} part="suggestions" class="suggestions" popover="manual" role="listbox" aria-label=${this.#composer.host.localizer.text("suggestions")}>
      ${shown ? shown.rest.suggestionOptions(shown.list, (index) => this.choose(index)) : nothing}
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
    if (shown) editor.setAttribute("aria-activedescendant", optionId(shown.list.active));
    else editor.removeAttribute("aria-activedescendant");
    if (shown && listbox) shown.rest.revealActive(listbox, listbox.querySelector<HTMLElement>(`#${optionId(shown.list.active)}`));
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
