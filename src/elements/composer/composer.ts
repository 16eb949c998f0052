// The parts of one composer, made together (docs/architecture.md, "Who owns what"). Each part owns
// its state: the draft model the editor state and view, the controllers their concern (uploads,
// persistence, suggestions, sending, the transport's errors, the chips on screen, the shelf's
// confirmation); the element is a thin front over them. Parts reach each other through this
// object, never by importing each other's modules: each part declares the narrow interface of what
// it uses (wiring.ts), and `createComposer` below is where TypeScript checks that the composer
// gives each part what it declares.
import type { Plugin } from "prosemirror-state";
import { composerPlugins } from "../../editor/create.js";
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
import { Redactions } from "./redaction.js";
import { Sender } from "./send.js";
import { Shelf } from "./shelf.js";
import { Staleness } from "./staleness.js";
import { Suggestions } from "./suggestions.js";
import { TransportErrors } from "./transport-errors.js";
import { Uploads } from "./uploads.js";
import type { ComposerHost } from "./wiring.js";

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

/**
 * A composer with an empty draft. The controllers hook into the element's lifecycle in the order
 * they are made: the saved draft is restored before the view is built, and saved before it goes.
 * Each part is given the whole composer, typed as the narrow interface it declares; the getters
 * let a part made early reach a part made later, once the composer is complete (no part reads
 * another while it is made: a read there would throw, not return `undefined`).
 */
export function createComposer(host: ComposerHost, internals: ElementInternals | null): Composer {
  const mount = document.createElement("div");
  mount.setAttribute("part", "editor");
  mount.className = "editor";
  const { plugins, bind } = weaklyBoundPlugins();
  const composer: Composer = {
    host,
    internals,
    mount,
    get model() { return model; },
    get chips() { return chips; },
    get uploads() { return uploads; },
    get events() { return events; },
    get persistence() { return persistence; },
    get suggestions() { return suggestions; },
    get sender() { return sender; },
    get shelf() { return shelf; },
    get transportErrors() { return transportErrors; },
    get budget() { return budget; },
    get editing() { return editing; },
    get history() { return history; },
    get queue() { return queue; },
    get redactions() { return redactions; },
    get previewPanel() { return previewPanel; },
    get staleness() { return staleness; },
    get loads() { return loads; },
  };
  const chips = new ChipIndex(composer, (dom, attrs) => drawChip(composer, dom, attrs));
  const model = new DraftModel(plugins, {
    mount,
    painter: chips,
    pasted: pastedPainter(composer),
    editable: () => host.canEdit,
    clickChip: (pos) => activateChip(composer, pos, true),
  });
  const uploads = new Uploads(composer);
  const events = new DraftEvents(composer);
  const persistence = new Persistence(composer);
  const suggestions = new Suggestions(composer);
  const sender = new Sender(composer);
  const shelf = new Shelf(composer);
  const transportErrors = new TransportErrors(composer);
  const editing = new Editing(composer);
  host.addController(editing); // edit and resend: Escape in edit mode
  host.addController(new ChipPress(composer)); // a long press on a chip (docs/accessibility.md, "Touch")
  const history = new PromptHistory(composer);
  const queue = new Queue(composer);
  const loads = new ChunkLoads(host);
  host.addController(new IdlePrefetch(loads, overlayChunk)); // the chip menu, likewise
  const redactions = new Redactions(composer);
  const budget = new Budget(composer);
  const previewPanel = new PreviewPanel(composer);
  const staleness = new Staleness(composer);
  // Lifecycle order: restore, view, uploads, the transport's errors, the registry's changes; the queue after uploads (it holds some).
  for (const controller of [persistence, model, uploads, transportErrors, chips, suggestions, sender, queue, budget]) {
    host.addController(controller);
  }
  // Who hears a change first: uploads start before `t3-context-add` tells the host.
  const observers = [uploads, chips, events, persistence, suggestions, history, redactions, budget, staleness];
  for (const observer of observers) model.observe(observer);
  bind(composer);
  return composer;
}
