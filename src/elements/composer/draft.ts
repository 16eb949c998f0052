// The draft: the one owner of the composer's editor state and of its view (docs/architecture.md,
// "Who owns what"). Every change goes through `apply` (the view's transactions, a host's call, an
// upload binding its record) or `replace` (a new document), and each is announced once, as a
// `DraftChange`, to the observers: the controllers of uploads, persistence, suggestions and
// events read what changed from it instead of being called by whoever made the change.
import type { ReactiveController } from "lit";
import type { Node as ProseMirrorNode } from "prosemirror-model";
import { closeHistory } from "prosemirror-history";
import type { EditorState, Plugin, Transaction } from "prosemirror-state";
import type { EditorView } from "prosemirror-view";
import { producerIdFromComposerContextId } from "../../codec/ids.js";
import type { ComposerContextRecord } from "../../contract/types.js";
import type { ChipPainter } from "../../editor/chip-view.js";
import type { PastedPainter } from "../../editor/pasted-view.js";
import { createComposerView } from "../../editor/create.js";
import { replaceViewState } from "../../editor/replace-state.js";
import { docFromText, type PastedRange } from "../../editor/text.js";
import { newEntry, type AttachmentEntry } from "./attachment-entry.js";
import { createDraftState, draftKey, draftOf, type DraftContent, type DraftState, type DraftUpdate } from "./draft-state.js";
import { bindPlaceholders } from "./value.js";
import { docWithBlocks } from "./pasted-block.js";

/** One change of the draft. */
export interface DraftChange {
  readonly before: EditorState;
  readonly after: EditorState;
  /** The transaction; `null` when the draft was replaced by a new document. */
  readonly tr: Transaction | null;
}

/** Something that follows the draft. */
export interface DraftObserver {
  draftChanged(change: DraftChange): void;
}

/** What the view needs beyond the state. */
export interface DraftViewOptions {
  /** The editable ProseMirror draws into: the same element for the element's whole life. */
  readonly mount: HTMLElement;
  readonly painter: ChipPainter;
  /** Draws pasted blocks' cards (pasted-block.ts). */
  readonly pasted: PastedPainter;
  editable(): boolean;
  /** A click on the chip at `pos`. */
  clickChip(pos: number): void;
}

function isAttachmentRecord(record: ComposerContextRecord): record is ComposerContextRecord & { kind: "image" | "file"; attachmentId: string } {
  return (record.kind === "image" || record.kind === "file") && "attachmentId" in record;
}

export class DraftModel implements ReactiveController {
  readonly #plugins: readonly Plugin[];
  readonly #viewOptions: DraftViewOptions;
  readonly #observers: DraftObserver[] = [];
  /** Changes waiting to be announced: one made while observers hear another waits its turn. */
  readonly #queue: DraftChange[] = [];
  #announcing = false;
  #state: EditorState;
  #view: EditorView | null = null;
  #version = 0;

  /** `plugins` are fixed for the draft's life: the undo history and the trigger among them (editor/create.ts). */
  constructor(plugins: readonly Plugin[], viewOptions: DraftViewOptions) {
    this.#plugins = plugins;
    this.#viewOptions = viewOptions;
    this.#state = this.#fresh(docFromText(""), { records: [], attachments: [] });
  }

  get state(): EditorState {
    return this.#state;
  }

  /** Which records and attachments the draft holds. */
  get draft(): DraftState {
    return draftOf(this.#state);
  }

  /** Present while the element is connected. */
  get view(): EditorView | null {
    return this.#view;
  }

  /** Counts edits by a person or the host (not an upload finishing): a send's id lives as long as it. */
  get version(): number {
    return this.#version;
  }

  observe(observer: DraftObserver): void {
    this.#observers.push(observer);
  }

  hostConnected(): void {
    const options = this.#viewOptions;
    this.#view = createComposerView({
      mount: options.mount,
      state: this.#state,
      painter: options.painter,
      pastedPainter: options.pasted,
      dispatch: (tr) => this.apply(tr),
      editable: options.editable,
      clickChip: (_view, pos) => options.clickChip(pos),
    });
  }

  hostDisconnected(): void {
    this.#view?.destroy();
    this.#view = null;
  }

  /** Applies `tr` to the draft (and to the view, when there is one). */
  apply(tr: Transaction): void {
    const before = this.#state;
    this.#state = before.apply(tr);
    this.#view?.updateState(this.#state);
    if (tr.docChanged || (tr.getMeta(draftKey) as DraftUpdate | undefined)?.drop) this.#version++;
    this.#announce({ before, after: this.#state, tr });
  }

  /**
   * Applies an edit the host or a choice made (an insertion, a removal): one undo step of its own,
   * never merged with typing just before or after it.
   */
  edit(tr: Transaction): void {
    this.apply(closeHistory(tr.scrollIntoView()));
    this.apply(closeHistory(this.#state.tr));
  }

  /** Tells the draft plugin something no step says (a record that joins, an image removed). */
  update(update: DraftUpdate, tr: Transaction = this.#state.tr): void {
    this.apply(tr.setMeta(draftKey, update));
  }

  /**
   * Replaces the draft: a new document (fresh reference ids, empty undo history), the records its
   * chips reference plus images (the shelf); other records are dropped. `entries` gives image and
   * file records their attachment entry (a restored draft); any other is an attachment the host
   * already holds. `pasted` says where pasted blocks were (a restored draft's): that text comes
   * back collapsed.
   */
  replace(
    text: string,
    records: readonly ComposerContextRecord[],
    entries: ReadonlyMap<string, AttachmentEntry> = new Map(),
    pasted: readonly PastedRange[] = [],
  ): void {
    const byId = new Map<string, ComposerContextRecord>();
    for (const record of records) if (!byId.has(record.contextId)) byId.set(record.contextId, record);
    const bound = bindPlaceholders(text, [...byId.values()]);
    // Placeholders bound to links move the text: saved ranges no longer fit it.
    const doc = pasted.length > 0 && bound === text ? docWithBlocks(text, pasted) : docFromText(bound);
    const attachments = [...byId.values()]
      .filter(isAttachmentRecord)
      .map(
        (record) =>
          entries.get(record.contextId) ??
          newEntry(record.contextId, producerIdFromComposerContextId(record.kind, record.contextId), record.kind, null, "ready", record.attachmentId),
      );
    const before = this.#state;
    this.#state = this.#fresh(doc, { records: [...byId.values()], attachments });
    if (this.#view) replaceViewState(this.#view, this.#state);
    this.#version++;
    this.#announce({ before, after: this.#state, tr: null });
  }

  /** A new state, with an empty undo history. */
  #fresh(doc: ProseMirrorNode, content: DraftContent): EditorState {
    return createDraftState(doc, this.#plugins, content);
  }

  #announce(change: DraftChange): void {
    this.#queue.push(change);
    if (this.#announcing) return;
    this.#announcing = true;
    try {
      for (let next = this.#queue.shift(); next; next = this.#queue.shift()) {
        for (const observer of this.#observers) observer.draftChanged(next);
      }
    } finally {
      this.#announcing = false;
      this.#queue.length = 0;
    }
  }
}
