// A finger on a chip before the composer's rest chunk is in (src/elements/composer/chip-press.ts):
// the watcher of the long press is in the chunk (rest/chip-press.ts), so each test opens a page of
// its own (fixtures/fresh-page.html, whose module graph is fresh) and holds the chunk on the
// network (test/support/server-commands.mjs). A long press made meanwhile opens the chip's menu
// once the chunk arrives and never activates the chip; a tap activates it once, when the chunk
// is in; the browser's own menu (its `contextmenu`, which also makes a press long) never shows.
// Real touch input through the DevTools protocol.
import { expect } from "@esm-bundle/chai";
import { executeServerCommand } from "@web/test-runner-commands";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import { HOLD_MS, pressWithMenu } from "../a11y/touch.js";
import { animationFrames, fitFrames, pointIn, waitFor } from "../../e2e/support/frames.js";
import { holdUrls, releaseUrls, resetNetwork } from "../../e2e/support/network.js";
import { link } from "../transcript/fixtures.js";
import { openFreshPage, REST_CHUNK, SETTLE_FRAMES, type FreshWindow } from "./fixtures/fresh-page.js";
import { terminal } from "./helpers.js";

/** Time for anything a lifted finger might still send (an emulated click) to arrive. */
const AFTERMATH_MS = 300;

const aftermath = () => new Promise((resolve) => setTimeout(resolve, AFTERMATH_MS));

interface Page {
  frame: HTMLIFrameElement;
  win: FreshWindow;
  composer: T3ComposerElement;
  /** The `t3-chip-activate` events, by context id. */
  activations: string[];
}

/** A fresh page with a composer holding one chip (the chunk held by the caller). */
async function composerWithChip(): Promise<Page> {
  const { frame, doc, win } = await openFreshPage();
  const composer = doc.createElement("t3-composer") as T3ComposerElement;
  composer.transport = win.t3.createMemoryTransport();
  doc.body.append(composer);
  composer.value = { text: `run ${link(terminal)} now`, context: { version: 1, records: [terminal] } };
  await composer.updateComplete;
  await animationFrames(2, win);
  const activations: string[] = [];
  composer.addEventListener("t3-chip-activate", (event) => activations.push(event.detail.contextId));
  return { frame, win, composer, activations };
}

const chipOf = (page: Page) => page.composer.shadowRoot!.querySelector<HTMLElement>(".t3-chip")!;
const menuOf = (page: Page) => page.composer.shadowRoot!.querySelector<HTMLElement>("[part=chip-menu]");
const isOpen = (node: HTMLElement | null) => node?.matches(":popover-open") === true;

async function longPress(page: Page): Promise<void> {
  const { x, y } = pointIn(page.frame, chipOf(page));
  await executeServerCommand("long-press", { x, y, ms: HOLD_MS });
}

async function tap(page: Page): Promise<void> {
  const { x, y } = pointIn(page.frame, chipOf(page));
  await executeServerCommand("tap", { x, y });
}

/** A fresh page with the chunk held, whose chip took `gesture`, and time for all it would do. */
async function touchedWhileHeld(gesture: (page: Page) => Promise<void>): Promise<Page> {
  await holdUrls([REST_CHUNK]);
  const page = await composerWithChip();
  await gesture(page);
  await aftermath();
  await animationFrames(SETTLE_FRAMES, page.win);
  return page;
}

before(() => fitFrames(1));
beforeEach(() => executeServerCommand("touch", { enabled: true }));
afterEach(async () => {
  await resetNetwork();
  await executeServerCommand("touch", { enabled: false });
});

describe("<t3-composer> long press before its rest chunk is in", () => {
  it("opens the chip's menu once the chunk arrives, and never activates the chip", async () => {
    const page = await touchedWhileHeld(longPress);
    // Nothing yet: the menu's code is in the chunk, and the lift's click was not let through.
    expect([menuOf(page), page.activations]).to.deep.equal([null, []]);
    expect(await releaseUrls(1)).to.be.greaterThan(0); // it was held: not in before this line
    await waitFor(() => isOpen(menuOf(page)), "the chip's menu");
    await aftermath();
    expect(isOpen(menuOf(page))).to.equal(true);
    expect(menuOf(page)!.querySelector("p")!.textContent).to.equal(chipOf(page).getAttribute("aria-label"));
    expect(page.activations).to.deep.equal([]);
    expect(page.composer.value.text).to.equal(`run ${link(terminal)} now`); // nothing selected away or typed over
  });

  it("takes the browser's contextmenu during a press as a long press before the time is up: canceled at once, the menu once the chunk is in", async () => {
    let menu: MouseEvent | undefined;
    const page = await touchedWhileHeld(async (page) => {
      const { x, y } = pointIn(page.frame, chipOf(page));
      // 200 ms in all, under the long-press time: only the browser's word makes the press long.
      menu = await pressWithMenu(chipOf(page), [x, y], 100, 100);
    });
    expect([menu?.defaultPrevented, menuOf(page), page.activations]).to.deep.equal([true, null, []]);
    await releaseUrls(1);
    await waitFor(() => isOpen(menuOf(page)), "the chip's menu");
    await aftermath();
    expect([isOpen(menuOf(page)), page.activations]).to.deep.equal([true, []]);
  });

  it("activates a tapped chip once, when the chunk is in, and opens no menu", async () => {
    const page = await touchedWhileHeld(tap);
    expect(page.activations).to.deep.equal([]); // the activation waits for the chunk
    await releaseUrls(1);
    await waitFor(() => page.activations.length > 0, "the activation");
    await page.composer.updateComplete;
    await aftermath();
    expect(page.activations).to.deep.equal([terminal.contextId]);
    expect(menuOf(page)).to.equal(null);
  });

  it("hands the finger to the chunk's watcher once the chunk is in: a long press then opens the menu, a tap activates", async () => {
    await holdUrls([REST_CHUNK]);
    const page = await composerWithChip();
    await releaseUrls(1); // the idle fetch asked for it; nothing was touched meanwhile
    await page.composer.updateComplete;
    await longPress(page);
    await waitFor(() => isOpen(menuOf(page)), "the chip's menu");
    await aftermath();
    expect([isOpen(menuOf(page)), page.activations]).to.deep.equal([true, []]);
    menuOf(page)!.hidePopover();
    await tap(page);
    await waitFor(() => page.activations.length > 0, "the activation");
    await aftermath();
    expect(page.activations).to.deep.equal([terminal.contextId]);
  });
});
