// Edit and resend in the transcript (docs/transcript.md, "Edit and resend"): the Edit button of
// the person's own messages, the "edited" mark of a message that replaced an earlier version,
// and what activating Edit does. The transcript only offers the action; the message goes back
// into a composer through `composer.edit(message)`, which the host calls (or the transcript, when
// the host gave it its `composer`).
import { maskIcon } from "../../presentation/chip-dom.js";
import { emit } from "../events.js";
import type { TranscriptMessage } from "./types.js";

/** The class of a message's Edit button, by which a click finds it. */
export const EDIT_BUTTON_CLASS = "edit-button";
const EDITED_CLASS = "edited";

/**
 * What Edit loads a message into: a `<t3-composer>`, or anything with its `edit(message)`. A
 * transcript reads its transport's `capabilities.edit` to know whether to offer the action.
 */
export interface EditTarget {
  /** Loads the message to edit it, as `composer.edit(message)` does. */
  edit(message: TranscriptMessage): void;
  /** Called after `edit`, so that the person can type at once. */
  focus?(): void;
  /** Its transport; `capabilities.edit === false` means no Edit action. */
  readonly transport?: { readonly capabilities?: { readonly edit?: boolean } } | undefined;
}

/** Whether `message` gets an Edit action: the person's own message, once the host stored it. */
export function offersEdit(message: TranscriptMessage, editable: boolean): boolean {
  return editable && message.role === "user" && !message.pending;
}

/** Whether a message is a new version of another (a host's stored copy of an edit has `editOf`). */
export function isEdited(message: TranscriptMessage): boolean {
  return typeof message.editOf === "string";
}

/** The Edit button of one message; an icon, named by `editMessage`. */
export function editButton(label: string): HTMLButtonElement {
  const button = document.createElement("button");
  button.type = "button";
  button.className = EDIT_BUTTON_CLASS;
  button.setAttribute("part", "edit");
  button.setAttribute("aria-label", label);
  button.title = label;
  button.append(maskIcon("edit"));
  return button;
}

/** The "edited" mark, after a message's content. */
export function editedMark(text: string): HTMLElement {
  const mark = document.createElement("span");
  mark.className = EDITED_CLASS;
  mark.setAttribute("part", "edited");
  mark.textContent = text;
  return mark;
}

/**
 * Fires cancelable `t3-edit`; unless a listener cancels it, a transcript given a `composer` loads
 * the message into it and focuses it. Without one, the event is the way out.
 */
export function requestEdit(host: HTMLElement, message: TranscriptMessage, composer: EditTarget | null): void {
  if (!emit(host, "t3-edit", { message }, { cancelable: true }) || !composer) return;
  composer.edit(message);
  composer.focus?.();
}
