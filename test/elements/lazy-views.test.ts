// Every lazy view a person opens (src/elements/chunks.ts, view-status.ts) on a page where every
// dynamically imported module is unreachable (composer/fixtures/lazy-block.ts): the view says it
// loads (`role=status`), then that it could not be loaded (`role=alert`, a `load-failed` t3-error),
// and once the server is back its Try again, clicked for real, loads it and opens it. In Firefox
// that Try again fails again: Firefox keeps a failed import (REFETCHES_FAILED_IMPORTS in
// test/support/engine.ts). Each test opens a page of its own, so that nothing lazy was loaded
// before the block.
import { expect } from "@esm-bundle/chai";
import { executeServerCommand } from "@web/test-runner-commands";
import type { ComposerErrorDetail } from "../../src/elements/composer/events.js";
import type { T3ComposerElement } from "../../src/elements/composer/t3-composer.js";
import type { T3TranscriptElement } from "../../src/elements/transcript/t3-transcript.js";
import { click, fitFrames, pointIn, press, waitFor } from "../e2e/support/frames.js";
import { KEPT_FAILURE, REFETCHES_FAILED_IMPORTS, itIn } from "../support/engine.js";
import { HOLD_MS } from "./a11y/touch.js";
import type { FreshWindow } from "./composer/fixtures/fresh-page.js";
import { openBlockedPage, removeWorker, unblock } from "./composer/fixtures/lazy-block.js";
import { chord, terminal } from "./composer/helpers.js";
import { image, link, pngUrl, pullRequest, terminal as transcriptTerminal, userMessage } from "./transcript/fixtures.js";

/** The transcript's engine, imported before the block so that its overlays are what fails. */
const ENGINE = "/src/elements/transcript/engine.ts";

// Built from pieces, so that no scanner takes this file for a leak.
const TOKEN = "ghp_" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z00";
const secretTerminal = { ...terminal, text: `$ git push https://${TOKEN}@github.com/acme/app` };

const LOADING = ["status", "Loading…"];
const FAILED = ["alert", "This could not be loaded."];

interface Page {
  frame: HTMLIFrameElement;
  doc: Document;
  win: FreshWindow;
  /** The `t3-error` codes heard from the page's elements. */
  errors: string[];
}

async function blockedPage(preload: readonly string[] = []): Promise<Page> {
  const page = await openBlockedPage(preload);
  const errors: string[] = [];
  page.doc.addEventListener("t3-error", (event) => errors.push((event as CustomEvent<ComposerErrorDetail>).detail.code));
  return { ...page, errors };
}

/** The status of the view `part` in `root`, as `[role, text]`, or `null` when there is none. */
function statusOf(root: ShadowRoot, part: string): string[] | null {
  const node = root.querySelector<HTMLElement>(`[part~="${part}-status"]`);
  return node && [node.getAttribute("role")!, (node.querySelector("span") ?? node).textContent!.trim()];
}

/** Each state the status of `part` goes through (in order, as `root` changes) while `act` runs and then until `settled` resolves. */
async function statesDuring(root: ShadowRoot, part: string, act: () => Promise<unknown>, settled: () => Promise<unknown>): Promise<unknown[]> {
  const seen: unknown[] = [];
  const note = () => {
    const now = statusOf(root, part);
    if (now && JSON.stringify(now) !== JSON.stringify(seen.at(-1))) seen.push(now);
  };
  const observer = new MutationObserver(note);
  observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  try {
    await act();
    await settled();
    note();
  } finally {
    observer.disconnect();
  }
  return seen;
}

/**
 * Lifts the block, clicks the status's Try again for real, and waits for `settled`; answers whether
 * the view could load. In an engine that keeps a failed import (REFETCHES_FAILED_IMPORTS) it checks
 * that the status shows the failure again, with another `load-failed`, and answers false: the
 * test ends there.
 */
