// The chip presentation contract (docs/custom-kinds.md, "The chip registry"): one presenter per
// kind serves both the composer and the transcript, and gets the surface with everything it needs
// to draw. What a kind is (payload schema, display name, entry body) is the codec's
// `defineContextKind`; a presenter only says how it looks.
import type { TemplateResult } from "lit";
import type { GenericSchema } from "valibot";
import type { ContextKindDefinition } from "../codec/kind-definitions.js";
import type { ComposerContextRecord, ContextRecordBase } from "../contract/types.js";
import type { Localizer } from "../l10n/localizer.js";

/** What a presenter may return to draw: a node, a lit template, or plain text. */
export type ChipContent = Node | TemplateResult | string;

/** The state of the attachment behind an image or file chip. */
export interface ChipAttachmentState {
  status: "uploading" | "ready" | "failed";
  /** 0 to 1 while uploading. */
  progress?: number;
  /** Where the bytes can be shown from (an object URL in the composer, the host's URL after). */
  url?: string;
  mimeType?: string;
  sizeBytes?: number;
}

/** Where a chip is drawn, and what the element knows about it. */
export interface ChipSurface {
  name: "composer" | "transcript";
  /** The `<t3-composer>` or `<t3-transcript>`. */
  host: HTMLElement;
  attachment?: ChipAttachmentState;
  /** The message the chip is in (transcript). */
  messageId?: string;
  /** The other records and attachments around the chip (its message, or the draft). */
  lookup?: ChipLookup;
  /**
   * The element's strings and number formats (docs/localization.md), for a presenter that wants
   * to write in the element's language. Absent: English.
   */
  localizer?: Localizer;
}

/**
 * Cross-references a presenter may follow, such as a preview annotation's screenshot
 * (`screenshotContextId` → image record → attachment).
 */
export interface ChipLookup {
  /** A record of the same message or draft; `undefined` when there is none. */
  record(contextId: string): ComposerContextRecord | undefined;
  /** The state of an attachment of the same message or draft; `undefined` when there is none. */
  attachment(attachmentId: string): ChipAttachmentState | undefined;
}

/** How a chip opens its details: nothing, a native tooltip, or a popover. */
export type ChipDetailsMode = "none" | "tooltip" | "popover";
/**
 * How a chip expands in the transcript: nothing, a block in the message right after the block
 * holding the chip (toggled), or a modal (media).
 */
export type ChipExpandedMode = "none" | "inline-block" | "modal";

/**
 * How one kind of context looks. Every member is optional: a presenter that only sets
 * `label` gets the built-in chip body with that text.
 */
export interface ChipPresenter<R extends ContextRecordBase = ComposerContextRecord> {
  /** The chip's text. Default: the record's label, or the link's label when that is empty. */
  label?(record: R): string;
  /**
   * The last part of the chip's accessible name, `"<label>, <kind label>"` (the name begins with
   * what the chip shows, WCAG 2.5.3). Default: the kind definition's `label`, else the kind,
   * capitalized.
   */
  kindLabel?(record: R): string;
  /** The icon before the label. A string is shown as text (an emoji, a letter). */
  icon?(record: R): ChipContent;
  /**
   * A web page the chip stands for (a pull request's URL). In the transcript, activating the chip
   * opens it in a new tab (http and https only) and `renderDetails` shows as a hover card.
   */
  href?(record: R): string | undefined;
  /** A state tone written as `data-tone` on the chip (pull requests: open, draft, merged, closed). */
  tone?(record: R): string | undefined;
  /** Replaces the whole chip body (icon and label). */
  render?(record: R, surface: ChipSurface): Node | TemplateResult;
  details?: ChipDetailsMode;
  /** The tooltip text when `details` is `"tooltip"`. Default: the label. */
  tooltip?(record: R, surface: ChipSurface): string;
  /** The popover body when `details` is `"popover"`. */
  renderDetails?(record: R, surface: ChipSurface): Node | TemplateResult;
  expanded?: ChipExpandedMode;
  /** The body of the modal (`expanded: "modal"`) or of the block (`"inline-block"`). */
  renderExpanded?(record: R, surface: ChipSurface): Node | TemplateResult;
  /**
   * @deprecated Put the payload schema in `defineContextKind({ kind, payload })` and pass the
   * definition to `define`. Still honoured (with a one-time warning) for a custom kind defined by
   * name: a payload that fails it renders the fallback.
   */
  payload?: GenericSchema;
  /**
   * @deprecated Put the entry body in `defineContextKind({ kind, entryBody })`, where a server
   * can reach it. Still honoured (with a one-time warning) for a custom kind defined by name.
   */
  entryBody?(record: R): string;
}

/**
 * What an unresolved chip knows, as its fallback presenter gets it: the record when there is one
 * (a kind without a presenter, a payload that fails its schema, an image or file whose attachment
 * is not the message's), else `{ version: 1, kind, contextId, label }` built from the link, whose
 * `label` is the link's. Narrow with `"payload" in record` or by `kind` before reading more.
 */
export type UnresolvedContextRecord = ComposerContextRecord | ContextRecordBase;

/**
 * The presenter of unresolved chips. The members it sets replace those of the built-in
 * unresolved chip (dashed, tooltip "This context is no longer available…"); the rest stay.
 */
export type FallbackPresenter = ChipPresenter<UnresolvedContextRecord>;

/** Presenters by kind, the custom kinds' definitions, and the fallback for anything that cannot be drawn. */
export interface ChipRegistry {
  /**
   * Adds a kind: a custom kind's definition (`defineContextKind`) with its looks, or a kind by name
   * with its looks (a built-in kind, or a custom kind in the unknown form: any payload, its JSON
   * as entry body). Throws `Duplicate context presentation handler: <kind>` if the kind has a
   * presenter already, and a `TypeError` naming the bad value for a bad kind or presenter.
   */
  define(kind: string | ContextKindDefinition, presenter?: ChipPresenter): void;
  /** Replaces (or adds) the presenter of a kind; given a definition, its definition too. */
  override(kind: string | ContextKindDefinition, presenter?: ChipPresenter): void;
  /** The presenter of a kind, looking through the base registry; `undefined` when there is none. */
  get(kind: string): ChipPresenter | undefined;
  /** The definition of a custom kind, looking through the base registry; `undefined` for a built-in kind or the unknown form. */
  definition(kind: string): ContextKindDefinition | undefined;
  /**
   * Every custom kind's definition, the base registry's included: what a host passes to
   * `projectComposerContextForProvider(message, { kinds })`. The same array until a kind changes.
   */
  definitions(): readonly ContextKindDefinition[];
  /** Every kind with a presenter, the base registry's included. */
  kinds(): string[];
  /** The presenter of unresolved chips: missing records, unknown kinds, payloads that fail. */
  readonly fallback: FallbackPresenter;
  /**
   * Calls `listener` after every `define` or `override` (here or in the base); returns an
   * unsubscribe function. A derived registry listens to its base only while it has listeners, so
   * once they unsubscribe nothing in the base keeps it alive.
   */
  subscribe(listener: () => void): () => void;
}
