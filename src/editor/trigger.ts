// Tracks the `@` / `$` trigger before the caret and marks its text, so the suggestion list can
// anchor to it with CSS anchor positioning (the mark is the anchor; no geometry is computed).
import { Plugin, PluginKey, TextSelection, type EditorState, type Transaction } from "prosemirror-state";
import { Decoration, DecorationSet } from "prosemirror-view";
import { CHIP_CHARACTER, QUERY_MAX, findTrigger, type TriggerCharacter } from "./trigger-query.js";

/** An open trigger: its character, its query, and the range `@query` covers in the document. */
export interface ActiveTrigger {
  trigger: TriggerCharacter;
  query: string;
  from: number;
  to: number;
}

interface TriggerPluginState {
  active: ActiveTrigger | null;
  /** Where a trigger was dismissed (Escape, or a choice made): it stays closed until retyped. */
  dismissedAt: number | null;
}

const key = new PluginKey<TriggerPluginState>("t3-trigger");
const DISMISS = "dismiss";

/** The class of the decoration around `@query`; the element's styles make it the list's anchor. */
export const TRIGGER_CLASS = "t3-trigger";

function activeTrigger(state: EditorState): ActiveTrigger | null {
  const selection = state.selection;
  if (!(selection instanceof TextSelection) || !selection.empty) return null;
  const $head = selection.$head;
  const offset = $head.parentOffset;
  const windowStart = Math.max(0, offset - QUERY_MAX - 1);
  const before = $head.parent.textBetween(windowStart, offset, undefined, CHIP_CHARACTER);
  const match = findTrigger(before, windowStart === 0);
  if (!match) return null;
  // Inside a paragraph, one character of `before` is one document position (a chip is one
  // position and one U+FFFC), so offsets map straight to positions.
  const from = $head.start() + windowStart + match.start;
  return { trigger: match.trigger, query: match.query, from, to: selection.head };
}

function next(tr: Transaction, previous: TriggerPluginState, state: EditorState): TriggerPluginState {
  let dismissedAt = previous.dismissedAt === null ? null : tr.mapping.map(previous.dismissedAt);
  if (tr.getMeta(key) === DISMISS && previous.active) dismissedAt = previous.active.from;
  const active = activeTrigger(state);
  if (!active) return { active: null, dismissedAt: null };
  if (active.from === dismissedAt) return { active: null, dismissedAt };
  return { active, dismissedAt: null };
}

/** The plugin that keeps the trigger state and decorates the trigger's text. */
export function triggerPlugin(): Plugin<TriggerPluginState> {
  return new Plugin<TriggerPluginState>({
    key,
    state: {
      init: (_config, state) => ({ active: activeTrigger(state), dismissedAt: null }),
      apply: (tr, previous, _old, state) =>
        tr.docChanged || tr.selectionSet || tr.getMeta(key) ? next(tr, previous, state) : previous,
    },
    props: {
      decorations(state) {
        const active = key.getState(state)?.active;
        if (!active) return null;
        return DecorationSet.create(state.doc, [Decoration.inline(active.from, active.to, { class: TRIGGER_CLASS })]);
      },
    },
  });
}

/** The open trigger, or `null`. */
export function triggerOf(state: EditorState): ActiveTrigger | null {
  return key.getState(state)?.active ?? null;
}

/** A transaction that closes the open trigger until it is typed again. */
export function dismissTrigger(state: EditorState): Transaction {
  return state.tr.setMeta(key, DISMISS);
}
