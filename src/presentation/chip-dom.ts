// Builds a chip's DOM from a resolved chip. Plain DOM calls (no template parse per chip): a
// 1 MB draft can hold thousands of chips, and every one is built when it is hydrated. For the
// same reason the fixed parts (icon, label span) are clones of prototypes, attributes are set
// with `setAttribute` (not `dataset`, which converts names on every write), and a chip drawn
// for the first time skips clearing what it cannot have yet.
import { render, type TemplateResult } from "lit";
import { asKnownContextRecord } from "../contract/kinds.js";
import { englishLocalizer } from "../l10n/localizer.js";
import { visibleLabel } from "./labels.js";
import { reportPresenterFailure } from "./report.js";
import { chipAccessibleName, type ResolvedChip } from "./resolve.js";
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

const iconPrototypes = new Map<string, HTMLElement>();

/** A built-in icon, drawn by a CSS mask (see icons.ts). */
export function maskIcon(name: string): HTMLElement {
  let prototype = iconPrototypes.get(name);
  if (!prototype) {
    prototype = document.createElement("span");
    prototype.className = "t3-chip-icon";
    prototype.setAttribute("data-icon", name);
    prototype.setAttribute("aria-hidden", "true");
    iconPrototypes.set(name, prototype);
  }
  return prototype.cloneNode() as HTMLElement;
}

/** A `<span>` (or another inline element) of `className` holding `text`. */
function textSpan(className: string, text: string, tag: "span" | "bdi" = "span"): HTMLElement {
  const span = document.createElement(tag);
  span.className = className;
  span.textContent = text;
  return span;
}

/** The elements drawn as chips at least once: the others have nothing to clear. */
const drawn = new WeakSet<HTMLElement>();

/** Sets or removes an attribute; on a `fresh` element there is nothing to remove. */
function attribute(target: HTMLElement, name: string, value: string | undefined, fresh: boolean): void {
  if (value !== undefined) target.setAttribute(name, value);
  else if (!fresh) target.removeAttribute(name);
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

/** Runs a presenter member; one that throws is reported on the surface's element and gives `undefined`. */
function guarded<T>(surface: ChipSurface, kind: string, member: string, run: () => T): T | undefined {
  try {
    return run();
  } catch (error) {
    reportPresenterFailure(surface.host, kind, member, error);
    return undefined;
  }
}

/** The text after the label: upload progress or failure, or a file's size. */
function attachmentSuffix(chip: ResolvedChip, surface: ChipSurface): string | undefined {
  const state = surface.attachment;
  const strings = surface.localizer ?? englishLocalizer;
  if (state?.status === "uploading") return strings.text("uploadProgress", { percent: strings.percent(state.progress ?? 0) });
  if (state?.status === "failed") return strings.text("uploadFailed");
  const known = asKnownContextRecord(chip.record);
  if (known?.kind === "file") return strings.bytes(known.sizeBytes);
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
  // An unresolved chip is drawn by the registry's fallback, from what is known (`subject`).
  const { presenter, subject } = chip;
  const fresh = !drawn.has(target);
  drawn.add(target);
  target.classList.add("t3-chip");
  target.setAttribute("part", `chip chip-${chip.kind}${chip.resolved ? "" : " chip-unresolved"}`);
  target.setAttribute("data-kind", chip.kind);
  target.setAttribute("data-context-id", chip.contextId);
  attribute(target, "data-context-unresolved", chip.resolved ? undefined : "true", fresh);
  attribute(target, "data-status", surface.attachment?.status, fresh);
  attribute(target, "data-tone", guarded(surface, chip.kind, "tone", () => presenter.tone?.(subject)) || undefined, fresh);
  const tooltip = presenter.details === "tooltip" ? (guarded(surface, chip.kind, "tooltip", () => presenter.tooltip?.(subject, surface)) ?? chip.label) : undefined;
  attribute(target, "title", tooltip ? visibleLabel(tooltip) : undefined, fresh);
  // Why an unresolved chip is unavailable, for a screen reader (a tooltip is hover-only).
  attribute(target, "aria-description", !chip.resolved && tooltip ? visibleLabel(tooltip) : undefined, fresh);

  if (!fresh) target.replaceChildren();
  const custom = presenter.render ? guarded(surface, chip.kind, "render", () => presenter.render!(subject, surface)) : undefined;
  if (custom !== undefined) {
    target.setAttribute("aria-label", chip.ariaLabel);
    appendContent(target, custom, "t3-chip-body");
    return;
  }
  const icon = (presenter.icon ? guarded(surface, chip.kind, "icon", () => presenter.icon!(subject)) : undefined) ?? defaultIcon(chip, surface);
  appendContent(target, icon, "t3-chip-icon");
  // `<bdi>`: a right-to-left label cannot reorder the text around the chip; its invisible
  // characters are shown (docs/security.md, "Labels").
  target.append(textSpan("t3-chip-label", visibleLabel(chip.label), "bdi"));
  const suffix = attachmentSuffix(chip, surface);
  // The suffix (size, progress, failure) is part of the name: a chip in the composer is an image
  // to assistive technology, whose content is not read. It comes before the kind, so the name
  // begins with all the text the chip shows, in its order (WCAG 2.5.3).
  const strings = surface.localizer ?? englishLocalizer;
  const shown = suffix ? strings.text("nameAndDetail", { name: chip.label, detail: suffix }) : chip.label;
  target.setAttribute("aria-label", suffix ? chipAccessibleName(strings, shown, chip.kindName) : chip.ariaLabel);
  if (suffix) target.append(textSpan("t3-chip-suffix", suffix));
}
