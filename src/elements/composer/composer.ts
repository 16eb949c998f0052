// The parts of one composer, made together (docs/architecture.md, "Who owns what"). Each part owns
// its state: the draft model the editor state and view, the controllers their concern (uploads,
// persistence, suggestions, sending, the transport's errors, the chips on screen, the shelf's
// confirmation); the element is a thin front over them. Parts reach each other through this
// object, never by importing each other's modules at run time.
import type { ReactiveControllerHost } from "lit";
import type { Plugin } from "prosemirror-state";
import { composerPlugins } from "../../editor/create.js";
import type { ContextKindDefinition } from "../../codec/kind-definitions.js";
import type { Localizer } from "../../l10n/localizer.js";
import type { ChipRegistry } from "../../presentation/types.js";
import type { ComposerTransport } from "../../transport/types.js";
import { activateChip } from "./activate.js";
import { Budget } from "./budget.js";
import { ChipPress } from "./chip-press.js";
import { ChipIndex, drawChip } from "./chips.js";
import { copySlice } from "./copy.js";
import { DraftModel } from "./draft.js";
import { DraftEvents } from "./draft-events.js";
import { Editing } from "./editing.js";
import { draftPlugin } from "./draft-state.js";
import { PromptHistory } from "./history.js";
import { dropTransfer, pasteClipboard } from "./paste-import.js";
import { pastedPainter } from "./pasted-block.js";
import { Persistence } from "./persistence.js";
import { ChunkLoads, IdlePrefetch, overlayChunk } from "../chunks.js";
import { PreviewPanel } from "./preview.js";
import { Queue } from "./queue.js";
import { Redactions, type ComposerRedactor } from "./redaction.js";
import { Sender } from "./send.js";
import { Shelf } from "./shelf.js";
import { Staleness, type ContextValidator } from "./staleness.js";
import { Suggestions } from "./suggestions.js";
import { TransportErrors } from "./transport-errors.js";
import { Uploads } from "./uploads.js";

/** What the parts need from the element. */
export interface ComposerHost extends HTMLElement, ReactiveControllerHost {
  readonly registry: ChipRegistry;
  readonly transport: ComposerTransport | undefined;
  readonly placeholder: string;
  readonly draftKey: string | null;
  readonly name: string;
  /** The clipboard fragment's source (`environment-id`, `thread-id`). */
  readonly environmentId: string | null;
  readonly threadId: string | null;
  /** `long-paste-threshold`: a plain-text paste longer than this becomes a file. */
  readonly longPasteThreshold: number | null;
  /** Whether a person can edit now: not disabled (itself or by its form), not read-only, not sending. */
  readonly canEdit: boolean;
  /** The strings the composer shows and announces (docs/localization.md). */
  readonly localizer: Localizer;
  /** `redact` (`"off"`: no redaction) and `redactor` (docs/secrets.md). */
  readonly redact: string | null;
  readonly redactor: ComposerRedactor | undefined;
  /** The token budget (`budget`, `budget-mode`, `estimateTokens`: docs/budget.md). */
  readonly budget: number | null;
  readonly budgetMode: string | null;
  readonly estimateTokens: ((text: string) => number) | undefined;
  /** The kind definitions the preview projects with; `undefined`: the registry's. */
  readonly kinds: readonly ContextKindDefinition[] | undefined;
  /** The host's staleness hook (docs/preview-and-stale.md). */
  readonly validateContext: ContextValidator | null;
}

export interface Composer {
  readonly host: ComposerHost;
  readonly internals: ElementInternals | null;
  /** The editable ProseMirror draws into; the same element for the element's whole life. */
  readonly mount: HTMLElement;
  readonly model: DraftModel;
  readonly chips: ChipIndex;
  readonly uploads: Uploads;
  readonly events: DraftEvents;
  readonly persistence: Persistence;
  readonly suggestions: Suggestions;
  readonly sender: Sender;
  readonly shelf: Shelf;
  readonly transportErrors: TransportErrors;
  readonly budget: Budget;
  readonly editing: Editing;
  readonly history: PromptHistory;
  readonly queue: Queue;
  readonly redactions: Redactions;
  readonly previewPanel: PreviewPanel;
  readonly staleness: Staleness;
  /** The loads of the lazy views this composer asked for (elements/chunks.ts). */
  readonly loads: ChunkLoads;
}

