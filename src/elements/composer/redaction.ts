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
import { resolveChip } from "../../presentation/resolve.js";
import type { Composer } from "./composer.js";
import type { DraftChange, DraftObserver } from "./draft.js";
import type { ImportPlan } from "./import-plan.js";
import { draftOf, isLive, liveAttachment, liveRecord } from "./draft-state.js";
import { decodedRecord } from "./record-check.js";

/**
 * `composer.redactor`: a function that redacts one text (`redactSecrets` is one), or rules that
 * replace the built-in ones (`{ rules }`) or come after them (`{ rules, extend: true }`).
 */
export type ComposerRedactor = TextRedactor | { readonly rules: readonly RedactionRule[]; readonly extend?: boolean };

/** `redact="off"`: no redaction at all. */
const REDACT_OFF = "off";

/** Finds the markers a record holds, to count them (a reloaded draft counts them too). */
const MARKER_RULES: readonly RedactionRule[] = [{ id: "marker", pattern: /\[redacted: [a-z0-9-]{1,64}\]/ }];
const countMarkers: TextRedactor = (text) => redactSecrets(text, MARKER_RULES);

/** Checks what a host sets as `redactor`; misuse throws a TypeError naming the bad value. */
export function checkRedactor(value: unknown): ComposerRedactor | undefined {
  if (value === undefined || value === null || typeof value === "function") return (value ?? undefined) as ComposerRedactor | undefined;
  if (typeof value !== "object") throw new TypeError(`redactor: expected a function or { rules, extend? }, got ${String(value)}`);
  const { rules, extend } = value as { rules?: unknown; extend?: unknown };
  if (extend !== undefined && typeof extend !== "boolean") throw new TypeError(`redactor: extend must be a boolean, got ${String(extend)}`);
  return Object.freeze({ rules: checkRedactionRules(rules, "redactor"), extend: extend === true });
}

/** The redactor the element's `redact` and `redactor` say, or `null` when redaction is off. */
function textRedactor(redact: string | null, redactor: ComposerRedactor | undefined): TextRedactor | null {
  if (redact === REDACT_OFF) return null;
  if (typeof redactor === "function") return (text) => checkRedactionResult(redactor(text));
  if (!redactor) return (text) => redactSecrets(text);
  const rules = redactor.extend ? [...SECRET_RULES, ...redactor.rules] : redactor.rules;
  return (text) => redactSecrets(text, rules);
}

/** What was hidden in one chip: the record we made, and what to put back on Reveal. */
interface Hidden {
  /** The redacted record as it joined (a file's record changes as it uploads: not compared). */
  readonly record: ComposerContextRecord | null;
  readonly original: ComposerContextRecord | File;
  readonly count: number;
}

export class Redactions implements DraftObserver {
  readonly #composer: Composer;
  readonly #hidden = new Map<string, Hidden>();

  constructor(composer: Composer) {
    this.#composer = composer;
  }

  #redactor(): TextRedactor | null {
    return textRedactor(this.#composer.host.redact, this.#composer.host.redactor);
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
    if (!redactor) return { text, hidden: 0 };
    let out = "";
    let at = 0;
    let hidden = 0;
    const piece = (part: string) => {
      const result = redactor(part);
      hidden += result.hits.length;
      return result.text;
    };
    for (const link of keepLinks ? collectComposerContextReferences(text) : []) {
      out += piece(text.slice(at, link.start)) + link.source;
      at = link.end;
    }
    return { text: out + piece(text.slice(at)), hidden };
  }

  /** A paste's plan with its text and the records that join redacted, and how many spans were hidden. */
  paste(plan: ImportPlan): { plan: ImportPlan; hidden: number } {
    const { text, hidden } = this.text(plan.text);
    let count = hidden;
    const records = plan.records.map((record) => {
      const redacted = this.record(record);
      count += redacted.hidden;
      return redacted.record;
    });
    return { plan: { ...plan, text, records }, hidden: count };
  }

  /**
   * Says in the live region that `count` secrets were hidden in the chip of `contextId` (or, with
   * none, in a paste), after what the change itself announced (`said` is what the region said
   * before it).
   */
  announceHidden(said: string, count: number, contextId?: string): void {
    if (count === 0) return;
    const strings = this.#composer.host.localizer;
    const message = contextId ? strings.text("secretsHiddenAnnouncement", { name: this.chipName(contextId), count }) : strings.text("secretsHiddenInPaste", { count });
    const events = this.#composer.events;
    const now = events.announcement.replace(/\u00a0$/, "");
    events.announce(events.announcement !== said && now ? `${now} ${message}` : message);
  }

  /** Remembers the unredacted bytes of a long paste that became the file of `contextId`. */
  keepFile(contextId: string, original: File, count: number): void {
    this.#hidden.set(contextId, { record: null, original, count });
  }

  /**
   * How many secrets were hidden in the chip of `contextId`: what the redactor said while the
   * original is here, else the markers its record holds (a draft restored after a reload).
   */
  count(contextId: string, record: ComposerContextRecord | undefined): number {
    const kept = this.#hidden.get(contextId);
    if (kept) return kept.count;
    return record ? redactContextRecord(record, countMarkers).hidden : 0;
  }

  /** Whether the chip of `contextId` can be revealed: its original is here and its record is still ours. */
  canReveal(contextId: string): boolean {
    const kept = this.#hidden.get(contextId);
    const draft = this.#composer.model.draft;
    if (!kept) return false;
    return kept.record ? liveRecord(draft, contextId) === kept.record : liveAttachment(draft, contextId) !== undefined;
  }

  /**
   * Reveal (docs/secrets.md, "Reveal"): the chip's record becomes the original (a file uploads
   * its original bytes again), and the live region says so. Not an undo step: the draft's text
   * does not change, so Ctrl+Z leaves the record as it is.
   */
  reveal(contextId: string): void {
    if (!this.canReveal(contextId)) return;
    const kept = this.#hidden.get(contextId)!;
    this.#hidden.delete(contextId);
    const model = this.#composer.model;
    const entry = liveAttachment(model.draft, contextId);
    if (kept.original instanceof File) {
      if (entry) this.#composer.uploads.retry(entry, kept.original);
    } else {
      model.update({ update: [kept.original] });
    }
    this.#composer.events.announce(this.#composer.host.localizer.text("secretsRevealed", { name: this.chipName(contextId), count: kept.count }));
  }

  /** The accessible name of the chip of `contextId`. */
  chipName(contextId: string): string {
    const draft = this.#composer.model.draft;
    const record = draft.records.get(contextId);
    const attrs = { kind: record?.kind ?? "", contextId, label: record?.label ?? "" };
    return resolveChip(this.#composer.host.registry, attrs, record, false, this.#composer.host.localizer).ariaLabel;
  }

  /** Lets go of the originals of records the draft no longer knows (a send, `clear()`, a new `value`). */
  draftChanged({ after }: DraftChange): void {
    const draft = draftOf(after);
    for (const contextId of this.#hidden.keys()) if (!draft.records.has(contextId)) this.#hidden.delete(contextId);
  }
}
