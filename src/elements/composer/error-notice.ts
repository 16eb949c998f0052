// The errors a person sees (docs/errors.md, "In the composer"): a failed send, upload or save, a
// denied microphone shows a notice inside the composer (part `error`, `role="alert"`), with Retry
// where trying again makes sense and a dismiss button. `t3-error` fires first and is cancelable:
// the notice shows only if no listener called `preventDefault()` (the host then shows the error
// itself). The notice never touches the draft.
import { html, nothing, type ReactiveController, type ReactiveControllerHost } from "lit";
import type { T3StringKey } from "../../l10n/strings.js";
import type { Localizer } from "../../l10n/localizer.js";
import type { ComposerErrorCode } from "../../transport/errors.js";
import type { ComposerErrorDetail } from "./events.js";

/** What the notice needs of the composer. */
export interface ErrorNoticeDeps {
  readonly host: HTMLElement & ReactiveControllerHost;
  localizer(): Localizer;
  /** What Retry does for an error of `code`, or `null`: no Retry for it (now). */
  retry(code: ComposerErrorCode): (() => void) | null;
  /** Gives the focus back to the editor (after dismissing). */
  focusEditor(): void;
}

/** The errors a notice shows, with their text; other codes are for the host alone. */
const NOTICE_TEXT: ReadonlyMap<string, T3StringKey> = new Map<ComposerErrorCode, T3StringKey>([
  ["send-failed", "errorSendFailed"],
  ["upload-failed", "errorUploadFailed"],
  ["attachment-unreachable", "errorAttachmentUnreachable"],
  ["storage-failed", "errorStorageFailed"],
  ["load-failed", "errorLoadFailed"],
  ["microphone-denied", "errorMicrophoneDenied"],
  ["dictation-failed", "errorDictationFailed"],
]);

interface Notice {
  readonly code: ComposerErrorCode;
  readonly retry: (() => void) | null;
}

export class ErrorNotice implements ReactiveController {
  readonly #deps: ErrorNoticeDeps;
  #notice: Notice | null = null;

  constructor(deps: ErrorNoticeDeps) {
    this.#deps = deps;
    deps.host.addController(this);
  }

  /** The code of the error shown, or `null`. */
  get shown(): ComposerErrorCode | null {
    return this.#notice?.code ?? null;
  }

  hostConnected(): void {
    this.#deps.host.addEventListener("t3-error", this.#heard);
    this.#deps.host.addEventListener("t3-sent", this.#sent);
  }

  hostDisconnected(): void {
    this.#deps.host.removeEventListener("t3-error", this.#heard);
    this.#deps.host.removeEventListener("t3-sent", this.#sent);
  }

  // The host's own listener runs before the page's (which listen on it or above it), so it
  // decides after the dispatch: a microtask queued now runs once `dispatchEvent` has returned.
  readonly #heard = (event: CustomEvent<ComposerErrorDetail>): void => {
    const { code } = event.detail;
    if (!NOTICE_TEXT.has(code)) return;
    queueMicrotask(() => {
      if (!event.defaultPrevented) this.show(code);
    });
  };

  /** A send went through: a notice about a failed send is out of date. */
  readonly #sent = (): void => {
    if (this.#notice?.code === "send-failed") this.dismiss(false);
  };

  /** Shows the notice of `code` (replacing the one shown). */
  show(code: ComposerErrorCode): void {
    this.#notice = { code, retry: this.#deps.retry(code) };
    this.#deps.host.requestUpdate();
  }

  dismiss(refocus: boolean): void {
    if (!this.#notice) return;
    this.#notice = null;
    this.#deps.host.requestUpdate();
    if (refocus) this.#deps.focusEditor();
  }

  #retry(retry: () => void): void {
    this.dismiss(true);
    retry();
  }

  render() {
    const notice = this.#notice;
    if (!notice) return nothing;
    const strings = this.#deps.localizer();
    const { retry } = notice;
    return html`<div class="error" part="error" role="alert">
      <span class="error-text">${strings.text(NOTICE_TEXT.get(notice.code)!)}</span>
      ${retry ? html`<button type="button" part="retry-button" @click=${() => this.#retry(retry)}>${strings.text("errorRetry")}</button>` : nothing}
      <button type="button" part="dismiss-button" aria-label=${strings.text("errorDismiss")} title=${strings.text("errorDismiss")} @click=${() => this.dismiss(true)}>
        <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true"><path d="M3 3l10 10M13 3L3 13" stroke="currentColor" stroke-width="2"></path></svg>
      </button>
    </div>`;
  }
}
