// A pretend agent, so that queued follow-ups can be tried (docs/composer.md, "Queued follow-ups"):
// it "works" for a while after each message the composer sends, and the button makes it work or
// stop by hand. While it works the composer is `busy`: Enter queues, Ctrl/⌘+Enter steers.
/** How long the pretend agent works on a message. */
const WORK_MS = 5000;

/** Drives `composer.busy` from a toggle button and, when `auto` is checked, from each send. */
export function pretendAgent(composer, button, auto) {
  let timer;
  const show = () => {
    button.textContent = composer.busy ? "Agent working… (click to stop)" : "Agent idle (click to start)";
    button.setAttribute("aria-pressed", String(composer.busy));
  };
  const work = (busy) => {
    clearTimeout(timer);
    composer.busy = busy;
    if (busy) timer = setTimeout(() => work(false), WORK_MS);
    show();
  };
  button.addEventListener("click", () => work(!composer.busy));
  // A steering message does not start a new piece of work: the agent takes it into the running one.
  composer.addEventListener("t3-sent", (event) => {
    if (auto.checked && !event.detail.message.steer) work(true);
  });
  show();
}
