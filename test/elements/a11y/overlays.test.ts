// The transcript's overlays with a keyboard, a mouse and a finger: the details popover in the
// tab order (APG disclosure), a hover card that can be hovered, dismissed and read on a phone,
// and the reason an unresolved chip is unavailable without hovering. Each of these was seen to
// fail against the code before its fix (docs/accessibility.md, "How it is tested"); long presses
// are in long-press.test.ts.
import { expect } from "@esm-bundle/chai";
import { executeServerCommand, sendKeys, sendMouse } from "@web/test-runner-commands";
import type { T3TranscriptElement } from "../../../src/elements/transcript/t3-transcript.js";
import { centre, chip, cleanup, element, link, mention, mount, pullRequest, shadow, stubOpen, terminal, until, userMessage } from "../transcript/fixtures.js";
import { ENGINE, itIn } from "../../support/engine.js";

const popoverOf = (el: T3TranscriptElement) => shadow(el).querySelector<HTMLElement>("[part=popover]")!;
const cardOf = (el: T3TranscriptElement) => shadow(el).querySelector<HTMLElement>("[part=hover-card]")!;
const isOpen = (node: HTMLElement) => node.matches(":popover-open");
const settle = () => new Promise((resolve) => setTimeout(resolve, 500)); // past the card's hide delay

const records = [terminal, element, mention, pullRequest];
const thread = () => [userMessage("m1", `a ${link(element)} b ${link(terminal)} c ${link(mention)}`, { context: { version: 1, records } })];

describe("<t3-transcript> overlays, accessibly", () => {
  afterEach(async () => {
    cleanup();
    // Touch is emulated in Chromium only (the tests below that use it).
    if (ENGINE === "chromium") await executeServerCommand("touch", { enabled: false });
  });

  it("puts the open details between their chip and the next chip in the tab order", async () => {
    const el = await mount(thread());
    const elementChip = chip(shadow(el), "element_e1");
    elementChip.focus();
    await sendKeys({ press: "Enter" });
    await until(() => isOpen(popoverOf(el)), "popover open");
    expect(shadow(el).activeElement).to.equal(popoverOf(el));
    const link = popoverOf(el).querySelector("a")!;
    await sendKeys({ press: "Tab" });
    expect(shadow(el).activeElement).to.equal(link);
    await sendKeys({ press: "Tab" });
    // Past its last stop: closed, and on to the chip after the element chip.
    expect(isOpen(popoverOf(el))).to.equal(false);
    expect(shadow(el).activeElement).to.equal(chip(shadow(el), "terminal_t1"));
  });

  it("goes back to the chip with Shift+Tab, and reaches a scrollable excerpt with Tab", async () => {
    const el = await mount(thread());
    const terminalChip = chip(shadow(el), "terminal_t1");
    terminalChip.focus();
    await sendKeys({ press: "Enter" });
    await until(() => isOpen(popoverOf(el)), "popover open");
    await sendKeys({ press: "Tab" });
    expect(shadow(el).activeElement).to.equal(popoverOf(el).querySelector("pre"));
    await sendKeys({ down: "Shift" });
    await sendKeys({ press: "Tab" });
    await sendKeys({ up: "Shift" });
    expect(shadow(el).activeElement).to.equal(terminalChip);
  });

  it("keeps the hover card while the pointer moves onto it, and Escape dismisses it", async () => {
    const el = await mount([userMessage("m1", `see ${link(pullRequest)}`, { context: { version: 1, records } })]);
    await sendMouse({ type: "move", position: centre(chip(shadow(el), "review-comment_pr9")) });
    await until(() => isOpen(cardOf(el)), "card open");
    await sendMouse({ type: "move", position: centre(cardOf(el)) });
    await settle();
    expect(isOpen(cardOf(el))).to.equal(true);
    await sendKeys({ press: "Escape" });
    await until(() => !isOpen(cardOf(el)), "card dismissed");
    await sendMouse({ type: "move", position: [1, 1] });
  });

  it("closes the hover card on Escape where the browser shows it as a manual popover", async () => {
    const el = await mount([userMessage("m1", `see ${link(pullRequest)}`, { context: { version: 1, records } })]);
    // What a browser without `popover="hint"` does with the card: a manual popover, which the
    // browser never closes on Escape by itself.
    cardOf(el).setAttribute("popover", "manual");
    await sendMouse({ type: "move", position: centre(chip(shadow(el), "review-comment_pr9")) });
    await until(() => isOpen(cardOf(el)), "card open");
    await sendKeys({ press: "Escape" });
    await until(() => !isOpen(cardOf(el)), "card dismissed");
    await sendMouse({ type: "move", position: [1, 1] });
  });

  it("closes the hover card once the pointer has left both chip and card", async () => {
    const el = await mount([userMessage("m1", `see ${link(pullRequest)}`, { context: { version: 1, records } })]);
    await sendMouse({ type: "move", position: centre(chip(shadow(el), "review-comment_pr9")) });
    await until(() => isOpen(cardOf(el)), "card open");
    await sendMouse({ type: "move", position: [1, 500] });
    await until(() => !isOpen(cardOf(el)), "card closed");
  });

  // Chromium only: touch input is emulated through the DevTools protocol (the `touch` and
  // `long-press` commands); the other engines' drivers have no touch emulation.
  itIn(["chromium"], "shows a pull request's card on a tap, and opens it on the second tap", async () => {
    const el = await mount([userMessage("m1", `see ${link(pullRequest)}`, { context: { version: 1, records } })]);
    await executeServerCommand("touch", { enabled: true });
    const opened = stubOpen();
    try {
      const [x, y] = centre(chip(shadow(el), "review-comment_pr9"));
      await executeServerCommand("tap", { x, y });
      await until(() => isOpen(cardOf(el)), "card open");
      expect(opened.calls).to.deep.equal([]);
      await executeServerCommand("tap", { x, y });
      await until(() => opened.calls.length === 1, "pull request opened");
      expect(opened.calls[0]![0]).to.equal(pullRequest.pullRequest!.url);
    } finally {
      opened.restore();
    }
  });

  // Chromium only: touch input is emulated through the DevTools protocol (the `touch` and
  // `long-press` commands); the other engines' drivers have no touch emulation.
  itIn(["chromium"], "says why an unresolved chip is unavailable: as its description, on focus and on a tap", async () => {
    const el = await mount([userMessage("m1", `gone ${link({ kind: "terminal", contextId: "terminal_gone", label: "old" })}`)]);
    const gone = chip(shadow(el), "terminal_gone");
    expect(gone.getAttribute("aria-description")).to.equal("This context is no longer available.");
    gone.focus();
    await until(() => isOpen(cardOf(el)), "card open on focus");
    expect(cardOf(el).textContent).to.equal("This context is no longer available.");
    gone.blur();
    await until(() => !isOpen(cardOf(el)), "card closed");
    await executeServerCommand("touch", { enabled: true });
    const [x, y] = centre(gone);
    await executeServerCommand("tap", { x, y });
    await until(() => isOpen(cardOf(el)), "card open on tap");
  });

  it("names a task list's checkboxes by their task", async () => {
    const el = await mount([{ id: "m1", role: "assistant", text: "- [x] write tests\n- [ ] ship it" }]);
    const boxes = [...shadow(el).querySelectorAll("input[type=checkbox]")];
    expect(boxes.map((box) => box.getAttribute("aria-label"))).to.deep.equal(["write tests", "ship it"]);
  });
});
