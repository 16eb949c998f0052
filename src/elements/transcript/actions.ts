// What activating something in the transcript does. Each actionable node carries its action in
// a WeakMap, so the DOM holds no closures and a re-rendered message drops its actions with it.
import type { ChipSurface } from "../../presentation/types.js";
import type { ResolvedChip } from "../../presentation/resolve.js";

/** One item of the media modal: its name and how to draw it. */
export interface MediaItem {
  name: string;
  render(): Node;
}

/** A default action. */
export type Action =
  | { type: "media"; items: readonly MediaItem[]; index: number }
  | { type: "open"; url: string }
  | { type: "popover" }
  /** Toggles the chip's `renderExpanded` as a block after the chip's block (expansion.ts). */
  | { type: "expand" }
  | { type: "none" };

/** What a chip knows: its resolution, surface and default action. */
export interface ChipBinding {
  chip: ResolvedChip;
  surface: ChipSurface;
  messageId: string;
  action: Action;
  /** An http(s) URL the chip stands for: it shows `renderDetails` as a hover card. */
  href?: string;
}

const actions = new WeakMap<Element, Action>();
const chips = new WeakMap<Element, ChipBinding>();

/** Binds a default action to a node that is not a chip (gallery thumbnails, file row). */
export function setAction(node: Element, action: Action): void {
  node.setAttribute("data-action", action.type);
  actions.set(node, action);
}

/** Binds a chip. */
export function bindChip(node: Element, binding: ChipBinding): void {
  chips.set(node, binding);
  setAction(node, binding.action);
}

export function actionOf(node: Element): Action | undefined {
  return actions.get(node);
}

export function chipBinding(node: Element): ChipBinding | undefined {
  return chips.get(node);
}