async function retried(page: Page, root: ShadowRoot, part: string, settled: () => Promise<unknown>): Promise<boolean> {
  await unblock(page.win);
  const errorsBefore = page.errors.length;
  await click(page.frame, root.querySelector(`[part~="${part}-retry"]`)!);
  await settled();
  if (REFETCHES_FAILED_IMPORTS) return true;
  expect(statusOf(root, part)).to.deep.equal(FAILED);
  expect(page.errors.slice(errorsBefore)).to.include("load-failed");
  return false;
}

/** `title` as it holds in this engine: after "Try again", what a kept failed import makes of it. */
const retryTitle = (title: string) => (REFETCHES_FAILED_IMPORTS ? title : title.replace(/Try again .*$/, `Try again ${KEPT_FAILURE}`));

/** A long press of a finger on `node`, a node of the page in `frame`. */
async function longPressIn(frame: HTMLIFrameElement, node: Element): Promise<void> {
  const { x, y } = pointIn(frame, node);
  await executeServerCommand("touch", { enabled: true });
  try {
    await executeServerCommand("long-press", { x, y, ms: HOLD_MS });
  } finally {
    await executeServerCommand("touch", { enabled: false });
  }
}

async function composerOn(page: Page, setup: (composer: T3ComposerElement) => void = () => {}): Promise<T3ComposerElement> {
  const composer = page.doc.createElement("t3-composer") as T3ComposerElement;
  setup(composer);
  page.doc.body.append(composer);
  await composer.updateComplete;
  return composer;
}

async function transcriptOn(page: Page, messages: ReturnType<typeof userMessage>[]): Promise<T3TranscriptElement> {
  const transcript = page.doc.createElement("t3-transcript") as T3TranscriptElement;
  transcript.messages = messages;
  page.doc.body.append(transcript);
  await transcript.updateComplete;
  return transcript;
}

before(() => fitFrames(1));
afterEach(() => document.querySelectorAll("iframe").forEach((frame) => frame.remove()));
after(removeWorker);

