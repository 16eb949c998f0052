// Edit mode saved under `draft-key` (docs/composer.md, "Edit and resend"), so that a reload in the
// middle of an edit is still an edit: which message is being edited, its preview, and the draft
// from before the edit in the saved-draft format (draft-storage.ts). The edited text itself is the
// saved draft, which persistence.ts keeps. What is in storage is untrusted: the page shares it.
import { CLIENT_MESSAGE_ID_PATTERN } from "../../contract/limits.js";
import { parseDraft, type RestoredDraft } from "./draft-storage.js";

/** Edit modes live under `t3-composer:edit:<draft-key>`, beside the draft. */
export const EDIT_STORAGE_PREFIX = "t3-composer:edit:";

const EDIT_VERSION = 1;

interface StoredEdit {
  version: typeof EDIT_VERSION;
  messageId: string;
  preview: string;
  /** The draft from before the edit, as `serializeDraft` writes it; `null` when it was empty. */
  before: string | null;
}

/** An edit mode as it comes back from storage. */
export interface RestoredEdit {
  messageId: string;
  preview: string;
  /** The draft from before the edit; `null` when it was empty. */
  before: RestoredDraft | null;
}

/** Saves the edit mode under `key`, or removes it (`null`). Throws what the storage throws (full, denied). */
export function writeEdit(key: string, edit: Omit<StoredEdit, "version"> | null): void {
  if (edit === null) localStorage.removeItem(EDIT_STORAGE_PREFIX + key);
  else localStorage.setItem(EDIT_STORAGE_PREFIX + key, JSON.stringify({ version: EDIT_VERSION, ...edit } satisfies StoredEdit));
}

/** The edit mode saved under `key`, or `null` when there is none or it is not one. Never throws. */
export function readEdit(key: string): RestoredEdit | null {
  try {
    const raw = localStorage.getItem(EDIT_STORAGE_PREFIX + key);
    if (raw === null) return null;
    const stored = JSON.parse(raw) as Partial<StoredEdit> | null;
    if (stored?.version !== EDIT_VERSION || typeof stored.messageId !== "string" || !CLIENT_MESSAGE_ID_PATTERN.test(stored.messageId)) return null;
    const preview = typeof stored.preview === "string" ? stored.preview : "";
    const before = typeof stored.before === "string" ? parseDraft(stored.before) : null;
    return { messageId: stored.messageId, preview, before };
  } catch {
    return null; // unreadable storage, or not JSON, or a draft that is not one: no edit mode
  }
}
