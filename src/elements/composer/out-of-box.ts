// The composer's out-of-the-box parts (docs/composer.md, "Toolbar", "Dictation"; docs/errors.md,
// "In the composer"): the toolbar, dictation and the error notice, each given only what it needs
// of the composer. This file is the one place that knows both sides.
import type { ReactiveControllerHost } from "lit";
import type { ComposerErrorCode } from "../../transport/errors.js";
import { emit } from "../events.js";
import type { Composer } from "./composer.js";
import { retryAttachment } from "./activate.js";
import { Dictation } from "./dictation.js";
import { draftAttachments } from "./draft-attachments.js";
import { ErrorNotice } from "./error-notice.js";
import { attachFiles } from "./insert.js";
import { liveRecords } from "./draft-state.js";
import { browserSpeech, hasBrowserSpeech, type ComposerSpeech } from "./speech.js";
import { Toolbar } from "./toolbar.js";

/** What the parts need of the element beyond the composer. */
export interface OutOfBoxHost extends HTMLElement, ReactiveControllerHost {
  readonly busy: boolean;
  readonly canEdit: boolean;
  readonly accept: string | null;
  /** `undefined`: the browser's engine where there is one; `null`: no dictation. */
  readonly speech: ComposerSpeech | null | undefined;
}

export interface OutOfBox {
  readonly toolbar: Toolbar;
  readonly dictation: Dictation;
  readonly notice: ErrorNotice;
}

/** The language dictation listens for: the composer's `lang`, inherited, or the page's. */
function langOf(host: HTMLElement): string {
  return host.closest("[lang]")?.getAttribute("lang") ?? document.documentElement.lang ?? "";
}

export function createOutOfBox(host: OutOfBoxHost, composer: Composer): OutOfBox {
  const { model, sender, queue } = composer;
  let builtIn: ComposerSpeech | undefined;
  const speech = (): ComposerSpeech | null => {
    if (host.speech !== undefined) return host.speech;
    if (!hasBrowserSpeech()) return null;
    return (builtIn ??= browserSpeech(() => langOf(host)));
  };
  const dictation = new Dictation({
    host,
    view: () => model.view,
    state: () => model.state,
    edit: (tr) => model.edit(tr),
    canEdit: () => host.canEdit,
    speech,
    failed: (code, message, cause) => void emit(host, "t3-error", { code, message, cause }),
  });
  const toolbar = new Toolbar({
    host,
    localizer: () => composer.host.localizer,
    hasContent: () => hasContentQuickly(composer),
    sending: () => sender.sending,
    busy: () => host.busy,
    canEdit: () => host.canEdit,
    accept: () => host.accept,
    submit: () => void queue.submit(false).catch(() => {}), // a failure is reported by `t3-error`
    stop: () => {
      const sending = sender.sending;
      if (emit(host, "t3-stop", { sending }, { cancelable: true }) && sending) sender.stop();
    },
    attach: (files) => attachFiles(composer, files),
    canDictate: () => speech() !== null,
    listening: () => dictation.listening,
    toggleDictation: () => dictation.toggle(),
  });
  model.observe(toolbar);
  const notice = new ErrorNotice({
    host,
    localizer: () => composer.host.localizer,
    retry: (code) => retryOf(composer, code),
    focusEditor: () => model.view?.focus(),
  });
  return { toolbar, dictation, notice };
}

/**
 * Whether the draft holds something to send, as `hasContent` (message.ts) says, without reading
 * the whole text: the toolbar asks after every transaction, and a keystroke in a megabyte draft
 * must not pay for `textContent`. Attachments are records, so the live records cover them; the
 * walk stops at the first text that is not blank.
 */
function hasContentQuickly(composer: Composer): boolean {
  if (liveRecords(composer.model.draft).size > 0) return true;
  let found = false;
  composer.model.state.doc.descendants((node) => {
    if (!found && node.isText && /\S/.test(node.text ?? "")) found = true;
    return !found;
  });
  return found;
}

/**
 * What Retry does: a send of the draft again, under the same `clientMessageId` (send.ts keeps it
 * while the draft is unchanged), or the failed uploads again. Other errors have no Retry.
 */
function retryOf(composer: Composer, code: ComposerErrorCode): (() => void) | null {
  if (code === "send-failed") {
    // Only the draft's own failed send: a queued message's has its Retry in the queue.
    if (composer.sender.pendingMessageId === null) return null;
    return () => void composer.sender.send().catch(() => {}); // a failure is reported by `t3-error`
  }
  if (code === "upload-failed") {
    return () => {
      for (const attachment of draftAttachments(composer)) {
        const entry = attachment.status === "failed" ? composer.uploads.byLocalId(attachment.localId) : undefined;
        if (entry) retryAttachment(composer, entry);
      }
    };
  }
  return null;
}
