// What the parts of one composer see of each other (docs/architecture.md, "How the composer's
// parts meet"). Each part declares what it uses as a narrow interface of its own, made of the
// element (`ComposerHost`), the draft model, and the roles below: each role is what the other
// parts use of one controller, nothing more. composer.ts hands the whole composer to each part,
// and TypeScript checks there that it gives every part what the part says it uses. No module of
// this folder imports another controller's class for its type, so the parts' modules form no
// import cycle, type-only imports included (test/node/import-cycles.test.ts).
import type { ReactiveControllerHost } from "lit";
import type { ContextKindDefinition } from "../../codec/kind-definitions.js";
import type { ComposerContextRecord, FileContextRecord, ImageContextRecord } from "../../contract/types.js";
import type { Localizer } from "../../l10n/localizer.js";
import type { ChipRegistry } from "../../presentation/types.js";
import type { ComposerError } from "../../transport/errors.js";
import type { ComposerTransport, OutgoingMessage, SentMessage } from "../../transport/types.js";
import type { AttachmentEntry } from "./attachment-entry.js";
import type { ImportPlan } from "./import-plan.js";
import type { ImportStore, PendingImport } from "./import-store.js";
import type { ComposerRedactor, ContextStatus, ContextValidator, SendContextCheck, SendOptions } from "./types.js";

/** What the parts need from the element. */
export interface ComposerHost extends HTMLElement, ReactiveControllerHost {
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
  /** The strings the composer shows and announces (docs/localization.md). */
  readonly localizer: Localizer;
  /** `redact` (`"off"`: no redaction) and `redactor` (docs/secrets.md). */
  readonly redact: string | null;
  readonly redactor: ComposerRedactor | undefined;
  /** The token budget (`budget`, `budget-mode`, `estimateTokens`: docs/budget.md). */
  readonly budget: number | null;
  readonly budgetMode: string | null;
  readonly estimateTokens: ((text: string) => number) | undefined;
  /** The kind definitions the preview projects with; `undefined`: the registry's. */
  readonly kinds: readonly ContextKindDefinition[] | undefined;
  /** The host's staleness hook (docs/preview-and-stale.md). */
  readonly validateContext: ContextValidator | null;
}

/** What the parts use of the uploads (uploads.ts). */
export interface UploadsRole {
  /** Whether the element is connected: uploads run only then. */
  readonly connected: boolean;
  /** The fetches of pasted attachments from another environment. */
  readonly imports: ImportStore;
  byLocalId(localId: string): AttachmentEntry | undefined;
  retry(entry: AttachmentEntry, file?: File): void;
  fetch(pending: PendingImport): void;
  hold(held: readonly { entry: AttachmentEntry; record: ImageContextRecord | FileContextRecord }[]): void;
  release(entries: readonly AttachmentEntry[]): void;
  settled(): Promise<void>;
  settledOf(entries: readonly AttachmentEntry[]): Promise<void>;
}

/** What the parts use of the draft's saving (persistence.ts). */
export interface PersistenceRole {
  saveNow(): void;
  markUnsaved(): void;
  sent(): void;
  /** Runs `replace` as a load: the draft it makes is not saved for it. */
  replaceAsLoad(replace: () => void): void;
}

/** What the parts use of sending (send.ts). */
export interface SenderRole {
  /** Whether a send of the draft is under way: the draft cannot change then. */
  readonly sending: boolean;
  readonly pendingMessageId: string | null;
  send(options?: SendOptions): Promise<SentMessage | undefined>;
  adoptMessageId(id: string): void;
  /** Aborts the running sends. */
  stop(): void;
  /** Waits for `work`, or rejects as stopped when Stop is pressed first. */
  stoppable<T>(work: Promise<T>): Promise<T>;
  transmit(message: OutgoingMessage, taken: () => void, context?: SendContextCheck): Promise<SentMessage | undefined>;
}

/** What the parts use of the suggestion list (suggestions.ts). */
export interface SuggestionsRole {
  readonly open: boolean;
}

/** What the parts use of edit mode (editing.ts). */
export interface EditingRole {
  /** The `editOf` of the next send, or `null` outside edit mode. */
  readonly editOf: string | null;
  finish(): boolean;
}

/** What the parts use of the prompt history (history.ts). */
export interface HistoryRole {
  sent(message: OutgoingMessage): void;
}

/** What the parts use of the secret redactor (redaction.ts). */
export interface RedactionsRole {
  text(text: string, keepLinks?: boolean): { text: string; hidden: number };
  record(record: ComposerContextRecord): { record: ComposerContextRecord; hidden: number };
  paste(plan: ImportPlan): { plan: ImportPlan; hidden: number };
  keepFile(contextId: string, original: File, count: number): void;
  announceHidden(said: string, count: number): void;
  count(contextId: string, record: ComposerContextRecord | undefined): number;
  canReveal(contextId: string): boolean;
  reveal(contextId: string): void;
}

/** What the parts use of the stale-context checks (staleness.ts). */
export interface StalenessRole {
  status(record: ComposerContextRecord | undefined): ContextStatus;
  refresh(contextId: string): void;
  decorate(dom: HTMLElement, record: ComposerContextRecord | undefined): void;
  beforeSend(): Promise<SendContextCheck | null>;
}

/** What the parts use of the token budget (budget.ts). */
export interface BudgetRole {
  readonly limit: number | null;
  describeChip(dom: HTMLElement, contextId: string): void;
  refusal(): Promise<ComposerError | null>;
}

/** What the parts use of the chips on screen (chips.ts). */
export interface ChipsRole {
  redraw(contextId: string): void;
  redrawAll(): void;
}

/** What the parts use of the shelf (shelf.ts). */
export interface ShelfRole {
  /** The local id of the image whose removal waits for a confirmation, or `null`. */
  readonly confirming: string | null;
  count(contextId: string): number;
  answer(): string | null;
}

/** What the parts use of the queue of follow-ups (queue.ts); the queue's list has its own (queue-list.ts). */
export interface QueueRole {
  /** Whether a queued message is being sent now. */
  readonly sending: boolean;
  submit(steer: boolean): Promise<SentMessage | undefined>;
}

/** What the parts use of the draft's announcements (draft-events.ts). */
export interface EventsRole {
  /** The last announcement, which the live region says. */
  readonly announcement: string;
  announce(message: string): void;
}
