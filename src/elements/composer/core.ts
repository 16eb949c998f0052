// The composer's state, shared by the element (a thin front) and the free functions that do the
// work (house style: behaviour in functions that take the object first). This module also wires
// the editor's callbacks to those functions.
import type { EditorState, Plugin } from "prosemirror-state";
import type { EditorView } from "prosemirror-view";
import { composerPlugins, createComposerState } from "../../editor/create.js";
import { ReferenceCounts } from "../../editor/references.js";
import { docFromText } from "../../editor/text.js";
import type { Localizer } from "../../l10n/localizer.js";
import type { ChipRegistry } from "../../presentation/types.js";
import type { ComposerTransport, SentMessage } from "../../transport/types.js";
import { ImportStore } from "./attachment-import.js";
import { AttachmentStore } from "./attachments.js";
import { ChipIndex, drawChip } from "./chips.js";
import { activateChip } from "./activate.js";
import { copySlice } from "./copy.js";
import { dropTransfer, pasteClipboard } from "./paste-import.js";
import { RecordStore } from "./records.js";
import { send } from "./send.js";
import { suggestionKey, type SuggestionList } from "./suggestions.js";

/** What the functions need from the element. */
export interface ComposerHost extends HTMLElement {
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
  requestUpdate(): void;
}

export interface ComposerCore {
  readonly host: ComposerHost;
  readonly internals: ElementInternals | null;
  /** The editable ProseMirror draws into; the same element for the element's whole life. */
  readonly mount: HTMLElement;
  readonly plugins: readonly Plugin[];
  readonly records: RecordStore;
  readonly attachments: AttachmentStore;
  /** Pasted images and files whose bytes are being fetched. */
  readonly imports: ImportStore;
  readonly chips: ChipIndex;
  state: EditorState;
  counts: ReferenceCounts;
  /** Present while the element is connected. */
  view: EditorView | null;
  connected: boolean;
  suggestions: SuggestionList | null;
  /** Counts edits by a person or the host (not upload progress): a send's id lives as long as it. */
  editVersion: number;
  /** The `clientMessageId` of the last send, with the edit it was made for. */
  messageId: { id: string; version: number } | null;
  sending: Promise<SentMessage | undefined> | null;
  sendController: AbortController | null;
  formDisabled: boolean;
  /** The draft key whose saved draft this one is (restored from, or saved to). */
  loadedKey: string | null;
  /** Cancels the pending save (settle.ts), when one is scheduled. */
  cancelSettle: (() => void) | null;
  /** Characters the last save (or form value) wrote: how soon the next one may run (settle.ts). */
  settledChars: number;
  /** The image whose removal waits for a person's confirmation. */
  confirming: string | null;
  announcement: string;
  /** Undoes what `connect` did beyond the view. */
  teardown: (() => void) | null;
  /** Stops re-dispatching the transport's errors (transport-errors.ts); set while connected to one with a channel. */
  unlistenTransport: (() => void) | null;
}

/**
 * The editor's plugins, reaching the core weakly. ProseMirror keeps the last state it saw in
 * module caches (prosemirror-history the plugin list, prosemirror-view the state `endOfTextblock`
 * measured), so a strong reference from a plugin would keep the last composer removed from the
 * page alive, with the bytes of its attachments, until another editor runs. This is a function of
 * its own because closures share their function's scope: made in `createCore`, whose other
 * closures hold `core`, they would hold it too. None of the callbacks runs before `bind`, or after
 * the element is gone.
 */
function weaklyBoundPlugins(): { plugins: Plugin[]; bind(core: ComposerCore): void } {
  let weak: WeakRef<ComposerCore> | undefined;
  const live = () => weak?.deref();
  const plugins = composerPlugins({
    submit: () => {
      const core = live();
      if (core) void send(core).catch(() => {}); // a failure is reported by `t3-error`
    },
    activateChip: (_view, pos) => {
      const core = live();
      if (core) activateChip(core, pos);
    },
    suggestionKey: (_view, event) => {
      const core = live();
      return core ? suggestionKey(core, event) : false;
    },
    placeholder: () => live()?.host.placeholder ?? "",
    copy: (_view, data, slice) => {
      const core = live();
      if (core) copySlice(core, data, slice);
    },
    paste: (_view, data, plain) => {
      const core = live();
      return core ? pasteClipboard(core, data, plain) : false;
    },
    drop: (_view, data, pos) => {
      const core = live();
      return core ? dropTransfer(core, data, pos) : false;
    },
  });
  return { plugins, bind: (core) => void (weak = new WeakRef(core)) };
}

/** A composer with an empty draft. */
export function createCore(host: ComposerHost, internals: ElementInternals | null): ComposerCore {
  const mount = document.createElement("div");
  mount.setAttribute("part", "editor");
  mount.className = "editor";
  const doc = docFromText("");
  const { plugins, bind } = weaklyBoundPlugins();
  const core: ComposerCore = {
    host,
    internals,
    mount,
    plugins,
    records: new RecordStore(),
    attachments: new AttachmentStore(),
    imports: new ImportStore(),
    chips: new ChipIndex((dom, attrs) => drawChip(core, dom, attrs)),
    state: createComposerState(doc, plugins),
    counts: ReferenceCounts.of(doc),
    view: null,
    connected: false,
    suggestions: null,
    editVersion: 0,
    messageId: null,
    sending: null,
    sendController: null,
    formDisabled: false,
    loadedKey: null,
    cancelSettle: null,
    settledChars: 0,
    confirming: null,
    announcement: "",
    teardown: null,
    unlistenTransport: null,
  };
  bind(core);
  return core;
}