describe("<t3-composer>'s lazy views with their chunk unreachable", () => {
  it(retryTitle("the preview panel: loading, failed, and Try again opens it once the server is back"), async () => {
    const page = await blockedPage();
    const composer = await composerOn(page);
    const root = composer.shadowRoot!;
    const seen = await statesDuring(root, "preview", async () => composer.showPreview(), () => composer.updateComplete);
    expect(seen).to.deep.equal([LOADING, FAILED]);
    expect(page.errors).to.include("load-failed");
    if (!(await retried(page, root, "preview", () => composer.updateComplete))) return;
    expect(statusOf(root, "preview")).to.equal(null);
    expect(root.querySelector('[part~="preview"]')!.localName).to.equal("dialog");
  });

  it(retryTitle("the budget meter: loading in its place, failed, and Try again shows the meter"), async () => {
    const page = await blockedPage();
    const composer = page.doc.createElement("t3-composer") as T3ComposerElement;
    composer.budget = 100;
    page.doc.body.append(composer); // its shadow root is there now; its first render comes next
    const root = composer.shadowRoot!;
    const seen = await statesDuring(root, "budget", async () => undefined, () => composer.updateComplete);
    expect(seen).to.deep.equal([LOADING, FAILED]);
    expect(root.querySelector("[part~=budget]")).to.equal(null);
    expect(page.errors).to.include("load-failed");
    if (!(await retried(page, root, "budget", () => composer.updateComplete))) return;
    expect(statusOf(root, "budget")).to.equal(null);
    expect(root.querySelector("[part~=budget]")).to.not.equal(null);
  });

  it(retryTitle("the stale checks: a failed load is an alert, and Try again checks every chip of the draft"), async () => {
    const page = await blockedPage();
    const asked: string[] = [];
    const composer = await composerOn(page, (element) => {
      element.validateContext = async (record) => {
        asked.push(record.contextId);
        return "stale" as const;
      };
    });
    const root = composer.shadowRoot!;
    // Nothing shows while the checks load (no chip is checked yet): only a failure does.
    const seen = await statesDuring(root, "stale", async () => composer.insertContext(terminal), () => composer.updateComplete);
    expect(seen).to.deep.equal([FAILED]);
    expect(asked).to.deep.equal([]);
    if (!(await retried(page, root, "stale", () => composer.updateComplete))) return;
    await waitFor(() => root.querySelector<HTMLElement>(".t3-chip")?.dataset.contextStatus === "stale", "the stale badge");
    expect(asked).to.deep.equal([terminal.contextId]);
    expect(statusOf(root, "stale")).to.equal(null);
  });

  it(retryTitle("the reveal menu: Enter on a chip with hidden secrets shows its status under the chip, and Try again opens the menu"), async () => {
    const page = await blockedPage();
    const composer = await composerOn(page);
    const root = composer.shadowRoot!;
    composer.insertContext(secretTerminal);
    await composer.updateComplete;
    composer.focus();
    await press("End");
    await press("ArrowLeft"); // past the chip's trailing space
    await chord("Shift", "ArrowLeft");
    const seen = await statesDuring(root, "reveal", () => press("Enter"), () => composer.updateComplete);
    expect(seen).to.deep.equal([LOADING, FAILED]);
    expect(root.querySelector(".view-status-popover")!.matches(":popover-open")).to.equal(true);
    if (!(await retried(page, root, "reveal", () => composer.updateComplete))) return;
    expect(statusOf(root, "reveal")).to.equal(null);
    expect(root.querySelector<HTMLElement>('[part="reveal"]')!.matches(":popover-open")).to.equal(true);
  });

  // Chromium only: touch input is emulated through the DevTools protocol (the `touch` and
  // `long-press` commands of test/support/a11y-commands.mjs); the other engines' drivers have no
  // touch emulation the page would see as a touch screen.
  itIn(["chromium"], retryTitle("the chip menu: a long press shows its status under the chip, and Try again opens the menu"), async () => {
    const page = await blockedPage();
    const composer = await composerOn(page);
    const root = composer.shadowRoot!;
    composer.value = { text: `run ${link(transcriptTerminal)} now`, context: { version: 1, records: [transcriptTerminal] } };
    await composer.updateComplete;
    const chip = root.querySelector<HTMLElement>(".t3-chip")!;
    const seen = await statesDuring(root, "chip-menu", () => longPressIn(page.frame, chip), () => composer.updateComplete);
    expect(seen).to.deep.equal([LOADING, FAILED]);
    if (!(await retried(page, root, "chip-menu", () => composer.updateComplete))) return;
    expect(statusOf(root, "chip-menu")).to.equal(null);
    expect(root.querySelector<HTMLElement>(".chip-menu")!.matches(":popover-open")).to.equal(true);
  });
});

