// The events of <t3-transcript> beyond the shared chip event, typed in HTMLElementEventMap.
import type { ClipboardFragment } from "../../contract/types.js";
import type { TranscriptMessage } from "./types.js";

/** `t3-copy`: what a copy from the transcript wrote (a selection, or a message's copy button). */
export interface TranscriptCopyDetail {
  /** Canonical Markdown: chips as their links. */
  text: string;
  /** The records `text` links to, with the source; `null` when it links to none. */
  fragment: ClipboardFragment | null;
}

/** `t3-edit` (cancelable): the person asked to edit one of their messages. */
export interface TranscriptEditDetail {
  /** The message as the transcript holds it: text, records and attachments. */
  message: TranscriptMessage;
}

declare global {
  interface HTMLElementEventMap {
    "t3-copy": CustomEvent<TranscriptCopyDetail>;
    "t3-edit": CustomEvent<TranscriptEditDetail>;
  }
}
