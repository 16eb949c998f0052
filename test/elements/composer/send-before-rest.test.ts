// A send of the draft asked for before the composer's rest chunk is in (src/elements/composer/send.ts,
// rest/send-draft.ts): each test opens a page of its own (fixtures/fresh-page.html, the package's
// sources, whose module graph is fresh), so that its chunk is not in yet, and holds or blocks the
// chunk on the network (test/support/server-commands.mjs). The memory transport, watched.
import { expect } from "@esm-bundle/chai";
import type { ComposerErrorDetail } from "../../../src/elements/composer/events.js";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import type { OutgoingMessage } from "../../../src/transport/types.js";
import { animationFrames, fitFrames } from "../../e2e/support/frames.js";
import { openFreshPage, REST_CHUNK, SETTLE_FRAMES, type FreshWindow } from "./fixtures/fresh-page.js";
import { blockUrls, holdUrls, releaseUrls, resetNetwork } from "../../e2e/support/network.js";

interface Page {
  win: FreshWindow;
  composer: T3ComposerElement;
  /** The texts the transport was asked to send, in order. */
  sent: string[];
  /** The events of the composer, in order: `t3-send`, `t3-sent`, `t3-error:<code>`. */
  events: string[];
  errors: ComposerErrorDetail[];
}

/** A fresh page with a composer on a watched memory transport, appended to it (not awaited). */
async function composerPage(): Promise<Page> {
  const { doc, win } = await openFreshPage();
  const memory = win.t3.createMemoryTransport();
  const sent: string[] = [];
  const events: string[] = [];
  const errors: ComposerErrorDetail[] = [];
  const composer = doc.createElement("t3-composer") as T3ComposerElement;
  composer.transport = {
    send: (message: OutgoingMessage, options) => {
      sent.push(message.text);
      return memory.send(message, options);
    },
  };
  composer.addEventListener("t3-send", () => events.push("t3-send"));
  composer.addEventListener("t3-sent", () => events.push("t3-sent"));
  composer.addEventListener("t3-error", (event) => {
    const detail = (event as CustomEvent<ComposerErrorDetail>).detail;
    errors.push(detail);
    events.push(`t3-error:${detail.code}`);
  });
  doc.body.append(composer);
  return { win, composer, sent, events, errors };
}

const editorOf = (composer: T3ComposerElement) => composer.shadowRoot!.querySelector<HTMLElement>('[part="editor"]')!;

before(() => fitFrames(1));
afterEach(resetNetwork);

describe("<t3-composer> send() before its rest chunk is in", () => {
  it("turns the editor read-only at once, sends nothing meanwhile, and sends and clears the draft once the chunk is in", async () => {
    await holdUrls([REST_CHUNK]);
    const { win, composer, sent, events } = await composerPage();
    composer.value = { text: "before the chunk" };
    const sending = composer.send();
    expect(editorOf(composer).getAttribute("contenteditable")).to.equal("false");
    expect(composer.send()).to.equal(sending); // a second call gets the running send
    await animationFrames(SETTLE_FRAMES, win);
    expect([sent, events, composer.value]).to.deep.equal([[], [], { text: "before the chunk" }]);
    expect(await releaseUrls(1)).to.be.greaterThan(0);
    const result = await sending;
    expect(result?.clientMessageId).to.match(/^msg_[a-z0-9]{20}$/);
    expect([sent, events, composer.value]).to.deep.equal([["before the chunk"], ["t3-send", "t3-sent"], { text: "" }]);
    await composer.updateComplete;
    expect(editorOf(composer).getAttribute("contenteditable")).to.equal("true");
  });

  it("an empty draft's send waits for the chunk, then sends nothing", async () => {
    await holdUrls([REST_CHUNK]);
    const { win, composer, events } = await composerPage();
    const sending = composer.send();
    expect(editorOf(composer).getAttribute("contenteditable")).to.equal("false");
    await animationFrames(SETTLE_FRAMES, win);
    await releaseUrls(1);
    expect(await sending).to.equal(undefined);
    expect(events).to.deep.equal([]);
    await composer.updateComplete;
    expect(editorOf(composer).getAttribute("contenteditable")).to.equal("true");
  });

  it("rejects with load-failed when the chunk cannot be fetched, keeps the draft and its id, and the next send goes", async () => {
    await blockUrls([REST_CHUNK]);
    const { composer, sent, events } = await composerPage();
    composer.value = { text: "keep me" };
    const failure = await composer.send().then(
      () => null,
      (error: { code: string }) => error,
    );
    expect(failure?.code).to.equal("load-failed");
    expect([sent, events.includes("t3-send"), composer.value]).to.deep.equal([[], false, { text: "keep me" }]);
    expect(events).to.include("t3-error:load-failed");
    await composer.updateComplete;
    expect(editorOf(composer).getAttribute("contenteditable")).to.equal("true");
    await blockUrls([]);
    await composer.send();
    expect([sent, composer.value]).to.deep.equal([["keep me"], { text: "" }]);
  });
});