/**
 * The editor's plugins, reaching the composer weakly. ProseMirror keeps the last state it saw in
 * module caches (prosemirror-history the plugin list; prosemirror-view the state
 * `endOfTextblock` measured), so a strong reference from a plugin would keep the last composer removed from the
 * page alive, with the bytes of its attachments, until another editor runs. This is a function of
 * its own because closures share their function's scope: made in `createComposer`, whose other
 * closures hold the composer, they would hold it too. None of the callbacks runs before `bind`,
 * or after the element is gone.
 */
function weaklyBoundPlugins(): { plugins: Plugin[]; bind(composer: Composer): void } {
  let weak: WeakRef<Composer> | undefined;
  const live = () => weak?.deref();
  const plugins = composerPlugins({
    submit: (_view, mod) => {
      const composer = live();
      if (composer) void composer.queue.submit(mod).catch(() => {}); // a failure is reported by `t3-error`
    },
    activateChip: (_view, pos) => {
      const composer = live();
      if (composer) activateChip(composer, pos);
    },
    suggestionKey: (_view, event) => live()?.suggestions.key(event) ?? false,
    historyKey: (_view, event) => {
      const composer = live();
      // While a sent message is edited, ArrowUp moves the caret: a recalled message would take the edit's place.
      return composer !== undefined && composer.editing.editing === null && composer.history.key(event);
    },
    placeholder: () => live()?.host.placeholder ?? "",
    copy: (_view, data, slice) => {
      const composer = live();
      if (composer) copySlice(composer, data, slice);
    },
    paste: (_view, data, plain) => {
      const composer = live();
      return composer ? pasteClipboard(composer, data, plain) : false;
    },
    drop: (_view, data, pos) => {
      const composer = live();
      return composer ? dropTransfer(composer, data, pos) : false;
    },
  });
  plugins.push(draftPlugin());
  return { plugins, bind: (composer) => void (weak = new WeakRef(composer)) };
}

type Parts = { -readonly [K in keyof Composer]: Composer[K] };

/**
 * A composer with an empty draft. The controllers hook into the element's lifecycle in the order
 * they are made: the saved draft is restored before the view is built, and saved before it goes.
 */
export function createComposer(host: ComposerHost, internals: ElementInternals | null): Composer {
  const mount = document.createElement("div");
  mount.setAttribute("part", "editor");
  mount.className = "editor";
  const { plugins, bind } = weaklyBoundPlugins();
  const composer = { host, internals, mount } as unknown as Parts; // the parts follow, each given the others
  composer.chips = new ChipIndex(composer, (dom, attrs) => drawChip(composer, dom, attrs));
  composer.model = new DraftModel(plugins, {
    mount,
    painter: composer.chips,
    pasted: pastedPainter(composer),
    editable: () => host.canEdit,
    clickChip: (pos) => activateChip(composer, pos, true),
  });
  composer.uploads = new Uploads(composer);
  composer.events = new DraftEvents(composer);
  composer.persistence = new Persistence(composer);
  composer.suggestions = new Suggestions(composer);
  composer.sender = new Sender(composer);
  composer.shelf = new Shelf(composer);
  composer.transportErrors = new TransportErrors(composer);
  composer.editing = new Editing(composer);
  host.addController(composer.editing); // edit and resend: Escape in edit mode
  host.addController(new ChipPress(composer)); // a long press on a chip (docs/accessibility.md, "Touch")
  composer.history = new PromptHistory(composer);
  composer.queue = new Queue(composer);
  composer.loads = new ChunkLoads(host);
  host.addController(new IdlePrefetch(composer.loads, overlayChunk)); // the chip menu, likewise
  composer.redactions = new Redactions(composer);
  composer.budget = new Budget(composer);
  composer.previewPanel = new PreviewPanel(composer);
  composer.staleness = new Staleness(composer);
  // Lifecycle order: restore, view, uploads, the transport's errors, the registry's changes; the queue after uploads (it holds some).
  for (const controller of [composer.persistence, composer.model, composer.uploads, composer.transportErrors, composer.chips, composer.suggestions, composer.sender, composer.queue, composer.budget]) {
    host.addController(controller);
  }
  // Who hears a change first: uploads start before `t3-context-add` tells the host.
  const observers = [composer.uploads, composer.chips, composer.events, composer.persistence, composer.suggestions, composer.history, composer.redactions, composer.budget, composer.staleness];
  for (const observer of observers) composer.model.observe(observer);
  bind(composer);
  return composer;
}
