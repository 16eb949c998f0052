// A large paste's reading (paste-import.ts starts it; docs/composer.md, "Large pastes"): read in slices of the main thread, cut (paste-slices.ts), rewritten and redacted
// piece by piece, then inserted as one collapsed pasted block.
import type { ClipboardFragment } from "../../contract/types.js";
import type { PastedPiece } from "../../editor/schema.js";
import { emit } from "../events.js";
import type { Composer } from "./composer.js";
import { draftKey } from "./draft-state.js";
import { PASTE_CHIPS_MAX, PASTE_TEXT_MAX, nextTask } from "./paste-pieces.js";
import { cutPiece, pastedPiece } from "./paste-slices.js";
import { pastedSlice, setPasteProgress } from "./pasted-block.js";
import { importTransaction, linkedPart, prepareFor, startFetches, type ImportEvent } from "./paste-plan.js";

/** How often a large paste that is read looks again whether a send still runs (it waits for it to end). */
const SEND_POLL_MS = 50;

/**
 * How long one task of a large paste works before it yields: well under the 100 ms bound, and
 * long enough that a few pieces fit in one.
 */
const SLICE_MS = 12;
/** Runs `step` until it returns `false`, yielding to the event loop after each `SLICE_MS` of work. */
async function runSliced(step: () => boolean): Promise<void> {
  let start = performance.now();
  while (step()) {
    if (performance.now() - start < SLICE_MS) continue;
    await nextTask();
    start = performance.now();
  }
}

/** What cutting a paste found: the pieces' ends, in order, and every link's context id. */
interface PasteCuts {
  ends: number[];
  ids: Set<string>;
  /** How many links, with repeats. */
  links: number;
}

/** Cuts `text` into pieces in slices; `progress` hears the share of characters done (0–1). */
async function cutInSlices(text: string, progress: (share: number) => void): Promise<PasteCuts> {
  const cuts: PasteCuts = { ends: [], ids: new Set(), links: 0 };
  let from = 0;
  await runSliced(() => {
    const { end, ids } = cutPiece(text, from);
    cuts.ends.push(end);
    for (const id of ids) cuts.ids.add(id);
    cuts.links += ids.length;
    from = end;
    progress(from / text.length);
    return from < text.length;
  });
  return cuts;
}

/** The message of a paste over {@link PASTE_TEXT_MAX} or {@link PASTE_CHIPS_MAX}, or `null`. */
function pasteLimitMessage(length: number, chips: number): string | null {
  if (length > PASTE_TEXT_MAX) {
    return `The paste was not inserted: it holds ${length.toLocaleString("en")} characters, more than the ${PASTE_TEXT_MAX.toLocaleString("en")} one paste may bring.`;
  }
  if (chips > PASTE_CHIPS_MAX) {
    return `The paste was not inserted: it holds ${chips.toLocaleString("en")} context references, more than the ${PASTE_CHIPS_MAX.toLocaleString("en")} one paste may bring.`;
  }
  return null;
}

/** Refuses a paste past the limit (paste-pieces.ts): nothing of it goes in. */
function refuse(composer: Composer, message: string): void {
  emit(composer.host, "t3-error", { code: "paste-import-failed", message });
}

/** The pieces of a large paste, each rewritten and redacted in its turn, and how many secrets were hidden. */
async function readPieces(composer: Composer, text: string, ends: readonly number[], rewrite: (text: string) => string) {
  const pieces: PastedPiece[] = [];
  let hidden = 0;
  let from = 0;
  await runSliced(() => {
    const end = ends[pieces.length]!;
    const redacted = composer.redactions.text(rewrite(text.slice(from, end)));
    hidden += redacted.hidden;
    pieces.push(pastedPiece(redacted.text));
    setPasteProgress(composer, (1 + (from = end) / text.length) / 2);
    return pieces.length < ends.length;
  });
  return { pieces, hidden };
}

/**
 * A large paste (docs/composer.md, "Large pastes"): read in slices of the main thread, cut,
 * rewritten and redacted piece by piece (paste-slices.ts), then inserted as one collapsed pasted
 * block with the records it links to: one transaction, one undo step. It lands over the
 * selection of the moment of the paste, or at the selection if the draft was edited meanwhile;
 * never while a send runs (the send's end clears the draft it sent).
 */
export async function pasteLarge(composer: Composer, text: string, fragment: ClipboardFragment | null, event: ImportEvent): Promise<void> {
  const { doc, selection } = importTransaction(composer, event);
  const said = composer.events.announcement;
  try {
    const bySize = pasteLimitMessage(text.length, 0);
    if (bySize) return refuse(composer, bySize);
    setPasteProgress(composer, 0);
    await nextTask(); // the paste event's own task ends here: reading the clipboard cost it enough
    const cuts = await cutInSlices(text, (share) => setPasteProgress(composer, share / 2));
    const refused = pasteLimitMessage(text.length, cuts.links);
    if (refused) return refuse(composer, refused);
    const prepared = prepareFor(composer, "", fragment && linkedPart(fragment, cuts.ids));
    const { plan, hidden: inRecords } = composer.redactions.paste(prepared);
    const { pieces, hidden } = await readPieces(composer, text, cuts.ends, prepared.rewrite);
    await nextTask(); // the insertion counts every reference: a task of its own
    while (composer.sender.sending) await new Promise((resolve) => setTimeout(resolve, SEND_POLL_MS));
    const state = composer.model.state;
    const tr = state.doc === doc ? state.tr.setSelection(selection) : state.tr;
    tr.replaceSelection(pastedSlice(pieces)).setMeta(draftKey, { add: plan.records.map((record) => ({ record })) });
    composer.model.edit(tr.setMeta("paste", true).setMeta("uiEvent", event.uiEvent));
    startFetches(composer, plan);
    composer.redactions.announceHidden(said, inRecords + hidden);
  } finally {
    setPasteProgress(composer, null);
  }
}
