// A finger held on a chip, in both elements, with real touch input through the DevTools protocol
// (`Input.dispatchTouchEvent`: touchStart, a wait past the long-press time, touchEnd). A long press
// opens the chip's details with a Copy button and never activates the chip; the browser's own
// context menu (fired by a phone's browser while the finger is held: `pressWithMenu`) and text
// selection do not take it; a tap still activates. The menus' Copy, which writes the system
// clipboard, is tested with the other clipboard tests (system-clipboard.test.ts).
import { expect } from "@esm-bundle/chai";
import { executeServerCommand } from "@web/test-runner-commands";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import type { T3TranscriptElement } from "../../../src/elements/transcript/t3-transcript.js";
import { chipsOf, mount as mountComposer, record, terminal as composerTerminal, unmountAll } from "../composer/helpers.js";
import { centre, chip, cleanup, element, link, mention, mount, pullRequest, shadow, stubOpen, terminal, until, userMessage } from "../transcript/fixtures.js";
import { longPress, pressWithMenu, tap } from "./touch.js";
import { describeIn } from "../../support/engine.js";

/** The smallest target WCAG 2.5.8 allows, in CSS px. */
const MIN_TARGET_PX = 24;
/** Time for anything a lifted finger might still send (an emulated click) to arrive. */
const AFTERMATH_MS = 300;

const records = [terminal, element, mention, pullRequest];
const thread = () => [
  userMessage("m1", `a ${link(element)} b ${link(mention)} c ${link(pullRequest)}`, { context: { version: 1, records } }),
];

const aftermath = () => new Promise((resolve) => setTimeout(resolve, AFTERMATH_MS));

/** Touch emulation for every test of the suite, and `unmount` after each. */
function touchSuite(unmount: () => void): void {
  beforeEach(() => executeServerCommand("touch", { enabled: true }));
  afterEach(async () => {
    unmount();
    await executeServerCommand("touch", { enabled: false });
  });
}

/** Time after the touch when `pressWithMenu` fires the browser's `contextmenu`, and then lifts: together well under `LONG_PRESS_MS`. */
const MENU_AFTER_MS = 100;

function expectTappable(node: HTMLElement): void {
  const box = node.getBoundingClientRect();
  expect(box.width).to.be.at.least(MIN_TARGET_PX);
  expect(box.height).to.be.at.least(MIN_TARGET_PX);
}

const popoverOf = (el: T3TranscriptElement) => shadow(el).querySelector<HTMLElement>("[part=popover]")!;
const isOpen = (node: HTMLElement | null | undefined) => node?.matches(":popover-open") === true;

// Chromium only: touch input is emulated through the DevTools protocol (the `touch`, `tap` and
// `long-press` commands of test/support/a11y-commands.mjs); the other engines' drivers have no
// touch emulation the page would see as a touch screen.
describeIn(["chromium"], "long press in <t3-transcript>", () => {
  touchSuite(cleanup);

  it("opens a chip's details with Copy, and does not activate it", async () => {
    const el = await mount(thread());
    const activations = record(el, "t3-chip-activate");
    await longPress(chip(shadow(el), "element_e1"));
    await until(() => isOpen(popoverOf(el)), "menu open");
    await aftermath();
    expect(isOpen(popoverOf(el))).to.equal(true); // not closed by the lift, nor by a late click
    expect(popoverOf(el).querySelector(".t3-details-title")!.textContent).to.equal("Browser element"); // the element's details
    const copy = popoverOf(el).querySelector<HTMLElement>("[part=chip-copy]")!;
    expect(copy.textContent).to.equal("Copy");
    expectTappable(copy);
    expect(activations).to.deep.equal([]);
    expect(document.getSelection()!.toString()).to.equal("");
  });

  it("shows a pull request's details without following its link", async () => {
    const el = await mount(thread());
    const opened = stubOpen();
    try {
      await longPress(chip(shadow(el), "review-comment_pr9"));
      await until(() => isOpen(popoverOf(el)), "menu open");
      await aftermath();
      expect(opened.calls).to.deep.equal([]);
      expect(popoverOf(el).querySelector(".t3-details-title")!.textContent).to.equal("Fix the build"); // the card's content
      expect(popoverOf(el).querySelector("[part=chip-copy]")).to.not.equal(null);
    } finally {
      opened.restore();
    }
  });

  it("takes the browser's contextmenu during a press as a long press, before the time is up: the details open, the browser's menu is canceled", async () => {
    const el = await mount(thread());
    const activations = record(el, "t3-chip-activate");
    const node = chip(shadow(el), "element_e1");
    const menu = await pressWithMenu(node, centre(node), MENU_AFTER_MS, MENU_AFTER_MS);
    expect(menu.defaultPrevented).to.equal(true);
    await until(() => isOpen(popoverOf(el)), "menu open");
    await aftermath();
    expect([isOpen(popoverOf(el)), popoverOf(el).querySelector("[part=chip-copy]") !== null, activations]).to.deep.equal([true, true, []]);
  });

  it("still activates a chip on a tap after a long press", async () => {
    const el = await mount(thread());
    const activations = record(el, "t3-chip-activate");
    await longPress(chip(shadow(el), "mention_m1"));
    await until(() => isOpen(popoverOf(el)), "menu open");
    await tap(chip(shadow(el), "element_e1"));
    await until(() => activations.length === 1, "activation");
    expect(activations[0]!.detail.contextId).to.equal("element_e1");
    await until(() => isOpen(popoverOf(el)), "details open");
    expect(popoverOf(el).querySelector("[part=chip-copy]")).to.equal(null); // its details, not the menu
  });
});

