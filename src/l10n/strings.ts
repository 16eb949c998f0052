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
});

/** The keys, in table order. */
export const STRING_KEYS = Object.keys(englishStrings) as T3StringKey[];
