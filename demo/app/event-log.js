// The composer's events, newest first, for people curious about what a host hears.
const LOG_CHARS = 20000;
const EVENTS = ["t3-context-add", "t3-context-remove", "t3-send", "t3-sent", "t3-error", "t3-chip-activate", "t3-queue-change"];

/** Writes every composer event into `output`. */
export function logComposerEvents(composer, output) {
  for (const name of EVENTS) {
    composer.addEventListener(name, (event) => {
      const detail = event.detail?.record ?? event.detail?.result ?? event.detail?.message ?? event.detail;
      const line = `${new Date().toLocaleTimeString()} ${name} ${JSON.stringify(detail)}`;
      output.textContent = (line + "\n" + output.textContent).slice(0, LOG_CHARS);
    });
  }
}
