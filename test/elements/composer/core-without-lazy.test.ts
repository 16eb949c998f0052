// The composer's core never waits for a lazy module (docs/architecture.md, "The composer"): on a
// page where every dynamically imported module is unreachable (fixtures/lazy-block.ts), real keys
// type, Control+Z and Control+Y undo and redo, a paste of a clipboard fragment brings its chip and
// record, and Enter sends through the memory transport. A lazy view that cannot load says so and
// offers a retry. Each test opens a page of its own, so that nothing lazy was loaded before the
// block.
import { expect } from "@esm-bundle/chai";
import type { ComposerErrorDetail } from "../../../src/elements/composer/events.js";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import type { OutgoingMessage } from "../../../src/transport/types.js";
import { animationFrames, click, fitFrames, inOneUndoStep, press, type } from "../../e2e/support/frames.js";
import { copiedFrom, pasteAt, type FreshWindow } from "./fixtures/fresh-page.js";
import { openBlockedPage, removeWorker } from "./fixtures/lazy-block.js";
import { T1, chord, terminal } from "./helpers.js";

/** A lazy module of the composer (src/elements/composer/parts.ts loads it), which the element's own graph does not hold. */
const LAZY_MODULE = "/src/elements/composer/on-demand/composer-parts.ts";

interface Page {
  win: FreshWindow;
  composer: T3ComposerElement;
  /** The composer's events, in order: `t3-change`, `t3-context-add`, `t3-send`, `t3-sent`, `t3-error:<code>`. */
  events: string[];
  /** What the transport was asked to send. */
  sent: OutgoingMessage[];
}

/** A blocked page with a composer on a watched memory transport, its editor clicked into. */
async function blockedComposer(): Promise<Page> {
  const { frame, doc, win } = await openBlockedPage();
  const composer = doc.createElement("t3-composer") as T3ComposerElement;
  const memory = win.t3.createMemoryTransport();
  const sent: OutgoingMessage[] = [];
  composer.transport = {
    send: (message: OutgoingMessage, options) => {
      sent.push(message);
      return memory.send(message, options);
    },
  };
  const events: string[] = [];
  for (const name of ["t3-change", "t3-context-add", "t3-send", "t3-sent"] as const) composer.addEventListener(name, () => events.push(name));
  composer.addEventListener("t3-error", (event) => events.push(`t3-error:${(event as CustomEvent<ComposerErrorDetail>).detail.code}`));
  doc.body.append(composer);
  await animationFrames(1, win);
  await click(frame, composer.shadowRoot!.querySelector('[part="editor"]')!);
  return { win, composer, events, sent };
}

/** The events of `page` other than failed loads of lazy views (an idle prefetch may report one). */
const draftEvents = ({ events }: Page) => events.filter((name) => name !== "t3-error:load-failed");

before(() => fitFrames(1));
afterEach(() => document.querySelectorAll("iframe").forEach((frame) => frame.remove()));
after(removeWorker);

