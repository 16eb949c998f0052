// What the host and assistive technology hear about the draft (docs/composer.md, "Events"):
// `t3-context-add` and `t3-context-remove` when a record joins or leaves, derived from what each
// transaction changed (a chip typed, pasted, cut, undone or dragged, a record bound to the host's
// id), a polite announcement of the chips inserted or removed, and `t3-change` after any change
// to the value. A draft replaced by the host (`value`, `restore()`, `clear()`) fires none of them:
// the host knows what it did.
import { resolveChip } from "../../presentation/resolve.js";
import { emit } from "../events.js";
import type { ComposerHost } from "./wiring.js";
import type { DraftChange, DraftObserver } from "./draft.js";
import { draftOf, isLive, liveRecords, type DraftState } from "./draft-state.js";
import type { ComposerValue } from "./types.js";
import { valueOf } from "./value.js";

/** What draft-events.ts uses of its composer (wiring.ts). */
export interface DraftEventsParts {
  readonly host: ComposerHost;
}

/**
 * Past this many contexts changed by one transaction, the announcement says how many instead of
 * naming each: a list of thousands helps nobody, and naming each resolves each chip.
 */
const CHIP_ANNOUNCEMENTS_MAX = 10;

export class DraftEvents implements DraftObserver {
  readonly #composer: DraftEventsParts;
  #announcement = "";

  constructor(composer: DraftEventsParts) {
    this.#composer = composer;
  }

  /** What the polite live region says. */
  get announcement(): string {
    return this.#announcement;
  }

  draftChanged({ before, after, tr }: DraftChange): void {
    if (!tr) return;
    const was = draftOf(before);
    const now = draftOf(after);
    let valueChanged = tr.docChanged;
    if (was !== now) {
      for (const contextId of now.touched) {
        const joined = isLive(now, contextId);
        const left = isLive(was, contextId);
        if (joined && !left) emit(this.#composer.host, "t3-context-add", { record: now.records.get(contextId)! });
        else if (left && !joined) emit(this.#composer.host, "t3-context-remove", { record: was.records.get(contextId)! });
        if (joined || left) valueChanged = true;
      }
      if (now.counts !== was.counts) this.#announceChips(now);
      this.#composer.host.requestUpdate(); // the shelf shows which images are referenced
    }
    if (valueChanged) this.#changed(after.doc, now);
  }

  /** Says `message` in the polite live region. */
  announce(message: string): void {
    // A trailing no-break space toggles so that the same message twice is announced twice.
    this.#announcement = message && message + (this.#announcement.endsWith("\u00a0") ? "" : "\u00a0");
    this.#composer.host.requestUpdate();
  }

  #announceChips(draft: DraftState): void {
    if (draft.delta.size > CHIP_ANNOUNCEMENTS_MAX) return this.#announceMany(draft);
    const messages: string[] = [];
    for (const [contextId, { change, attrs }] of draft.delta) {
      const strings = this.#composer.host.localizer;
      const name = resolveChip(this.#composer.host.registry, attrs, draft.records.get(contextId), false, strings).ariaLabel;
      messages.push(strings.text(change > 0 ? "chipInserted" : "chipRemoved", { name }));
    }
    this.announce(messages.join(" "));
  }

  /** Many chips at once (a large paste, its expansion, an undo of it): how many, not each one. */
  #announceMany(draft: DraftState): void {
    let inserted = 0;
    let removed = 0;
    for (const { change } of draft.delta.values()) {
      if (change > 0) inserted++;
      else removed++;
    }
    const strings = this.#composer.host.localizer;
    const messages = [];
    if (inserted > 0) messages.push(strings.text("chipsInserted", { count: inserted }));
    if (removed > 0) messages.push(strings.text("chipsRemoved", { count: removed }));
    this.announce(messages.join(" "));
  }

  /** `t3-change`, whose value is computed only if a listener reads it: the draft of this moment. */
  #changed(doc: DraftChangeDoc, draft: DraftState): void {
    let value: ComposerValue | undefined;
    emit(this.#composer.host, "t3-change", {
      get value() {
        return (value ??= valueOf(doc, liveRecords(draft)));
      },
    });
  }
}

type DraftChangeDoc = DraftChange["after"]["doc"];
