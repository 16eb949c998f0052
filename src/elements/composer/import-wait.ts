// Imports made before the rest chunk is in (docs/composer.md, "Paste", "Before the rest chunk is
// in"): a paste, a drop from outside the editor and `restore()` wait for the importer's code
// (rest/paste-text.ts) and apply once it is in, in the order they were made (each waits on the
// same load, rest.ts), while the person goes on typing. Where a paste or drop goes is kept: its
// range is mapped through every change of the draft meanwhile, so that it lands where it was
// made, before what was typed after it at the same point, and after the imports made before it.
// A draft replaced meanwhile (`value`, `restore()`) leaves it at the selection of that moment.
import type { Node as ProseMirrorNode } from "prosemirror-model";
import type { Selection } from "prosemirror-state";
import type { Composer } from "./composer.js";
import type { DraftChange, DraftObserver } from "./draft.js";
import type { ImportEvent, PastedData } from "./paste-import.js";
import { setPasteProgress } from "./pasted-block.js";
import type { ComposerRest } from "./rest.js";

/** A paste or drop that waits: the draft and selection it was made on, and its range as the draft changes. */
interface Waiting {
  doc: ProseMirrorNode;
  selection: Selection;
  from: number;
  to: number;
  /** The draft was replaced meanwhile: it goes at the selection. */
  lost: boolean;
}

/** Which side of an insertion at its very point a waiting range keeps to. */
const BEFORE = -1;
const AFTER = 1;

export class WaitingImports implements DraftObserver {
  readonly #composer: Composer;
  readonly #waiting = new Set<Waiting>();
  /** Whether an import that waited is applying: one made after it at the same point goes after it. */
  #applying = false;
  /** Pastes and drops with a fragment that went in as plain text, the chunk not fetched: their records join once it is in. */
  #unresolved: PastedData[] = [];

  constructor(composer: Composer) {
    this.#composer = composer;
  }

  draftChanged({ tr }: DraftChange): void {
    const side = this.#applying ? AFTER : BEFORE;
    for (const waiting of this.#waiting) {
      if (!tr) waiting.lost = true;
      else if (waiting.from === waiting.to) waiting.from = waiting.to = tr.mapping.map(waiting.from, side);
      else {
        // What is typed at either end of a selected range is not pasted over.
        waiting.from = tr.mapping.map(waiting.from, AFTER);
        waiting.to = Math.max(waiting.from, tr.mapping.map(waiting.to, BEFORE));
      }
    }
  }

  /** Runs `apply` with the rest chunk: at once if it is in, else once it is, after what waits already; `failed` if it cannot be fetched. */
  run(apply: (rest: ComposerRest) => void, failed: () => void): void {
    const { rest } = this.#composer;
    if (rest.loaded) {
      apply(rest.loaded);
      return;
    }
    void rest.run((loaded) => {
      this.#applying = true;
      try {
        apply(loaded);
      } finally {
        this.#applying = false;
      }
    }, failed);
  }

  /**
   * `run` for a paste or drop: `apply` and `failed` get the event to import it with, which says
   * where it goes if the draft changed meanwhile. The editable shows progress (`data-paste-progress`)
   * while imports wait, as a large paste does.
   */
  place(event: ImportEvent, apply: (rest: ComposerRest, event: ImportEvent) => void, failed: (event: ImportEvent) => void): void {
    const { rest, model } = this.#composer;
    if (rest.loaded) {
      apply(rest.loaded, event);
      return;
    }
    const { doc, selection } = model.state;
    const waiting: Waiting = { doc, selection, from: event.at ?? selection.from, to: event.at ?? selection.to, lost: false };
    this.#waiting.add(waiting);
    setPasteProgress(this.#composer, 0);
    this.run(
      (loaded) => apply(loaded, this.#placed(waiting, event)),
      () => failed(this.#placed(waiting, event)),
    );
  }

  /**
   * `data` went in as plain text because the chunk could not be fetched (paste-import.ts): if it
   * came with a fragment, its records are brought once the chunk is in (`resolve`).
   */
  keepUnresolved(data: PastedData): void {
    if (data.custom === "" && data.bare === "" && data.html === "") return;
    this.#unresolved.push(data);
    this.#composer.rest.awaitImports();
  }

  /** The chunk is in (rest.ts, for this composer or another of the page): the records of the pastes kept by `keepUnresolved` join the draft, in order. */
  resolve(loaded: ComposerRest): void {
    if (this.#unresolved.length === 0) return;
    const unresolved = this.#unresolved;
    this.#unresolved = [];
    for (const data of unresolved) loaded.resolvePasted(this.#composer, data);
  }

  /** The event `waiting` is imported with now, and it waits no more. */
  #placed(waiting: Waiting, event: ImportEvent): ImportEvent {
    this.#waiting.delete(waiting);
    if (this.#waiting.size === 0) setPasteProgress(this.#composer, null);
    const { doc, selection } = this.#composer.model.state;
    if (waiting.lost) return { uiEvent: event.uiEvent };
    // Nothing changed meanwhile: it goes in as it would have at once.
    if (doc === waiting.doc && selection.eq(waiting.selection)) return event;
    return { uiEvent: event.uiEvent, waited: { from: waiting.from, to: waiting.to, keep: selection } };
  }
}
