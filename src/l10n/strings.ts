// The string table: every text the elements show or announce, by key (docs/localization.md lists
// them). A value is a template whose `{name}` placeholders are filled from the call's parameters,
// or a plural message whose form is chosen by `Intl.PluralRules` on the `count` parameter.

/** A plural message: one template per plural category the language uses; `other` is required. */
export type PluralMessage = { readonly [category in Exclude<Intl.LDMLPluralRule, "other">]?: string } & { readonly other: string };

/** A template (`"Remove {name}"`) or a plural message chosen by its `count` parameter. */
export type Message = string | PluralMessage;

/** Every key of the table. */
export interface T3Strings {
  /** The editor's accessible name, unless the composer has an `aria-label`. */
  editorLabel: string;
  /** The name of the `@` / `$` suggestion listbox. */
  suggestions: string;
  /** Announced when a chip joins the draft. `{name}`: the chip's accessible name. */
  chipInserted: string;
  /** Announced when a chip leaves the draft. `{name}`: the chip's accessible name. */
  chipRemoved: string;
  /** Announced when an upload fails. `{name}`: the file's name. */
  uploadFailedAnnouncement: string;
  /** A chip's suffix while it uploads. `{percent}`: the progress, locale-formatted. */
  uploadProgress: string;
  /** A chip's suffix once its upload failed. */
  uploadFailed: string;
  /** The tooltip and description of a chip whose upload failed. */
  uploadRetryHint: string;
  /** The name of the image shelf. */
  attachedImages: string;
  /** A thumbnail's progress bar. `{name}`: the image's name. */
  uploadingFile: string;
  /** A thumbnail's retry button. `{name}`: the image's name. */
  retryUpload: string;
  /** A thumbnail's remove button. `{name}`: the image's name. */
  removeFile: string;
  /** The confirm dialog's question. `{name}`: the image's name, `{count}`: its chips. */
  confirmRemoveImage: Message;
  /** The confirm dialog's cancel button. */
  cancel: string;
  /** The confirm dialog's remove button. */
  remove: string;
  /** An unresolved chip's accessible name. `{label}`: its label. */
  unavailableContext: string;
  /** Why an unresolved chip is unavailable, in the composer (its tooltip and description). */
  unavailableComposer: string;
  /** Why an unresolved chip is unavailable, in the transcript (its tooltip and hover card). */
  unavailableTranscript: string;
  /** The name of a details popover whose chip has none. */
  details: string;
  /** The name of the transcript's message log. */
  conversation: string;
  /** A message's name: `{speaker}` is one of the role names below. */
  messageFrom: string;
  /** The role names. */
  roleUser: string;
  roleAssistant: string;
  roleSystem: string;
  /** Announced when a streamed reply finishes. `{speaker}`: its role name. */
  replyFinished: string;
  /** A message's copy button. */
  copyMessage: string;
  /** A code block's Copy button. */
  copyCode: string;
  /** Announced when a code block's code was copied. */
  codeCopied: string;
  /** A gallery thumbnail. `{name}`: the image's name. */
  openImage: string;
  /** A file of a message's file row. `{name}`: the file's name. */
  openFile: string;
  /** A name followed by a detail: a chip's size, upload progress or failure; a file's size. */
  nameAndDetail: string;
  /** The media modal's buttons. */
  previous: string;
  next: string;
  close: string;
  /** The media modal's position. `{index}` and `{count}` are locale-formatted numbers. */
  mediaPosition: string;
  /** Sizes, by unit. `{size}`: the locale-formatted number. */
  sizeBytes: string;
  sizeKilobytes: string;
  sizeMegabytes: string;
  sizeGigabytes: string;
  sizeTerabytes: string;
  // The token budget (docs/budget.md).
  /** The budget meter's accessible name. */
  budgetLabel: string;
  /** The meter's text and value text. `{tokens}`, `{budget}`: locale-formatted numbers. */
  budgetValue: string;
  /** Shown and announced past the budget (`budget-mode="warn"`). `{excess}`: tokens over. */
  budgetOver: string;
  /** The same with `budget-mode="block"`. `{excess}`: tokens over. */
  budgetOverBlocking: string;
  /** Announced when Enter or `send()` is refused over the budget. `{excess}`: tokens over. */
  budgetRefused: string;
  /** A chip's share, in its tooltip and description. `{tokens}`: its tokens; `{percent}`: of the budget. */
  budgetChipShare: string;
  // A send that is being retried (docs/composer.md, "Sending").
  /** Shown, and announced once, while the transport tries a send again. `{attempt}`: the attempt's number. */
  sendRetrying: string;
  // A view that loads when it is first opened (docs/performance.md, "What the drop-ins load later").
  /** Shown, as a status, while the view loads. */
  viewLoading: string;
  /** Shown, as an alert, when the view could not be loaded. */
  viewLoadFailed: string;
  /** The button that loads the view again. */
  viewRetry: string;
  // The preview of what the model gets, and stale context (docs/preview-and-stale.md).
  /** The preview panel's title. */
  previewTitle: string;
  /** A stale chip's badge and the detail of its accessible name. */
  contextStale: string;
  /** A gone chip's badge and the detail of its accessible name. */
  contextGone: string;
  /** A stale chip's tooltip and description. */
  contextStaleHint: string;
  /** A gone chip's tooltip and description. */
  contextGoneHint: string;
  /** Announced when a send stops at context that changed. `{names}`: the chips, `{count}`: how many. */
  staleAtSend: Message;
  /** The question a send asks about context that is gone. `{names}`: the chips, `{count}`: how many. */
  confirmGone: Message;
  /** Its button that sends the gone context as it was. */
  keep: string;
  // Edit and resend (docs/transcript.md and docs/composer.md, "Edit and resend").
  /** A user message's Edit button in a transcript with `editable`. */
  editMessage: string;
  /** The mark of a message that is a new version of another. */
  edited: string;
  /** The composer's edit bar. `{preview}`: the first words of the message being edited. */
  editingMessage: string;
  /** The edit bar's cancel button. */
  cancelEdit: string;
  // Queued follow-ups (docs/composer.md, "Queued follow-ups").
  /** The name of the list of queued messages. */
  queueLabel: string;
  /** A queued message's status while its send runs. */
  queueSending: string;
  /** A queued message's status once its send failed. `{error}`: the failure's message. */
  queueFailed: string;
  /** The actions of a queued message. */
  queueRetry: string;
  queueEdit: string;
  queueMoveUp: string;
  queueMoveDown: string;
  queueRemove: string;
  /** Announced when the draft is queued. `{position}`, `{count}`: locale-formatted numbers. */
  queueAddedAnnouncement: string;
  /** Announced when a queued message moves. `{position}`, `{count}`: locale-formatted numbers. */
  queueMovedAnnouncement: string;
  /** Announced when a queued message is removed. */
  queueRemovedAnnouncement: string;
  // Secrets (docs/secrets.md): the redactor's chip suffix, hint, reveal menu and announcements.
  /** A chip's suffix when the redactor hid secrets in its record. `{count}`: how many. */
  secretsHidden: Message;
  /** The tooltip and description of a chip whose secrets can be revealed. */
  secretsRevealHint: string;
  /** The reveal menu's question. `{count}`: how many were hidden. */
  revealQuestion: Message;
  /** The reveal menu's button (its other button is `cancel`). */
  reveal: string;
  /** Announced when captured text entered with secrets hidden (after what the insertion says). */
  secretsHiddenAnnouncement: Message;
  /** Announced after Reveal. */
  secretsRevealed: Message;
  // Large pastes (docs/composer.md, "Large pastes"): the pasted block's card and the announcements.
  /** A pasted block's card and accessible name. `{count}`: its references, `{size}`: its size (`sizeMegabytes`…). */
  pastedBlock: Message;
  /** The card's button that turns the block into chips. */
  pastedExpand: string;
  /** Its tooltip and description. */
  pastedExpandHint: string;
  /** Announced instead of one `chipInserted` per chip when many join at once. `{count}`: how many contexts. */
  chipsInserted: Message;
  /** Announced instead of one `chipRemoved` per chip when many leave at once. */
  chipsRemoved: Message;
  // Long press on a chip (docs/accessibility.md, "Touch").
  /** The Copy button of the menu a long press on a chip opens. */
  copyChip: string;
  // The toolbar (docs/composer.md, "Toolbar"): its buttons' accessible names.
  /** The Send button. */
  send: string;
  /** The Send button while it stops (a send runs, or the host is busy and the draft empty). */
  stop: string;
  /** The Attach button. */
  attachFiles: string;
  /** The Dictate button (`aria-pressed` while it listens). */
  dictate: string;
  // The error notice (docs/errors.md, "In the composer").
  /** A send failed (`send-failed`). */
  errorSendFailed: string;
  /** An upload failed (`upload-failed`). */
  errorUploadFailed: string;
  /** A pasted attachment's source could not be reached (`attachment-unreachable`). */
  errorAttachmentUnreachable: string;
  /** The draft, history or queue could not be saved (`storage-failed`). */
  errorStorageFailed: string;
  /** A part of the composer could not be loaded (`load-failed`). */
  errorLoadFailed: string;
  /** Dictation was refused the microphone (`microphone-denied`). */
  errorMicrophoneDenied: string;
  /** Dictation failed otherwise (`dictation-failed`). */
  errorDictationFailed: string;
  /** The notice's Retry button. */
  errorRetry: string;
  /** The notice's dismiss button. */
  errorDismiss: string;
}

