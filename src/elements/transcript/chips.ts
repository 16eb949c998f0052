// Context references in a message become chips: focusable buttons drawn by the registry's
// presenters on the transcript surface, each carrying the link it copies as.
import { asKnownContextRecord } from "../../contract/kinds.js";
import type { ComposerContextRecord } from "../../contract/types.js";
import { formatComposerContextReference, sanitizeComposerContextLabel } from "../../codec/references.js";
import { appendContent, fillChip } from "../../presentation/chip-dom.js";
import { liveHttpUrl } from "../../presentation/details/dom.js";
import { presenterFailureReporter, reportPresenterFailure } from "../../presentation/report.js";
import { isVideoMimeType } from "../../presentation/details/media.js";
import { resolveChip, type ResolvedChip } from "../../presentation/resolve.js";
import type { ChipAttachmentState, ChipContent, ChipRegistry, ChipSurface } from "../../presentation/types.js";
import type { Localizer } from "../../l10n/localizer.js";
import type { TranscriptAttachment } from "../../transport/types.js";
import { bindChip, type Action, type MediaItem } from "./actions.js";
import { attachmentState, isImageAttachment, type AttachmentUrlResolver } from "./message-attachments.js";
import type { MarkdownReference } from "./markdown/inline.js";
import type { ResolvedMessageContext } from "./message-context.js";

/** Everything the chips of one message are drawn with. */
export interface MessageScope {
  host: HTMLElement;
  registry: ChipRegistry;
  messageId: string;
  context: ResolvedMessageContext;
  resolveAttachmentUrl: AttachmentUrlResolver | undefined;
  strings: Localizer;
  /** The gallery's items and the index of each image attachment in it. */
  gallery: readonly MediaItem[];
  galleryIndex: ReadonlyMap<string, number>;
}

/**
 * The record a reference resolves to, with the attachment it binds (images and files).
 * `unavailable` marks an image or file record whose attachment is not the message's: it is
 * drawn unresolved, and the fallback presenter gets it.
 */
function bindRecord(
  reference: MarkdownReference,
  context: ResolvedMessageContext,
): { record: ComposerContextRecord | undefined; attachment?: TranscriptAttachment; unavailable?: true } {
  const record = context.recordsById.get(reference.contextId);
  // A link says which kind it points at; a record of another kind under that id is not it.
  if (!record || record.kind !== reference.kind) return { record: undefined };
  if (record.kind !== "image" && record.kind !== "file") return { record };
  // Images and files resolve only when their attachment is one of this message's (an image
  // must be an image): a record never holds bytes, so without it there is nothing to show.
  const known = asKnownContextRecord(record);
  const attachment = known && "attachmentId" in known ? context.attachmentsById.get(known.attachmentId) : undefined;
  if (!attachment || (record.kind === "image" && !isImageAttachment(attachment))) return { record, unavailable: true };
  return { record, attachment };
}

function lookup(scope: MessageScope): NonNullable<ChipSurface["lookup"]> {
  return {
    record: (contextId) => scope.context.recordsById.get(contextId),
    attachment: (attachmentId) => {
      const attachment = scope.context.attachmentsById.get(attachmentId);
      return attachment ? attachmentState(attachment, scope.resolveAttachmentUrl) : undefined;
    },
  };
}

/**
 * Presenter content (a node, a lit template or text) in a wrapper, or `fallback` when the
 * presenter returns nothing or throws: one broken presenter never breaks a message.
 */
function presenterContent(chip: ResolvedChip, surface: ChipSurface, member: string, run: () => ChipContent | undefined): Node {
  const box = document.createElement("div");
  box.className = "presenter-content";
  try {
    const content = run();
    if (content !== undefined && content !== null) appendContent(box, content, "presenter-body");
  } catch (error) {
    reportPresenterFailure(surface.host, chip.kind, member, error);
  }
  const fallback = chip.label;
  if (!box.firstChild) box.textContent = fallback;
  return box;
}

/**
 * The default action of a chip (docs/transcript.md, "Chips": `t3-chip-activate`). An
 * unresolved chip has no attachment to show; its fallback presenter may still give details or an
 * expansion.
 */
