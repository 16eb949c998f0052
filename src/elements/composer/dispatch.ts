// Every change to the draft goes through here: the editor's transactions, and the host's calls.
// After a transaction the chip counts are updated from its replaced ranges and records follow
// their chips (ui.md point 4): a record whose last chip goes is set aside (images stay: the
// shelf is their inventory), and comes back with its chip on undo.
import { closeHistory } from "prosemirror-history";
import type { Transaction } from "prosemirror-state";
import type { ReferenceDelta } from "../../editor/references.js";
import { triggerOf } from "../../editor/trigger.js";
import { resolveChip } from "../../presentation/resolve.js";
import { emit } from "../events.js";
import type { ComposerCore } from "./core.js";
import { startUpload } from "./uploads.js";
import { valueOf } from "./value.js";
import { followTrigger } from "./suggestions.js";
import { scheduleSettle } from "./settle.js";

/** Applies `tr` to the draft (and to the view, when there is one). */
export function applyTransaction(core: ComposerCore, tr: Transaction): void {
  const before = core.state;
  core.state = before.apply(tr);
  core.view?.updateState(core.state);
  if (tr.docChanged) {
    const delta = core.counts.apply(tr);
    if (delta.size > 0) reconcile(core, delta);
    draftChanged(core, true);
  }
  if (triggerOf(before) !== triggerOf(core.state)) followTrigger(core);
}

/**
 * Applies an edit the host or a choice made (an insertion, a removal): one undo step of its own,
 * never merged with typing just before or after it.
 */
export function applyEdit(core: ComposerCore, tr: Transaction): void {
  applyTransaction(core, closeHistory(tr.scrollIntoView()));
  applyTransaction(core, closeHistory(core.state.tr));
}

function reconcile(core: ComposerCore, delta: ReferenceDelta): void {
  const messages: string[] = [];
  for (const [contextId, { change, attrs }] of delta) {
    const count = core.counts.count(contextId);
    if (change > 0 && count === change) gained(core, contextId);
    else if (count === 0) lost(core, contextId);
    const record = core.records.get(contextId) ?? core.records.aside(contextId);
    const strings = core.host.localizer;
    const name = resolveChip(core.host.registry, attrs, record, false, strings).ariaLabel;
    messages.push(strings.text(change > 0 ? "chipInserted" : "chipRemoved", { name }));
  }
  announce(core, messages.join(" "));
  core.host.requestUpdate(); // the shelf shows which images are referenced
}

/** The first chip of `contextId` appeared: its record (and attachment) come back from aside. */
function gained(core: ComposerCore, contextId: string): void {
  if (core.records.get(contextId)) return;
  const record = core.records.unpark(contextId);
  if (!record) return; // an unresolved chip: nothing to bring back
  const entry = core.attachments.unpark(contextId);
  if (entry?.status === "uploading" && !entry.controller) startUpload(core, entry);
  core.chips.redraw(contextId);
  emit(core.host, "t3-context-add", { record });
}

/** The last chip of `contextId` went: its record goes aside, unless it is an image. */
function lost(core: ComposerCore, contextId: string): void {
  const record = core.records.get(contextId);
  if (!record || record.kind === "image") return;
  core.records.park(contextId);
  core.attachments.park(contextId); // a file exists only as chips: its upload stops
  emit(core.host, "t3-context-remove", { record });
}

/** Removes a record from the draft outright (its chips are gone already), keeping it aside. */
export function dropRecord(core: ComposerCore, contextId: string): void {
  const record = core.records.park(contextId);
  if (!record) return;
  core.attachments.park(contextId);
  emit(core.host, "t3-context-remove", { record });
  draftChanged(core, true);
}

/** Says `message` in the polite live region. */
export function announce(core: ComposerCore, message: string): void {
  // A trailing no-break space toggles so that the same message twice is announced twice.
  core.announcement = message && message + (core.announcement.endsWith("\u00a0") ? "" : "\u00a0");
  core.host.requestUpdate();
}

/**
 * After any change to the value: `t3-change`, a save soon, and (for an `edit` by a person or the
 * host, not an upload finishing) a new send id. The event carries the draft of this moment,
 * computed only if a listener reads it.
 */
export function draftChanged(core: ComposerCore, edit: boolean): void {
  if (edit) core.editVersion++;
  const doc = core.state.doc;
  const records = core.records.live;
  let value: ReturnType<typeof valueOf> | undefined;
  emit(core.host, "t3-change", {
    get value() {
      return (value ??= valueOf(doc, records));
    },
  });
  scheduleSettle(core);
}
