// The composer's state, shared by the element (a thin front) and the free functions that do the
// work (house style: behaviour in functions that take the object first). This module also wires
// the editor's callbacks to those functions.
import type { EditorState, Plugin } from "prosemirror-state";
import type { EditorView } from "prosemirror-view";
import { composerPlugins, createComposerState } from "../../editor/create.js";
import { ReferenceCounts } from "../../editor/references.js";
import { docFromText } from "../../editor/text.js";
import type { ChipRegistry } from "../../presentation/types.js";
import type { ComposerTransport, SentMessage } from "../../transport/types.js";
import { ImportStore } from "./attachment-import.js";
import { AttachmentStore } from "./attachments.js";
import { ChipIndex, drawChip } from "./chips.js";
import { activateChip } from "./activate.js";
import { copySlice } from "./copy.js";
import { pasteClipboard } from "./paste-import.js";
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
  /** The image whose removal waits for a person's confirmation. */
  confirming: string | null;
  announcement: string;
  /** Undoes what `connect` did beyond the view. */
  teardown: (() => void) | null;
}

/** A composer with an empty draft. */
export function createCore(host: ComposerHost, internals: ElementInternals | null): ComposerCore {
  const mount = document.createElement("div");
  mount.setAttribute("part", "editor");
  mount.className = "editor";
  const doc = docFromText("");
  // The callbacks close over `core`; none of them runs before it exists.
  const plugins = composerPlugins({
    submit: () => void send(core).catch(() => {}), // a failure is reported by `t3-error`
    activateChip: (_view, pos) => activateChip(core, pos),
    suggestionKey: (_view, event) => suggestionKey(core, event),
    placeholder: () => host.placeholder,
    copy: (_view, data, slice) => copySlice(core, data, slice),
    paste: (_view, data, plain) => pasteClipboard(core, data, plain),
  });
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
    confirming: null,
    announcement: "",
    teardown: null,
  };
  return core;
}
