// The composer's document model: plain text with chips, like a <textarea> (docs/composer.md, "Value").
// One paragraph per line (the text joins them with "\n"), no marks, and one inline atom node
// type for every kind of chip. Lines are grouped in chunks (`doc > chunk > paragraph`, see
// chunks.ts): a chunk is a unit of drawing only and never shows in the text.
import { Schema, type Node as ProseMirrorNode } from "prosemirror-model";
import { formatComposerContextReference } from "../codec/references.js";
import { mintReferenceId } from "./random.js";

/** What a chip node holds. `referenceId` names this occurrence; it is never sent. */
export interface ChipAttrs {
  kind: string;
  contextId: string;
  /** The sanitized label the canonical link carries. */
  label: string;
  referenceId: string;
}

/**
 * One piece of a pasted block's text (src/elements/composer/paste-pieces.ts cuts them): canonical
 * Markdown, and the chips its reference links would be, in order, with repeats.
 */
export interface PastedPiece {
  readonly text: string;
  readonly references: readonly ChipAttrs[];
  /** The piece's size in UTF-8 bytes (what the block's card says). */
  readonly bytes: number;
}

/**
 * What a pasted block holds (docs/composer.md, "Large pastes"): a paste too large to lay out as
 * chips, kept whole. Its text is its pieces joined; its references count as chips do.
 */
export interface PastedAttrs {
  readonly pieces: readonly PastedPiece[];
}

/** The class of a chunk's `<div>` (the styles draw chunks lazily). */
export const CHUNK_CLASS = "t3-lines";

/** The attribute that marks a chip in the DOM (and so in ProseMirror's clipboard HTML). */
const CHIP_DOM_ATTRIBUTE = "data-t3-chip";
/** The attribute that marks a pasted block in the DOM. */
const PASTED_DOM_ATTRIBUTE = "data-t3-pasted";

export const composerSchema = new Schema({
  nodes: {
    doc: { content: "chunk+" },
    chunk: {
      content: "paragraph+",
      parseDOM: [{ tag: `div.${CHUNK_CLASS}` }],
      toDOM: () => ["div", { class: CHUNK_CLASS }, 0],
    },
    paragraph: {
      content: "inline*",
      parseDOM: [{ tag: "p" }, { tag: "div" }],
      toDOM: () => ["p", 0],
    },
    text: { group: "inline" },
    chip: {
      inline: true,
      group: "inline",
      atom: true,
      selectable: true,
      draggable: false,
      attrs: {
        kind: { validate: "string" },
        contextId: { validate: "string" },
        label: { validate: "string" },
        referenceId: { validate: "string" },
      },
      // The chip's text is exactly its canonical link, so `textBetween` (and with it plain-text
      // copy) writes canonical Markdown.
      leafText: (node) => chipLink(node),
      toDOM: (node) => [
        "span",
        {
          [CHIP_DOM_ATTRIBUTE]: "",
          "data-kind": node.attrs.kind,
          "data-context-id": node.attrs.contextId,
          "data-label": node.attrs.label,
        },
        node.attrs.label,
      ],
      // No parse rule: a chip is never made from HTML. ProseMirror parses HTML on a paste it
      // handles itself (on Android it does so during a composition) and when it reads DOM
      // changes the browser made; foreign markup with our attributes would otherwise become a
      // chip pointing at any record, with any label (issue 14). Chips come from the paste
      // importer, insertContext and the value setter; a chip already in the document is read
      // back from its own view, which does not need a rule. A chip span parses as its text.
    },
    // A large paste kept collapsed (docs/composer.md, "Large pastes"): one atom whose text is
    // the pasted Markdown, drawn as a card instead of as tens of thousands of chips. No parse
    // rule, for the chip's reason: only the paste importer and a restored draft make one.
    pasted: {
      inline: true,
      group: "inline",
      atom: true,
      selectable: true,
      draggable: false,
      attrs: { pieces: {} },
      leafText: (node) => pastedText(node),
      toDOM: () => ["span", { [PASTED_DOM_ATTRIBUTE]: "" }],
    },
  },
});

/** The attributes of a chip node. */
export function chipAttrs(node: ProseMirrorNode): ChipAttrs {
  return node.attrs as ChipAttrs;
}

/** Whether `node` is a chip. */
export function isChip(node: ProseMirrorNode | null | undefined): node is ProseMirrorNode {
  return node?.type === composerSchema.nodes.chip;
}

/** Whether `node` is a pasted block. */
export function isPasted(node: ProseMirrorNode | null | undefined): node is ProseMirrorNode {
  return node?.type === composerSchema.nodes.pasted;
}

/** The attributes of a pasted block. */
export function pastedAttrs(node: ProseMirrorNode): PastedAttrs {
  return node.attrs as PastedAttrs;
}

// Joined once per block: a block's text can be megabytes, and it is read on every serialization.
const pastedTexts = new WeakMap<readonly PastedPiece[], string>();

/** The canonical text a pasted block serializes to: its pieces, joined. */
export function pastedText(node: ProseMirrorNode): string {
  const { pieces } = pastedAttrs(node);
  let text = pastedTexts.get(pieces);
  if (text === undefined) pastedTexts.set(pieces, (text = pieces.map((piece) => piece.text).join("")));
  return text;
}

/** A new pasted block holding `pieces` (at least one). */
export function createPasted(pieces: readonly PastedPiece[]): ProseMirrorNode {
  return composerSchema.nodes.pasted.create({ pieces });
}

/** The canonical link a chip serializes to. */
export function chipLink(node: ProseMirrorNode): string {
  return formatComposerContextReference(chipAttrs(node));
}

/** A new chip node; the reference id is minted unless given. */
export function createChip(attrs: Omit<ChipAttrs, "referenceId"> & { referenceId?: string }): ProseMirrorNode {
  return composerSchema.nodes.chip.create({ ...attrs, referenceId: attrs.referenceId ?? mintReferenceId() });
}