/** A key of the table. */
export type T3StringKey = keyof T3Strings;

/** The bundled English table: every key, and the fallback of every other table. */
export const englishStrings: Readonly<T3Strings> = Object.freeze({
  editorLabel: "Message",
  suggestions: "Suggestions",
  chipInserted: "Inserted {name}.",
  chipRemoved: "Removed {name}.",
  uploadFailedAnnouncement: "Uploading {name} failed.",
  uploadProgress: "{percent}",
  uploadFailed: "upload failed",
  uploadRetryHint: "Upload failed. Click the chip (or select it and press Enter) to try again.",
  attachedImages: "Attached images",
  uploadingFile: "Uploading {name}",
  retryUpload: "Retry uploading {name}",
  removeFile: "Remove {name}",
  confirmRemoveImage: {
    one: "Remove “{name}”? The message refers to it once; that reference goes too.",
    other: "Remove “{name}”? The message refers to it {count} times; those references go too.",
  },
  cancel: "Cancel",
  remove: "Remove",
  unavailableContext: "Unavailable context, {label}",
  unavailableComposer: "This context is no longer available. Remove it or attach it again.",
  unavailableTranscript: "This context is no longer available.",
  details: "Details",
  conversation: "Conversation",
  messageFrom: "{speaker}",
  roleUser: "You",
  roleAssistant: "Assistant",
  roleSystem: "System",
  replyFinished: "{speaker} replied.",
  copyMessage: "Copy message",
  copyCode: "Copy code",
  codeCopied: "Copied",
  openImage: "Open image {name}",
  openFile: "File {name}",
  nameAndDetail: "{name}, {detail}",
  previous: "Previous",
  next: "Next",
  close: "Close",
  mediaPosition: "{index} / {count}",
  sizeBytes: "{size} B",
  sizeKilobytes: "{size} KB",
  sizeMegabytes: "{size} MB",
  sizeGigabytes: "{size} GB",
  sizeTerabytes: "{size} TB",
  // The token budget (docs/budget.md).
  budgetLabel: "Token budget",
  budgetValue: "{tokens} / {budget} tokens",
  budgetOver: "Over the budget by {excess} tokens.",
  budgetOverBlocking: "Over the budget by {excess} tokens: remove some context to send.",
  budgetRefused: "Not sent: the message is {excess} tokens over the budget.",
  budgetChipShare: "About {tokens} tokens, {percent} of the budget",
  sendRetrying: "Still trying to send (attempt {attempt})…",
  viewLoading: "Loading…",
  viewLoadFailed: "This could not be loaded.",
  viewRetry: "Try again",
  // The preview of what the model gets, and stale context (docs/preview-and-stale.md).
  previewTitle: "What the model gets",
  contextStale: "changed",
  contextGone: "unavailable",
  contextStaleHint: "Changed since it was added. Click it (or select it and press Enter) to refresh it.",
  contextGoneHint: "No longer available.",
  staleAtSend: { one: "{names} changed. Refresh it, or send again as it is.", other: "{names} changed. Refresh them, or send again as they are." },
  confirmGone: { one: "{names} is no longer available. Remove it or keep it?", other: "{names} are no longer available. Remove them or keep them?" },
  keep: "Keep",
  // Edit and resend.
  editMessage: "Edit message",
  edited: "edited",
  editingMessage: "Editing: {preview}",
  cancelEdit: "Cancel edit",
  // Queued follow-ups.
  queueLabel: "Queued messages",
  queueSending: "Sending…",
  queueFailed: "Not sent: {error}",
  queueRetry: "Retry",
  queueEdit: "Edit",
  queueMoveUp: "Move up",
  queueMoveDown: "Move down",
  queueRemove: "Remove",
  queueAddedAnnouncement: "Queued, {position} of {count}.",
  queueMovedAnnouncement: "Moved to {position} of {count}.",
  queueRemovedAnnouncement: "Removed from the queue.",
  // Secrets (docs/secrets.md).
  secretsHidden: { one: "1 secret hidden", other: "{count} secrets hidden" },
  secretsRevealHint: "Secrets were hidden. Click the chip (or select it and press Enter) to reveal them.",
  revealQuestion: {
    one: "Reveal the hidden secret? It will be sent as it was captured.",
    other: "Reveal the {count} hidden secrets? They will be sent as they were captured.",
  },
  reveal: "Reveal",
  secretsHiddenAnnouncement: { one: "Hid 1 secret.", other: "Hid {count} secrets." },
  secretsRevealed: { one: "Revealed 1 secret.", other: "Revealed {count} secrets." },
  // Large pastes (docs/composer.md, "Large pastes").
  pastedBlock: { one: "Pasted 1 reference · {size}", other: "Pasted {count} references · {size}" },
  pastedExpand: "Expand",
  pastedExpandHint: "Show every reference as a chip. With thousands of them this takes a while, and the page may be slow until it is done.",
  chipsInserted: { one: "Inserted 1 context.", other: "Inserted {count} contexts." },
  chipsRemoved: { one: "Removed 1 context.", other: "Removed {count} contexts." },
  // Long press on a chip.
  copyChip: "Copy",
  // The toolbar.
  send: "Send",
  stop: "Stop",
  attachFiles: "Attach files",
  dictate: "Dictate",
  // The error notice.
  errorSendFailed: "The message could not be sent. It is still here.",
  errorUploadFailed: "A file could not be uploaded.",
  errorAttachmentUnreachable: "A pasted attachment could not be fetched.",
  errorStorageFailed: "The draft could not be saved on this device.",
  errorLoadFailed: "A part of the composer could not be loaded. Check the connection.",
  errorMicrophoneDenied: "Dictation needs the microphone. Allow it in the browser's settings for this site.",
  errorDictationFailed: "Dictation stopped because of an error.",
  errorRetry: "Retry",
  errorDismiss: "Dismiss",
});

/** The keys, in table order. */
export const STRING_KEYS = Object.keys(englishStrings) as T3StringKey[];