function chipAction(chip: ResolvedChip, surface: ChipSurface, scope: MessageScope, attachment: TranscriptAttachment | undefined, href: string | undefined): Action {
  const { presenter, record } = chip;
  if (href) return { type: "open", url: href };
  if (chip.resolved && attachment && record?.kind === "image") {
    const index = scope.galleryIndex.get(attachment.id);
    if (index !== undefined) return { type: "media", items: scope.gallery, index };
  }
  if (chip.resolved && attachment && record?.kind === "file") {
    if (isVideoMimeType(attachment.mimeType)) return { type: "media", items: [expandedItem(chip, surface, attachment.name)], index: 0 };
    const url = surface.attachment?.url;
    return url ? { type: "open", url } : { type: "none" };
  }
  if (presenter.details === "popover" && presenter.renderDetails) return { type: "popover" };
  if (presenter.expanded === "modal" && presenter.renderExpanded) {
    return { type: "media", items: [expandedItem(chip, surface, chip.label)], index: 0 };
  }
  if (presenter.expanded === "inline-block" && presenter.renderExpanded) return { type: "expand" };
  return { type: "none" };
}

function expandedItem(chip: ResolvedChip, surface: ChipSurface, name: string): MediaItem {
  return { name, render: () => chipExpanded(chip, surface) };
}

/** The body of a chip's expansion (modal or inline block): the presenter's `renderExpanded`. */
export function chipExpanded(chip: ResolvedChip, surface: ChipSurface): Node {
  return presenterContent(chip, surface, "renderExpanded", () => chip.presenter.renderExpanded?.(chip.subject, surface));
}

function chipHref(chip: ResolvedChip): string | undefined {
  if (!chip.presenter.href) return undefined;
  try {
    return liveHttpUrl(chip.presenter.href(chip.subject)) ?? undefined;
  } catch {
    return undefined; // a presenter bug: no link, the chip still draws
  }
}

/** The popover or hover-card body of a chip, or `undefined` when it has none. */
export function chipDetails(chip: ResolvedChip, surface: ChipSurface): Node | undefined {
  const { presenter, subject } = chip;
  if (!presenter.renderDetails) return undefined;
  return presenterContent(chip, surface, "renderDetails", () => presenter.renderDetails!(subject, surface));
}

/**
 * Draws one reference as a chip button. Records the attachment ids of the files it shows into
 * `referencedFiles`, so the file row can leave them out.
 */
export function createTranscriptChip(reference: MarkdownReference, scope: MessageScope, referencedFiles: Set<string>): HTMLButtonElement {
  const label = sanitizeComposerContextLabel(reference.label, reference.kind);
  const { record, attachment, unavailable } = bindRecord(reference, scope.context);
  const state: ChipAttachmentState | undefined = attachment && attachmentState(attachment, scope.resolveAttachmentUrl);
  const surface: ChipSurface = {
    name: "transcript",
    host: scope.host,
    messageId: scope.messageId,
    lookup: lookup(scope),
    localizer: scope.strings,
    ...(state && { attachment: state }),
  };
  const chip = resolveChip(scope.registry, { kind: reference.kind, contextId: reference.contextId, label }, record, unavailable, scope.strings, presenterFailureReporter(scope.host));
  const button = document.createElement("button");
  button.type = "button";
  fillChip(button, chip, surface);
  button.dataset.markdownCopy = formatComposerContextReference({ kind: reference.kind, contextId: reference.contextId, label });
  const href = chipHref(chip);
  const action = chipAction(chip, surface, scope, attachment, href);
  if (action.type === "popover" || action.type === "media") button.setAttribute("aria-haspopup", "dialog");
  if (action.type === "popover" || action.type === "expand") button.setAttribute("aria-expanded", "false");
  if (attachment && chip.resolved && record?.kind === "file") referencedFiles.add(attachment.id);
  bindChip(button, { chip, surface, messageId: scope.messageId, action, ...(href && { href }) });
  return button;
}
