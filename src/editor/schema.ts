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

/** The class of a chunk's `<div>` (the styles draw chunks lazily). */
export const CHUNK_CLASS = "t3-lines";

/** The attribute that marks a chip in the DOM (and so in ProseMirror's clipboard HTML). */
const CHIP_DOM_ATTRIBUTE = "data-t3-chip";

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

/** The canonical link a chip serializes to. */
export function chipLink(node: ProseMirrorNode): string {
  return formatComposerContextReference(chipAttrs(node));
}

/** A new chip node; the reference id is minted unless given. */
export function createChip(attrs: Omit<ChipAttrs, "referenceId"> & { referenceId?: string }): ProseMirrorNode {
  return composerSchema.nodes.chip.create({ ...attrs, referenceId: attrs.referenceId ?? mintReferenceId() });
}
