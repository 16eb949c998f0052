// Stale context, the part loaded on demand (docs/preview-and-stale.md): once a host sets
// `validateContext` and the draft changes, this asks the hook about each record, keeps the
// verdicts (by record: a refreshed or restored record is a new object, asked anew), draws the
// badges, refreshes a stale record and asks the question a send waits on about gone context.
// staleness.ts is the part that is always there and hands everything here.
import { html, nothing, type TemplateResult } from "lit";
import type { ComposerContextRecord } from "../../../contract/types.js";
import { resolveChip } from "../../../presentation/resolve.js";
import { emit } from "../../events.js";
import type { ChipsRole, ComposerHost, EventsRole } from "../wiring.js";
import type { DraftModel } from "../draft.js";
import type { DraftChange } from "../draft.js";
import { draftOf, liveRecord, liveRecords } from "../draft-state.js";
import { removeContext, type InsertParts } from "../insert.js";
import { decodeRecord } from "../record-check.js";
import type { ContextStatus, SendContextCheck } from "../types.js";

/** What stale-check.ts uses of its composer (wiring.ts). */
export interface StaleCheckParts extends InsertParts {
  readonly host: ComposerHost;
  readonly model: DraftModel;
  readonly events: EventsRole;
  readonly chips: ChipsRole;
}

/**
 * How long a send waits for the hook's verdicts. A verdict that comes later still draws its chip,
 * but the send went on with the last one known (`current` when none): a slow host never holds a
 * message back for longer than this.
 */
export const SEND_CHECK_TIMEOUT_MS = 2000;

const STATUSES: ReadonlySet<unknown> = new Set<ContextStatus>(["current", "stale", "gone"]);

export class StaleCheck {
  readonly #composer: StaleCheckParts;
  readonly #verdicts = new WeakMap<ComposerContextRecord, ContextStatus>();
  /** The latest question about each record: an older answer arriving later is ignored. */
  readonly #asked = new WeakMap<ComposerContextRecord, object>();
  /** The gone records a send asks about, and how the person's answer reaches it. */
  #question: { gone: ComposerContextRecord[]; answer(remove: boolean | null): void } | null = null;

  constructor(composer: StaleCheckParts) {
    this.#composer = composer;
  }