describe("<t3-transcript>'s lazy views with their chunk unreachable", () => {
  it(retryTitle("the engine (drawing and Markdown): loading above the thread, failed over its plain text, and Try again draws it"), async () => {
    const page = await blockedPage();
    const transcript = page.doc.createElement("t3-transcript") as T3TranscriptElement;
    transcript.messages = [userMessage("m1", "a **bold** plan")];
    page.doc.body.append(transcript);
    const root = transcript.shadowRoot!;
    const seen = await statesDuring(root, "engine", async () => undefined, () => transcript.updateComplete);
    expect(seen).to.deep.equal([LOADING, FAILED]);
    expect(root.querySelector("article [part=body]")!.textContent).to.equal("a **bold** plan");
    if (!(await retried(page, root, "engine", () => transcript.updateComplete))) return;
    expect(statusOf(root, "engine")).to.equal(null);
    expect(root.querySelector("article [part~=body] strong")!.textContent).to.equal("bold");
  });

  it("the engine: an empty thread shows no loading status, only the failure", async () => {
    const page = await blockedPage();
    const transcript = page.doc.createElement("t3-transcript") as T3TranscriptElement;
    transcript.messages = []; // a framework's first render: a thread, with nothing in it yet
    page.doc.body.append(transcript);
    const root = transcript.shadowRoot!;
    const seen = await statesDuring(root, "engine", async () => undefined, () => transcript.updateComplete);
    expect(seen).to.deep.equal([FAILED]);
  });

  /** A transcript on a blocked page whose engine is in, with `message`; its overlays chunk is what fails. */
  async function drawnTranscript(message: ReturnType<typeof userMessage>) {
    const page = await blockedPage([ENGINE]);
    const transcript = await transcriptOn(page, [message]);
    return { page, transcript, root: transcript.shadowRoot! };
  }

  it(retryTitle("the details popover: a click on a chip shows its status under it, and Try again opens the popover"), async () => {
    const { page, transcript, root } = await drawnTranscript(userMessage("m1", `see ${link(transcriptTerminal)}`, { context: { version: 1, records: [transcriptTerminal] } }));
    const chip = root.querySelector<HTMLElement>(".t3-chip")!;
    const seen = await statesDuring(root, "popover", () => click(page.frame, chip), () => transcript.updateComplete);
    expect(seen).to.deep.equal([LOADING, FAILED]);
    if (!(await retried(page, root, "popover", () => transcript.updateComplete))) return;
    expect(statusOf(root, "popover")).to.equal(null);
    expect(root.querySelector<HTMLElement>("[part=popover]")!.matches(":popover-open")).to.equal(true);
  });

  it(retryTitle("the hover card: a focused chip shows its status under it, and Try again shows the card"), async () => {
    const { page, transcript, root } = await drawnTranscript(userMessage("m1", `see ${link(pullRequest)}`, { context: { version: 1, records: [pullRequest] } }));
    const chip = root.querySelector<HTMLElement>(".t3-chip")!;
    const seen = await statesDuring(root, "hover-card", async () => chip.focus(), () => transcript.updateComplete);
    expect(seen).to.deep.equal([LOADING, FAILED]);
    if (!(await retried(page, root, "hover-card", () => transcript.updateComplete))) return;
    expect(statusOf(root, "hover-card")).to.equal(null);
    expect(root.querySelector("[part=hover-card] .t3-details-title")!.textContent).to.equal("Fix the build");
  });

  it(retryTitle("the media modal: a click on an image chip shows its status under it, and Try again opens the modal"), async () => {
    const url = pngUrl(); // an object URL of the test's page: the frame's page can load it (same origin)
    const { page, transcript, root } = await drawnTranscript(
      userMessage("m1", `see ${link(image)}`, { context: { version: 1, records: [image] }, attachments: [{ id: "att-1", name: "shot.png", mimeType: "image/png", url }] }),
    );
    const chip = root.querySelector<HTMLElement>(".t3-chip")!;
    const seen = await statesDuring(root, "modal", () => click(page.frame, chip), () => transcript.updateComplete);
    expect(seen).to.deep.equal([LOADING, FAILED]);
    if (!(await retried(page, root, "modal", () => transcript.updateComplete))) return;
    expect(statusOf(root, "modal")).to.equal(null);
    expect(root.querySelector<HTMLDialogElement>("dialog[part=modal]")!.open).to.equal(true);
  });

  // Chromium only: touch input is emulated through the DevTools protocol (the `touch` and
  // `long-press` commands of test/support/a11y-commands.mjs); the other engines' drivers have no
  // touch emulation the page would see as a touch screen.
  itIn(["chromium"], retryTitle("the chip menu: a long press shows its status under the chip, and Try again opens the menu"), async () => {
    const { page, transcript, root } = await drawnTranscript(userMessage("m1", `see ${link(transcriptTerminal)}`, { context: { version: 1, records: [transcriptTerminal] } }));
    const chip = root.querySelector<HTMLElement>(".t3-chip")!;
    const seen = await statesDuring(root, "chip-menu", () => longPressIn(page.frame, chip), () => transcript.updateComplete);
    expect(seen).to.deep.equal([LOADING, FAILED]);
    if (!(await retried(page, root, "chip-menu", () => transcript.updateComplete))) return;
    expect(statusOf(root, "chip-menu")).to.equal(null);
    expect(root.querySelector("[part=popover] [part=chip-copy]")).to.not.equal(null);
  });
});
