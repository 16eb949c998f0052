// The demo host's stale-context hook (docs/preview-and-stale.md). Ten seconds after a chip joined
// the draft, a file mention counts as changed (as if the file had been edited meanwhile) and a
// browser element as gone (as if the page had removed it). A refresh answers with the mention's
// record again, current from then on.
const CHANGED_AFTER_MS = 10_000;
const VERDICT_AFTER = { mention: "stale", element: "gone" };

export function watchContext(composer) {
  /** When each record's context id was first asked about (or last refreshed). */
  const since = new Map();
  composer.validateContext = (record) => {
    const late = VERDICT_AFTER[record.kind];
    if (!late) return "current";
    if (!since.has(record.contextId)) since.set(record.contextId, Date.now());
    return Date.now() - since.get(record.contextId) >= CHANGED_AFTER_MS ? late : "current";
  };
  composer.addEventListener("t3-context-refresh", (event) => {
    since.set(event.detail.record.contextId, Date.now());
    event.detail.provide({ ...event.detail.record });
  });
}
