// A large paste's reading, in the rest chunk (paste-import.ts reads the event and starts it; docs/
// composer.md, "Large pastes"): read in slices of the main thread, cut, rewritten and redacted
// piece by piece (paste-slices.ts), then inserted as one collapsed pasted block.
import { Slice } from "prosemirror-model";
import type { ClipboardFragment } from "../../../contract/types.js";
import { createPasted, type PastedPiece } from "../../../editor/schema.js";
import { docFromSegments } from "../../../editor/text.js";
import { emit } from "../../events.js";
import type { Composer } from "../composer.js";
import { draftKey } from "../draft-state.js";
import { nextTask, pasteLimitMessage } from "../paste-chunks.js";
import { importTransaction, linkedPart, prepareFor, startFetches, type ImportEvent } from "../paste-import.js";
import { cutInSlices, pastedPiece, runSliced } from "../paste-slices.js";
import { setPasteProgress } from "../pasted-block.js";

/** How deep a slice holding one pasted block is open at each end: its chunk and its line. */
const BLOCK_SLICE_DEPTH = 2;

/** How often a large paste that is read looks again whether a send still runs (it waits for it to end). */
const SEND_POLL_MS = 50;

/** Refuses a paste past the limit (paste-chunks.ts): nothing of it goes in. */
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
    const slice = new Slice(docFromSegments([createPasted(pieces)]).content, BLOCK_SLICE_DEPTH, BLOCK_SLICE_DEPTH);
    tr.replaceSelection(slice).setMeta(draftKey, { add: plan.records.map((record) => ({ record })) });
    composer.model.edit(tr.setMeta("paste", true).setMeta("uiEvent", event.uiEvent));
    startFetches(composer, plan);
    composer.redactions.announceHidden(said, inRecords + hidden);
  } finally {
    setPasteProgress(composer, null);
  }
}
