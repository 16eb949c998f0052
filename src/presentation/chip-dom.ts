// Builds a chip's DOM from a resolved chip. Plain DOM calls (no template parse per chip): a
// 1 MB draft can hold thousands of chips, and every one is built when it is hydrated.
import { render, type TemplateResult } from "lit";
import { asKnownContextRecord } from "../contract/kinds.js";
import { formatBytes } from "./labels.js";
import type { ResolvedChip } from "./resolve.js";
import type { ChipContent, ChipSurface } from "./types.js";

const SAFE_MEDIA_PROTOCOLS = new Set(["http:", "https:", "blob:"]);

/**
 * Whether a URL may be loaded as an image or video: http(s), or an object URL of this page's
 * origin (another origin's `blob:` URL can never load here, so it is only a disguise).
 */
export function isSafeMediaUrl(url: string | undefined): url is string {
  if (!url) return false;
  try {
    const parsed = new URL(url, document.baseURI);
    if (!SAFE_MEDIA_PROTOCOLS.has(parsed.protocol)) return false;
    return parsed.protocol !== "blob:" || parsed.origin === location.origin;
  } catch {
    return false;
  }
}

/** A built-in icon, drawn by a CSS mask (see icons.ts). */
export function maskIcon(name: string): HTMLElement {
  const icon = document.createElement("span");
  icon.className = "t3-chip-icon";
  icon.dataset.icon = name;
  icon.setAttribute("aria-hidden", "true");
  return icon;
}

function isTemplateResult(value: unknown): value is TemplateResult {
  return typeof value === "object" && value !== null && "_$litType$" in value;
}

/** Appends presenter content: a node, a lit template (rendered into its own span), or text. */
export function appendContent(parent: HTMLElement, content: ChipContent, className: string): void {
  if (typeof content === "string") {
    const span = document.createElement("span");
    span.className = className + "-text";
    span.textContent = content;
    parent.append(span);
  } else if (isTemplateResult(content)) {
    const span = document.createElement("span");
    span.className = className;
    render(content, span);
    parent.append(span);
  } else if (content instanceof Node) {
    parent.append(content);
  }
}

function guarded<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch (error) {
    console.error("t3-composer: a chip presenter threw", error);
    return undefined;
  }
}

function attachmentSuffix(chip: ResolvedChip, surface: ChipSurface): string | undefined {
  const state = surface.attachment;
  if (state?.status === "uploading") return `${Math.round((state.progress ?? 0) * 100)}%`;
  if (state?.status === "failed") return "upload failed";
  const known = asKnownContextRecord(chip.record);
  if (known?.kind === "file") return formatBytes(known.sizeBytes);
  return undefined;
}

function defaultIcon(chip: ResolvedChip, surface: ChipSurface): ChipContent {
  if (!chip.resolved) return maskIcon("unresolved");
  const url = surface.attachment?.url;
  if (chip.kind !== "image") return maskIcon("generic");
  if (isSafeMediaUrl(url)) {
    const thumb = document.createElement("img");
    thumb.className = "t3-chip-thumb";
    thumb.alt = "";
    thumb.decoding = "async";
    thumb.src = url;
    return thumb;
  }
  return maskIcon("image");
}

/**
 * Fills `target` (a span in the composer, a button in the transcript) with the chip: its
 * attributes (`part`, `data-kind`, `aria-label`, `data-context-unresolved`, tooltip) and body.
 */
export function fillChip(target: HTMLElement, chip: ResolvedChip, surface: ChipSurface): void {
  const { presenter, record } = chip;
  target.classList.add("t3-chip");
  target.setAttribute("part", `chip chip-${chip.kind}${chip.resolved ? "" : " chip-unresolved"}`);
  target.dataset.kind = chip.kind;
  target.dataset.contextId = chip.contextId;
  target.setAttribute("aria-label", chip.ariaLabel);
  if (chip.resolved) delete target.dataset.contextUnresolved;
  else target.dataset.contextUnresolved = "true";
  const status = surface.attachment?.status;
  if (status) target.dataset.status = status;
  else delete target.dataset.status;
  const tone = record && guarded(() => presenter.tone?.(record));
  if (tone) target.dataset.tone = tone;
  else delete target.dataset.tone;

  const tooltip =
    presenter.details === "tooltip" || !chip.resolved
      ? (guarded(() => presenter.tooltip?.(record!, surface)) ?? chip.label)
      : undefined;
  if (tooltip) target.title = tooltip;
  else target.removeAttribute("title");

  target.replaceChildren();
  const custom = record && presenter.render ? guarded(() => presenter.render!(record, surface)) : undefined;
  if (custom !== undefined) {
    appendContent(target, custom, "t3-chip-body");
    return;
  }
  const icon = (record && presenter.icon ? guarded(() => presenter.icon!(record)) : undefined) ?? defaultIcon(chip, surface);
  appendContent(target, icon, "t3-chip-icon");
  const label = document.createElement("span");
  label.className = "t3-chip-label";
  label.textContent = chip.label;
  target.append(label);
  const suffix = attachmentSuffix(chip, surface);
  if (suffix) {
    const span = document.createElement("span");
    span.className = "t3-chip-suffix";
    span.textContent = suffix;
    target.append(span);
  }
}