describe("<t3-composer> with every dynamically imported module unreachable", () => {
  it("the block is in force: a lazy module of the page cannot be imported", async () => {
    const { win } = await blockedComposer();
    const load = new win.Function("url", "return import(url)") as (url: string) => Promise<unknown>;
    const outcome = await load(LAZY_MODULE).then(
      () => "loaded",
      () => "failed",
    );
    expect(outcome).to.equal("failed");
  });

  it("types what the keys say, and tells the host with t3-change", async () => {
    const { win, composer } = await blockedComposer();
    const changes: string[] = [];
    composer.addEventListener("t3-change", (event) => changes.push((event as CustomEvent<{ value: { text: string } }>).detail.value.text));
    await type("hello");
    await animationFrames(1, win);
    expect(composer.value).to.deep.equal({ text: "hello" });
    expect(changes).to.deep.equal(["h", "he", "hel", "hell", "hello"]);
  });

  it("Control+Z undoes the typing and Control+Y redoes it", async () => {
    const { win, composer } = await blockedComposer();
    composer.value = { text: "say " };
    await inOneUndoStep(() => type("hello"), win);
    expect(composer.value.text).to.equal("say hello");
    await chord("Control", "z");
    await animationFrames(1, win);
    expect(composer.value.text).to.equal("say ");
    await chord("Control", "y");
    await animationFrames(1, win);
    expect(composer.value.text).to.equal("say hello");
  });

  it("a paste of a clipboard fragment brings its chip and its record in its own event", async () => {
    const current = await blockedComposer();
    const { win, composer } = current;
    await type("see ");
    const editor = composer.shadowRoot!.querySelector<HTMLElement>('[part="editor"]')!;
    const event = pasteAt(win, editor, copiedFrom(win, `${T1} now`, [terminal]));
    expect(event.defaultPrevented).to.equal(true);
    expect(composer.value).to.deep.equal({ text: `see ${T1} now`, context: { version: 1, records: [terminal] } });
    await animationFrames(1, win);
    const chips = [...editor.querySelectorAll<HTMLElement>(".t3-chip")].map((chip) => [chip.dataset.contextId, chip.dataset.contextUnresolved ?? "resolved"]);
    expect(chips).to.deep.equal([["terminal_t1", "resolved"]]);
    expect(draftEvents(current).filter((name) => name === "t3-context-add")).to.deep.equal(["t3-context-add"]);
  });

  it("Enter sends the draft with its records through the memory transport, fires t3-send and t3-sent, and clears it", async () => {
    const current = await blockedComposer();
    const { win, composer } = current;
    composer.value = { text: `fix ${T1}`, context: { version: 1, records: [terminal] } };
    composer.focus();
    current.events.length = 0;
    await press("Enter");
    while (!current.events.includes("t3-sent") && !current.events.some((name) => name.startsWith("t3-error:send"))) await animationFrames(1, win);
    expect(current.sent.map((message) => [message.text, message.context?.records])).to.deep.equal([[`fix ${T1}`, [terminal]]]);
    expect(draftEvents(current).filter((name) => name === "t3-send" || name === "t3-sent")).to.deep.equal(["t3-send", "t3-sent"]);
    expect(composer.value).to.deep.equal({ text: "" });
  });

  it("showPreview() says the panel is loading, then that it could not be loaded, with a retry that asks again", async () => {
    const current = await blockedComposer();
    const { composer } = current;
    const status = () => {
      const element = composer.shadowRoot!.querySelector<HTMLElement>('[part="preview-status"]');
      return element && [element.getAttribute("role"), element.querySelector("span")?.textContent ?? element.textContent!.trim()];
    };
    // Each state the part goes through, in order, as the shadow root changes.
    const seen: unknown[] = [];
    const observer = new MutationObserver(() => {
      const now = status();
      if (now && JSON.stringify(now) !== JSON.stringify(seen.at(-1))) seen.push(now);
    });
    observer.observe(composer.shadowRoot!, { subtree: true, childList: true, attributes: true, characterData: true });
    composer.showPreview();
    await composer.updateComplete;
    observer.disconnect();
    expect(seen).to.deep.equal([["status", "Loading…"], ["alert", "This could not be loaded."]]);
    composer.shadowRoot!.querySelector<HTMLButtonElement>('[part="preview-retry"]')!.click();
    await composer.updateComplete;
    expect(status()).to.deep.equal(["alert", "This could not be loaded."]);
    expect(current.events.filter((name) => name === "t3-error:load-failed").length).to.be.at.least(2);
    composer.shadowRoot!.querySelector<HTMLButtonElement>('[part="preview-dismiss"]')!.click();
    await composer.updateComplete;
    expect(status()).to.equal(null);
    expect(composer.shadowRoot!.querySelector('[part~="preview"]')).to.equal(null);
  });
});
