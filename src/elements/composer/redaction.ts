// The composer's secret redactor (docs/secrets.md): captured text is redacted as it enters the
// draft (a record given to `insertContext` or pasted, the plain text of a paste, a long paste
// before it becomes a file), and the unredacted original of each chip is kept here, in memory
// only, until the person reveals it or the draft lets it go. It is never saved nor sent: after
// a reload the chip still says how many secrets were hidden (the markers are in its record),
// but Reveal is gone.
import { checkRedactionResult, checkRedactionRules, redactSecrets } from "../../codec/redact.js";
import { redactContextRecord, type TextRedactor } from "../../codec/redact-record.js";
import { SECRET_RULES, type RedactionRule } from "../../codec/redact-rules.js";
import { collectComposerContextReferences } from "../../codec/references.js";
import type { ComposerContextRecord } from "../../contract/types.js";
import type { ComposerRedactor } from "./types.js";
import type { ComposerHost, EventsRole, UploadsRole } from "./wiring.js";
import type { DraftModel } from "./draft.js";
import type { DraftChange, DraftObserver } from "./draft.js";
import { draftOf, isLive, liveAttachment, liveRecord } from "./draft-state.js";
import type { ImportPlan } from "./import-plan.js";
import { decodedRecord } from "./record-check.js";

/** What redaction.ts uses of its composer (wiring.ts). */
export interface RedactionParts {
  readonly host: ComposerHost;
  readonly model: DraftModel;
  readonly uploads: UploadsRole;
  readonly events: EventsRole;
}

/** Finds the markers a record holds, to count them (a reloaded draft counts them too). */
const MARKER_RULES: readonly RedactionRule[] = [{ id: "marker", pattern: /\[redacted: [a-z0-9-]{1,64}\]/ }];

/** Checks what a host sets as `redactor`; misuse throws a TypeError naming the bad value. */
export function checkRedactor(value: unknown): ComposerRedactor | undefined {
  if (value == null || typeof value === "function") return (value ?? undefined) as ComposerRedactor | undefined;
  const { rules, extend = false } = (typeof value === "object" ? value : {}) as { rules?: unknown; extend?: unknown };
  if (typeof extend !== "boolean") throw new TypeError(`redactor: extend must be a boolean, got ${String(extend)}`);
  return { rules: [...checkRedactionRules(rules, `redactor ${String(value)}`)], extend };
}

/** What was hidden in one chip: the record we made (`null` for a file), and what Reveal puts back. */
interface Hidden {
  readonly record: ComposerContextRecord | null;
  readonly original: ComposerContextRecord | File;
  readonly count: number;
}

export class Redactions implements DraftObserver {
  readonly #composer: RedactionParts;
  readonly #hidden = new Map<string, Hidden>();

  constructor(composer: RedactionParts) {
    this.#composer = composer;
  }

  /** The redactor `redact` and `redactor` say, or `null` when `redact="off"`. */
  #redactor(): TextRedactor | null {
    const { redact, redactor } = this.#composer.host;
    if (redact === "off") return null;
    if (typeof redactor === "function") return (text) => checkRedactionResult(redactor(text));
    const rules = redactor ? (redactor.extend ? [...SECRET_RULES, ...redactor.rules] : redactor.rules) : SECRET_RULES;
    return (text) => redactSecrets(text, rules);
  }

  /** `record` as it joins the draft, its captured text redacted; a record the draft holds is left alone. */
  record(record: ComposerContextRecord): { record: ComposerContextRecord; hidden: number } {
    const redactor = this.#redactor();
    if (!redactor || isLive(this.#composer.model.draft, record.contextId)) return { record, hidden: 0 };
    const { record: redacted, hidden } = redactContextRecord(record, redactor);
    if (hidden === 0) return { record, hidden };
    const frozen = decodedRecord(redacted) ?? redacted;
    this.#hidden.set(record.contextId, { record: frozen, original: record, count: hidden });
    return { record: frozen, hidden };
  }

  /**
   * Plain text with its secrets hidden. In a paste inserted inline (`keepLinks`), the links that
   * become chips are left as they are; a long paste that becomes a file is redacted whole.
   */
  text(text: string, keepLinks = true): { text: string; hidden: number } {
    const redactor = this.#redactor();
    let out = "";
    let at = 0;
    let hidden = 0;
    const piece = (end: number) => {
      const result = redactor!(text.slice(at, end));
      hidden += result.hits.length;
      out += result.text;
    };
    if (!redactor) return { text, hidden };
    for (const link of keepLinks ? collectComposerContextReferences(text) : []) {
      piece(link.start);
      out += link.source;
      at = link.end;
    }
    piece(text.length);
    return { text: out, hidden };
  }

  /** A paste's plan with its text and the records that join redacted, and how many spans were hidden. */
  paste(plan: ImportPlan): { plan: ImportPlan; hidden: number } {
    const { text, hidden: inText } = this.text(plan.text);
    let hidden = inText;
    const records = plan.records.map((record) => {
      const redacted = this.record(record);
      hidden += redacted.hidden;
      return redacted.record;
    });
    return { plan: { ...plan, text, records }, hidden };
  }

  /** Remembers the unredacted bytes of a long paste that became the file of `contextId`. */
  keepFile(contextId: string, original: File, count: number): void {
    this.#hidden.set(contextId, { record: null, original, count });
  }

  /**
   * Says `Hid 2 secrets.` in the live region, after what the change itself announced (`said` is
   * what the region said before the change: if it still says that, it is not said again).
   */
  announceHidden(said: string, count: number): void {
    const events = this.#composer.events;
    const message = this.#composer.host.localizer.text("secretsHiddenAnnouncement", { count });
    if (count > 0) events.announce(events.announcement === said ? message : `${events.announcement.trim()} ${message}`);
  }

  /**
   * How many secrets were hidden in the chip of `contextId`: what the redactor said while the
   * original is here, else the markers its record holds (a draft restored after a reload).
   */
  count(contextId: string, record: ComposerContextRecord | undefined): number {
    const kept = this.#hidden.get(contextId);
    return kept ? kept.count : record ? redactContextRecord(record, (text) => redactSecrets(text, MARKER_RULES)).hidden : 0;
  }

  /** Whether the chip of `contextId` can be revealed: its original is here and its record is still ours. */
  canReveal(contextId: string): boolean {
    const kept = this.#hidden.get(contextId);
    const draft = this.#composer.model.draft;
    return !!kept && (kept.record ? liveRecord(draft, contextId) === kept.record : !!liveAttachment(draft, contextId));
  }

  /**
   * Reveal (docs/secrets.md, "Reveal"): the chip's record becomes the original (a file uploads
   * its original bytes again), and the live region says so. Not an undo step: the draft's text
   * does not change, so Ctrl+Z leaves the record as it is.
   */
  reveal(contextId: string): void {
    if (!this.canReveal(contextId)) return;
    const { original, count } = this.#hidden.get(contextId)!;
    this.#hidden.delete(contextId);
    const composer = this.#composer;
    if (original instanceof File) composer.uploads.retry(liveAttachment(composer.model.draft, contextId)!, original);
    else composer.model.update({ update: [original] });
    composer.events.announce(composer.host.localizer.text("secretsRevealed", { count }));
  }

  /** Lets go of the originals of records the draft no longer knows (a send, `clear()`, a new `value`). */
  draftChanged({ after }: DraftChange): void {
    const { records } = draftOf(after);
    for (const contextId of this.#hidden.keys()) if (!records.has(contextId)) this.#hidden.delete(contextId);
  }
}
