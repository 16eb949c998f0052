// Chips whose presenter expands `"inline-block"`: activating one shows the presenter's
// `renderExpanded` as a block in the message, right after the top-level block (paragraph, list,
// table, quote) that holds the chip; activating it again removes it. After the block, not inside
// it: the sentence around the chip is never split, a `<div>` stays valid content (a paragraph or
// a list cannot hold one), and the region goes with its block when a streaming message redraws
// that block (message-view.ts calls `removeExpansions`).
import { COPY_SKIP_ATTRIBUTE, MARKDOWN_COPY_ATTRIBUTE } from "./selection-markdown.js";

/** The class of an expansion region, and of the message body that holds the blocks. */
const EXPANSION_CLASS = "chip-expansion";
const BODY_CLASS = "body";
const ID_PREFIX = "t3-expansion-";

let nextId = 0;
/** The open region of each chip, and the chip of each region. */
const regionOf = new WeakMap<Element, HTMLElement>();
const chipOf = new WeakMap<Element, HTMLElement>();

function isRegion(node: Element | null): node is HTMLElement {
  return node instanceof HTMLElement && node.classList.contains(EXPANSION_CLASS);
}

/** The top-level block of the message body that holds `chip`; `null` outside a body. */
function topBlock(chip: HTMLElement): HTMLElement | null {
  let node: HTMLElement = chip;
  while (node.parentElement && !node.parentElement.classList.contains(BODY_CLASS)) node = node.parentElement;
  return node.parentElement ? node : null;
}

/** Opens the expansion of `chip` with `render()`'s content, or closes it when it is open. */
export function toggleExpansion(chip: HTMLElement, render: () => Node): void {
  const open = regionOf.get(chip);
  if (open?.isConnected) return collapse(chip, open);
  const block = topBlock(chip);
  if (!block) return;
  const region = document.createElement("div");
  region.id = ID_PREFIX + ++nextId;
  region.className = EXPANSION_CLASS;
  region.setAttribute("part", "expansion");
  region.setAttribute("role", "region");
  region.setAttribute("aria-label", chip.getAttribute("aria-label") ?? "");
  // The presenter's view of a record is not the message: copies leave it out.
  region.setAttribute(COPY_SKIP_ATTRIBUTE, "");
  region.append(render());
  // The block's regions follow it in the order of their chips.
  let after: Element = block;
  for (let next = after.nextElementSibling; isRegion(next); next = next.nextElementSibling) {
    const owner = chipOf.get(next);
    if (owner && !(owner.compareDocumentPosition(chip) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
    after = next;
  }
  after.after(region);
  regionOf.set(chip, region);
  chipOf.set(region, chip);
  chip.setAttribute("aria-expanded", "true");
  chip.setAttribute("aria-controls", region.id);
}

function collapse(chip: HTMLElement, region: HTMLElement): void {
  region.remove();
  regionOf.delete(chip);
  chip.setAttribute("aria-expanded", "false");
  chip.removeAttribute("aria-controls");
}

/** Removes the regions that follow `block` (the block is being removed or redrawn). */
export function removeExpansions(block: Node | null): void {
  if (!(block instanceof Element)) return;
  for (let next = block.nextElementSibling; isRegion(next); next = block.nextElementSibling) next.remove();
}

/** The chip's key in its message: its link, and which of the message's chips with that link it is. */
function chipKey(chip: HTMLElement, article: Element): string {
  const link = chip.getAttribute(MARKDOWN_COPY_ATTRIBUTE) ?? "";
  const same = [...article.querySelectorAll(`[${MARKDOWN_COPY_ATTRIBUTE}]`)].filter((node) => node.getAttribute(MARKDOWN_COPY_ATTRIBUTE) === link);
  return `${same.indexOf(chip)} ${link}`;
}

/**
 * Which chips have their expansion open, by message id: a long thread drops the articles it
 * scrolls away from (virtual-list.ts), and a message's new article opens them again. The state is
 * the transcript's, not the DOM's. An article that stays keeps its own regions: a streaming
 * redraw of a chip's block still closes that chip's expansion (removeExpansions), and the state
 * follows it.
 */
export class ExpansionState {
  readonly #open = new Map<string, Set<string>>();
  /** The articles whose expansions are their own already (opened there, or restored once). */
  readonly #seen = new WeakSet<Element>();

  /** Records whether `chip` (inside its message's article) is open now. */
  toggled(chip: HTMLElement): void {
    const article = chip.closest<HTMLElement>("article[data-message-id]");
    const id = article?.dataset.messageId;
    if (id === undefined) return;
    this.#seen.add(article!);
    const keys = this.#open.get(id) ?? new Set<string>();
    const key = chipKey(chip, article!);
    if (chip.getAttribute("aria-expanded") === "true") keys.add(key);
    else keys.delete(key);
    if (keys.size > 0) this.#open.set(id, keys);
    else this.#open.delete(id);
  }

  /**
   * For each article: a new one (drawn, not seen before) opens, through `open`, the expansions
   * recorded for its message; one seen before tells the state which of them it closed.
   */
  restore(articles: ReadonlyArray<{ id: string; node: HTMLElement }>, open: (chip: HTMLElement) => void): void {
    if (this.#open.size === 0) return;
    for (const { id, node } of articles) {
      const keys = this.#open.get(id);
      const chips = keys ? [...node.querySelectorAll<HTMLElement>(`[${MARKDOWN_COPY_ATTRIBUTE}]`)] : [];
      if (chips.length === 0) continue; // not drawn yet
      const fresh = !this.#seen.has(node);
      this.#seen.add(node);
      for (const chip of chips) {
        const key = chipKey(chip, node);
        if (!keys!.has(key) || chip.getAttribute("aria-expanded") === "true") continue;
        if (fresh) open(chip);
        else keys!.delete(key);
      }
      if (keys!.size === 0) this.#open.delete(id);
    }
  }
}