  /** The last verdict on `record`; `current` until the hook said otherwise. */
  status(record: ComposerContextRecord | undefined): ContextStatus {
    return (record && this.#verdicts.get(record)) || "current";
  }

  /** A record that joined (or a draft that was restored, `tr === null`) is asked about once. */
  draftChanged({ after, tr }: DraftChange): void {
    if (!this.#composer.host.validateContext) return;
    const draft = draftOf(after);
    for (const contextId of tr ? draft.touched : draft.records.keys()) {
      const record = liveRecord(draft, contextId);
      if (record && !this.#asked.has(record)) void this.#ask(record);
    }
  }

  /** Asks the hook; one that throws, rejects or answers something else means `current`. */
  async #ask(record: ComposerContextRecord): Promise<void> {
    const token = {};
    this.#asked.set(record, token);
    let status: ContextStatus = "current";
    try {
      const answer = await this.#composer.host.validateContext?.(record);
      if (STATUSES.has(answer)) status = answer!;
    } catch {
      // the host's bug must not stop a person from sending
    }
    if (this.#asked.get(record) === token) this.#set(record, status);
  }

  #set(record: ComposerContextRecord, status: ContextStatus): void {
    const before = this.status(record);
    this.#verdicts.set(record, status);
    if (status !== before && liveRecord(this.#composer.model.draft, record.contextId) === record) this.#composer.chips.redraw(record.contextId);
  }

  #names(records: readonly ComposerContextRecord[]): string {
    const { registry, localizer } = this.#composer.host;
    const names = records.map((record) => resolveChip(registry, { kind: record.kind, contextId: record.contextId, label: record.label }, record, false, localizer).label);
    return new Intl.ListFormat(localizer.locale).format(names);
  }

  /**
   * Just before a send: asks again about every record, for at most `SEND_CHECK_TIMEOUT_MS`.
   * Context found stale that the person was not shown yet stops the send (its badge shows, the
   * live region says why); a second send takes it as it is. Context that is gone asks the person
   * to remove or keep it. `null`: do not send.
   */
  async beforeSend(): Promise<SendContextCheck | null> {
    const composer = this.#composer;
    if (!composer.host.validateContext) return { stale: [], gone: [] };
    const records = [...liveRecords(composer.model.draft).values()];
    const shown = new Set(records.filter((record) => this.status(record) === "stale"));
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([Promise.all(records.map((record) => this.#ask(record))), new Promise((resolve) => (timer = setTimeout(resolve, SEND_CHECK_TIMEOUT_MS)))]);
    clearTimeout(timer);
    const stale = records.filter((record) => this.status(record) === "stale");
    let gone = records.filter((record) => this.status(record) === "gone");
    const unseen = stale.filter((record) => !shown.has(record));
    if (unseen.length > 0) {
      composer.events.announce(composer.host.localizer.text("staleAtSend", { names: this.#names(unseen), count: unseen.length }));
      return null;
    }
    if (gone.length > 0) {
      const remove = await new Promise<boolean | null>((answer) => {
        this.#question = { gone, answer };
        composer.host.requestUpdate();
      });
      if (remove === null) return null;
      if (remove) {
        for (const record of gone) removeContext(composer, record.contextId);
        gone = [];
      }
    }
    return { stale, gone };
  }

  /** Asks the host for a new version of the stale record of `contextId` (`t3-context-refresh`). */
  refresh(contextId: string): void {
    const record = liveRecord(this.#composer.model.draft, contextId);
    if (!record) return;
    emit(this.#composer.host, "t3-context-refresh", {
      record,
      provide: (next) => {
        if (next instanceof Promise) void next.then((value) => this.#replace(record, value));
        else this.#replace(record, next);
      },
    });
  }

  /**
   * The refreshed record replaces the old one under the same context id (not an undo step: the old
   * version is the one that changed). A draft that moved on meanwhile keeps what it has.
   */
  #replace(old: ComposerContextRecord, input: unknown): void {
    const decoded = decodeRecord(input);
    const next = "record" in decoded ? (decoded.record as unknown as Record<string, unknown>) : {};
    const keeps = (field: string) => next[field] === (old as unknown as Record<string, unknown>)[field];
    if (!keeps("contextId") || !keeps("kind") || !keeps("attachmentId")) {
      throw new TypeError(`t3-context-refresh: expected a valid record of ${JSON.stringify(old.contextId)} with its kind and attachmentId, got ${JSON.stringify(next.contextId) ?? "an invalid record"}`);
    }
    const model = this.#composer.model;
    if (liveRecord(model.draft, old.contextId) !== old) return;
    const record = next as unknown as ComposerContextRecord;
    this.#verdicts.set(record, "current");
    this.#asked.set(record, {});
    model.update({ update: [record] });
  }

  /** Adds the badge, the part and the name's detail of a stale or gone chip, after the registry drew it. */
  decorate(dom: HTMLElement, record: ComposerContextRecord | undefined): void {
    const status = this.status(record);
    if (status === "current") {
      dom.removeAttribute("data-context-status");
      return;
    }
    const strings = this.#composer.host.localizer;
    const gone = status === "gone";
    const detail = strings.text(gone ? "contextGone" : "contextStale");
    dom.setAttribute("part", `${dom.getAttribute("part")} chip-${status}`);
    dom.setAttribute("data-context-status", status);
    dom.setAttribute("aria-label", strings.text("nameAndDetail", { name: dom.getAttribute("aria-label") ?? "", detail }));
    dom.title = strings.text(gone ? "contextGoneHint" : "contextStaleHint");
    dom.setAttribute("aria-description", dom.title);
    const badge = document.createElement("span");
    badge.className = "t3-chip-badge";
    badge.setAttribute("aria-hidden", "true");
    badge.textContent = detail;
    dom.append(badge);
  }

  /** The question a send asks about gone context; Escape cancels the send (see shelf.ts for why `cancel`, not `close`). */
  renderConfirm(): TemplateResult | typeof nothing {
    const question = this.#question;
    if (!question) return nothing;
    const strings = this.#composer.host.localizer;
    const answer = (event: Event, remove: boolean | null) => {
      this.#question = null;
      (event.currentTarget as HTMLElement).closest("dialog")?.close();
      this.#composer.host.requestUpdate();
      question.answer(remove);
    };
    // One line: the drop-in keeps a template's whitespace.
    return html`<dialog part="confirm-gone" class="confirm" aria-labelledby="gone-text" @cancel=${(event: Event) => answer(event, null)}><p id="gone-text">${strings.text(
      "confirmGone",
      { names: this.#names(question.gone), count: question.gone.length },
    )}</p><div class="confirm-buttons"><button type="button" part="confirm-gone-keep" autofocus @click=${(event: Event) => answer(event, false)}>${strings.text("keep")}</button><button type="button" part="confirm-gone-remove" @click=${(event: Event) => answer(event, true)}>${strings.text("remove")}</button></div></dialog>`;
  }

  /** After a render: shows the question's dialog. */
  sync(dialog: HTMLDialogElement | null): void {
    if (dialog && this.#question && !dialog.open && dialog.isConnected) dialog.showModal();
  }
}