const menuOf = (el: T3ComposerElement) => el.shadowRoot!.querySelector<HTMLElement>("[part=chip-menu]");

// Chromium only: touch input is emulated through the DevTools protocol (the `touch`, `tap` and
// `long-press` commands of test/support/a11y-commands.mjs); the other engines' drivers have no
// touch emulation the page would see as a touch screen.
describeIn(["chromium"], "long press in <t3-composer>", () => {
  touchSuite(unmountAll);

  async function withChip(): Promise<T3ComposerElement> {
    const el = await mountComposer({ "environment-id": "env-c" });
    el.value = { text: `run ${link(composerTerminal)} now`, context: { version: 1, records: [composerTerminal] } };
    await el.updateComplete;
    return el;
  }

  it("opens a chip's menu with Copy, and does not activate it", async () => {
    const el = await withChip();
    const activations = record(el, "t3-chip-activate");
    const [chipNode] = chipsOf(el);
    await longPress(chipNode!);
    await until(() => isOpen(menuOf(el)), "menu open");
    await aftermath();
    expect(isOpen(menuOf(el))).to.equal(true);
    expect(menuOf(el)!.querySelector("p")!.textContent).to.equal(chipNode!.getAttribute("aria-label"));
    const copy = menuOf(el)!.querySelector<HTMLElement>("[part=chip-copy]")!;
    expect(el.shadowRoot!.activeElement).to.equal(copy);
    expectTappable(copy);
    expect(activations).to.deep.equal([]);
    expect(el.value.text).to.equal(`run ${link(composerTerminal)} now`); // nothing typed or selected away
  });

  it("takes the browser's contextmenu during a press as a long press, before the time is up: the menu opens, the browser's menu is canceled", async () => {
    const el = await withChip();
    const activations = record(el, "t3-chip-activate");
    const [chipNode] = chipsOf(el);
    const menu = await pressWithMenu(chipNode!, centre(chipNode!), MENU_AFTER_MS, MENU_AFTER_MS);
    expect(menu.defaultPrevented).to.equal(true);
    await until(() => isOpen(menuOf(el)), "menu open");
    await aftermath();
    expect([isOpen(menuOf(el)), activations]).to.deep.equal([true, []]);
  });

  it("still activates a chip on a tap", async () => {
    const el = await withChip();
    const activations = record(el, "t3-chip-activate");
    await tap(chipsOf(el)[0]!);
    await until(() => activations.length === 1, "activation");
    expect(activations[0]!.detail.contextId).to.equal(composerTerminal.contextId);
    await aftermath();
    expect(menuOf(el)).to.equal(null);
  });
});
