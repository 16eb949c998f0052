// The built-in toolbar under the editor (docs/composer.md, "Toolbar"): Attach, Dictate, the
// host's slots and Send, which turns into Stop while a send runs, or while the host is busy and
// the draft is empty. Every button is a real <button> in the tab order, named from the strings.
// The toolbar keeps whether the draft is empty (the Send button's state) and redraws only when
// that changes, not on every keystroke.
import { html, nothing, svg, type ReactiveControllerHost, type SVGTemplateResult } from "lit";
import type { Localizer } from "../../l10n/localizer.js";
import type { DraftChange, DraftObserver } from "./draft.js";

/** What the toolbar needs of the composer. */
export interface ToolbarDeps {
  readonly host: HTMLElement & ReactiveControllerHost;
  localizer(): Localizer;
  /** Whether the draft holds something to send (text, a chip, an attachment). */
  hasContent(): boolean;
  sending(): boolean;
  busy(): boolean;
  canEdit(): boolean;
  /** The `accept` attribute of the file picker; `null`: any file. */
  accept(): string | null;
  /** Sends or queues the draft, as Enter does. */
  submit(): void;
  /** Stop was pressed: `t3-stop`, and unless canceled, the running send aborted. */
  stop(): void;
  attach(files: File[]): void;
  /** Whether a speech engine is there (the Dictate button shows). */
  canDictate(): boolean;
  listening(): boolean;
  toggleDictation(): void;
}

// The icons: 16×16 strokes in the text colour, hidden from assistive technology (the button is named).
// Their shapes are `svg` templates: in an `html` one, lit would make them HTML elements, which draw nothing.
const icon = (path: SVGTemplateResult) => html`<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round">${path}</svg>`;
const ICON_ATTACH = icon(svg`<path d="M13.5 7.5l-5.8 5.8a3.5 3.5 0 01-5-5L8.6 2.4a2.3 2.3 0 013.3 3.3L6 11.6a1.2 1.2 0 01-1.7-1.7l5.4-5.4"></path>`);
const ICON_MIC = icon(svg`<rect x="5.5" y="1.5" width="5" height="8" rx="2.5"></rect><path d="M3 7.5a5 5 0 0010 0M8 12.5v2"></path>`);
const ICON_SEND = icon(svg`<path d="M8 13V3M3.5 7.5L8 3l4.5 4.5"></path>`);
const ICON_STOP = html`<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><rect x="4" y="4" width="8" height="8" rx="1" fill="currentColor"></rect></svg>`;

export class Toolbar implements DraftObserver {
  readonly #deps: ToolbarDeps;
  #empty = true;

  constructor(deps: ToolbarDeps) {
    this.#deps = deps;
  }

  draftChanged(_change: DraftChange): void {
    const empty = !this.#deps.hasContent();
    if (empty === this.#empty) return;
    this.#empty = empty;
    this.#deps.host.requestUpdate();
  }

  /** Whether the button is Stop now. */
  get stopping(): boolean {
    return this.#deps.sending() || (this.#deps.busy() && this.#empty);
  }

  /** Reads the draft again before a render (the draft may have been set before the toolbar heard it). */
  sync(): void {
    this.#empty = !this.#deps.hasContent();
  }

  /** The row's own controls before the host's `toolbar-end` slot content: Attach and Dictate. */
  renderStart() {
    const deps = this.#deps;
    const strings = deps.localizer();
    const disabled = !deps.canEdit();
    const attach = strings.text("attachFiles");
    const dictate = strings.text("dictate");
    return html`<button type="button" class="tool" part="attach-button" aria-label=${attach} title=${attach} ?disabled=${disabled}
        @click=${(event: Event) => this.#pick(event)}>${ICON_ATTACH}</button>
      <input type="file" class="picker" multiple accept=${deps.accept() ?? nothing} tabindex="-1" aria-hidden="true" hidden
        @change=${(event: Event) => this.#picked(event.target as HTMLInputElement)} />
      ${deps.canDictate()
        ? html`<button type="button" class="tool" part="dictate-button" aria-label=${dictate} title=${dictate} aria-pressed=${deps.listening() ? "true" : "false"}
            ?disabled=${disabled && !deps.listening()} @click=${() => deps.toggleDictation()}>${ICON_MIC}</button>`
        : nothing}`;
  }

  /** Send, or Stop. */
  renderSend() {
    const deps = this.#deps;
    const strings = deps.localizer();
    if (this.stopping) {
      const stop = strings.text("stop");
      return html`<button type="button" class="tool send" part="send-button stop-button" aria-label=${stop} title=${stop} @click=${() => deps.stop()}>${ICON_STOP}</button>`;
    }
    const send = strings.text("send");
    const disabled = this.#empty || !deps.canEdit();
    return html`<button type="button" class="tool send" part="send-button" aria-label=${send} title=${send} ?disabled=${disabled} @click=${() => deps.submit()}>${ICON_SEND}</button>`;
  }

  #pick(event: Event): void {
    const input = (event.currentTarget as HTMLElement).parentNode?.querySelector<HTMLInputElement>("input.picker");
    input?.click();
  }

  #picked(input: HTMLInputElement): void {
    const files = [...(input.files ?? [])];
    input.value = ""; // the same file can be picked again
    if (files.length > 0) this.#deps.attach(files);
  }
}
