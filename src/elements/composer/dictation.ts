// Dictation (docs/composer.md, "Dictation"): a session of the speech engine at a time. Interim
// text shows at the caret as a pending run, a widget decoration that is not in the document (so
// not in `value`); final text becomes ordinary text at the caret in one transaction, an undo step
// of its own, and chips around it stay as they are. A second click or Escape stops listening; a
// failure is reported through `failed`, which shows it (error-notice.ts).
import type { ReactiveController, ReactiveControllerHost } from "lit";
import type { EditorState, Transaction } from "prosemirror-state";
import { TextSelection } from "prosemirror-state";
import { Decoration, DecorationSet, type EditorView } from "prosemirror-view";
import type { ComposerErrorCode } from "../../transport/errors.js";
import type { ComposerSpeech } from "./speech.js";

/** What dictation needs of the composer. */
export interface DictationDeps {
  readonly host: HTMLElement & ReactiveControllerHost;
  view(): EditorView | null;
  state(): EditorState;
  /** Applies `tr` as one undo step of its own (draft.ts, `edit`). */
  edit(tr: Transaction): void;
  canEdit(): boolean;
  /** The engine in use, or `null`: no dictation. */
  speech(): ComposerSpeech | null;
  /** Reports a failure (`t3-error`, then the notice). */
  failed(code: ComposerErrorCode, message: string, cause: unknown): void;
}

/** The class of the pending run; its part is `dictation-interim`. */
const INTERIM_CLASS = "t3-interim";

/** Error names that mean the microphone (or the recognizer's service) was refused. */
const DENIED_NAMES = new Set(["NotAllowedError", "PermissionDeniedError", "SecurityError"]);

interface Session {
  readonly controller: AbortController;
  /** Set when the element is removed: what the engine still yields goes nowhere. */
  discarded: boolean;
}

export class Dictation implements ReactiveController {
  readonly #deps: DictationDeps;
  #session: Session | null = null;
  #interim = "";
  /** Final text heard while the editor could not take it (a send ran): inserted once it can. */
  #held = "";

  constructor(deps: DictationDeps) {
    this.#deps = deps;
    deps.host.addController(this);
  }

  /** Whether it listens now (the Dictate button is pressed). */
  get listening(): boolean {
    return this.#session !== null && !this.#session.controller.signal.aborted;
  }

  /** Whether a session runs, listening or finishing (transcribing what was recorded). */
  get active(): boolean {
    return this.#session !== null;
  }

  hostConnected(): void {
    this.#deps.host.addEventListener("keydown", this.#onKey, true);
  }

  hostDisconnected(): void {
    this.#deps.host.removeEventListener("keydown", this.#onKey, true);
    if (this.#session) this.#session.discarded = true;
    this.#session?.controller.abort();
    this.#session = null;
    this.#interim = "";
    this.#held = "";
  }

  /** After each update: held text goes in once the editor takes it again (a send ended). */
  hostUpdated(): void {
    if (this.#held === "") return;
    this.#flush();
    if (this.#held === "") this.#deps.view()?.setProps({});
  }

  /** Dictate was clicked: starts listening, or stops. A session that is finishing is left to finish. */
  toggle(): void {
    if (this.listening) this.stop();
    else if (!this.#session) this.#start();
  }

  /** Stops listening; what the engine still yields is inserted. */
  stop(): void {
    this.#session?.controller.abort();
    this.#deps.host.requestUpdate();
  }

  // Escape while listening stops dictation and nothing else (not an edit, not the suggestions):
  // a capture listener on the host runs before the editor's own.
  readonly #onKey = (event: KeyboardEvent): void => {
    if (event.key !== "Escape" || !this.listening) return;
    event.preventDefault();
    event.stopPropagation();
    this.stop();
  };

  #start(): void {
    const speech = this.#deps.speech();
    if (!speech) return;
    const session: Session = { controller: new AbortController(), discarded: false };
    this.#session = session;
    this.#deps.view()?.setProps({ decorations: (state) => this.#decorations(state) });
    this.#deps.host.requestUpdate();
    void this.#run(speech, session);
  }

  async #run(speech: ComposerSpeech, session: Session): Promise<void> {
    try {
      for await (const piece of speech.start(session.controller.signal)) {
        if (session.discarded) break;
        if (piece.final) this.#final(String(piece.text));
        else this.#show(String(piece.text));
      }
    } catch (error) {
      if (!session.discarded) this.#fail(error);
    } finally {
      if (this.#session === session) {
        this.#session = null;
        this.#flush();
        this.#show("");
        this.#deps.host.requestUpdate();
      }
    }
  }

  #fail(error: unknown): void {
    const denied = error instanceof Error && DENIED_NAMES.has(error.name);
    const code = denied ? "microphone-denied" : "dictation-failed";
    const message = denied ? "The microphone was not allowed." : `Dictation failed: ${error instanceof Error ? error.message : String(error)}`;
    this.#deps.failed(code, message, error);
  }

  /** Shows `text` as the pending run (`""`: none). */
  #show(text: string): void {
    this.#interim = text;
    this.#deps.view()?.setProps({});
  }

  #final(text: string): void {
    this.#held += (this.#held && !/^\s/.test(text) ? " " : "") + text;
    this.#interim = "";
    this.#flush();
    this.#deps.view()?.setProps({});
  }

  /** Inserts the held final text at the caret, if the editor takes it now. */
  #flush(): void {
    const text = this.#held.trim();
    if (text === "" || !this.#deps.canEdit()) return;
    this.#held = "";
    const state = this.#deps.state();
    const at = state.selection.head;
    const before = state.selection.$head.nodeBefore;
    // Dictated text is separated from what is before it (a word, a chip) by one space.
    const spaced = before && !(before.isText && /\s$/.test(before.text ?? "")) ? " " + text : text;
    const tr = state.tr.insertText(spaced, at);
    this.#deps.edit(tr.setSelection(TextSelection.create(tr.doc, at + spaced.length)));
  }

  #decorations(state: EditorState): DecorationSet | null {
    const text = this.#interim || (this.#deps.canEdit() ? "" : this.#held);
    if (text === "") return null;
    const widget = () => {
      const span = document.createElement("span");
      span.className = INTERIM_CLASS;
      span.setAttribute("part", "dictation-interim");
      span.textContent = text;
      return span;
    };
    return DecorationSet.create(state.doc, [Decoration.widget(state.selection.head, widget, { side: 1, key: `interim:${text}`, ignoreSelection: true })]);
  }
}
