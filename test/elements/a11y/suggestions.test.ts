// The suggestion list as the audit found it wanting: the active option scrolled into view, a
// marker that is not colour alone, placement and text that follow the direction, and a list
// that leaves the Send button visible.
import { expect } from "@esm-bundle/chai";
import { setViewport } from "@web/test-runner-commands";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import type { Suggestion } from "../../../src/elements/composer/types.js";
import { focusEnd, frame, mount, press, type, unmountAll } from "../composer/helpers.js";
import { backgroundOf, contrast, parseColor } from "./contrast.js";

const many: Suggestion[] = Array.from({ length: 30 }, (_, i) => ({ kind: "mention", value: `src/file-${String(i).padStart(2, "0")}.ts` }));

function listbox(el: T3ComposerElement): HTMLElement {
  return el.shadowRoot!.querySelector<HTMLElement>('[role="listbox"]')!;
}

function active(el: T3ComposerElement): HTMLElement {
  return listbox(el).querySelector<HTMLElement>('[aria-selected="true"]')!;
}

function answer(el: T3ComposerElement, items: Suggestion[]): void {
  el.addEventListener("t3-trigger", (event) => event.detail.provide(Promise.resolve(items)));
}

async function open(el: T3ComposerElement, text: string): Promise<void> {
  await focusEnd(el);
  await type(text);
  await frame();
  await el.updateComplete;
  expect(listbox(el).matches(":popover-open")).to.equal(true);
}

/** How far apart, in CSS px, two edges may be and still count as one (sub-pixel layout). */
const EDGE_SLACK_PX = 2;
/** A composer narrower than the viewport, so there is page on both sides of it. */
const COMPOSER_WIDTH_PX = 640;
/** The viewport of the placement tests, and the page above the composer: room above and below. */
const ROOMY_VIEWPORT = { width: 900, height: 1000 };
const ROOM_ABOVE_PX = 360;

/** Runs `test` with room for the list above, below and on both sides of the composer. */
async function withRoomAround(test: () => Promise<void>): Promise<void> {
  await setViewport(ROOMY_VIEWPORT);
  const spacer = document.createElement("div");
  spacer.style.height = `${ROOM_ABOVE_PX}px`;
  document.body.prepend(spacer);
  try {
    await test();
  } finally {
    spacer.remove();
    await setViewport({ width: 800, height: 600 });
  }
}

function inView(list: HTMLElement, option: HTMLElement): boolean {
  const outer = list.getBoundingClientRect();
  const inner = option.getBoundingClientRect();
  return inner.top >= outer.top - 0.5 && inner.bottom <= outer.bottom + 0.5;
}


describe("suggestions, accessibly", () => {
  afterEach(unmountAll);

  it("scrolls the active option into view as ArrowDown and ArrowUp move past the list's box", async () => {
    const el = await mount();
    answer(el, many);
    await open(el, "@");
    const list = listbox(el);
    expect(list.scrollHeight).to.be.greaterThan(list.clientHeight); // longer than its box
    for (let i = 0; i < 20; i++) await press("ArrowDown");
    await el.updateComplete;
    expect(active(el).textContent!.trim()).to.equal("@src/file-20.ts");
    expect(inView(list, active(el))).to.equal(true);
    for (let i = 0; i < 20; i++) await press("ArrowUp");
    await el.updateComplete;
    expect(active(el).textContent!.trim()).to.equal("@src/file-00.ts");
    expect(inView(list, active(el))).to.equal(true);
    await press("ArrowUp"); // wraps to the last
    await el.updateComplete;
    expect(active(el).textContent!.trim()).to.equal("@src/file-29.ts");
    expect(inView(list, active(el))).to.equal(true);
  });

  for (const scheme of ["light", "dark"] as const) {
    it(`marks the active option with more than colour, at 3:1 or more against the list (${scheme})`, async () => {
      const el = await mount();
      el.style.colorScheme = scheme;
      answer(el, many.slice(0, 3));
      await open(el, "@");
      const [first, second] = [...listbox(el).querySelectorAll<HTMLElement>('[role="option"]')];
      const on = getComputedStyle(first!);
      const off = getComputedStyle(second!);
      // A 3 px bar at the inline start that only the active option shows.
      expect(on.borderInlineStartWidth).to.equal("3px");
      const bar = parseColor(on.borderInlineStartColor);
      expect(contrast(bar, backgroundOf(listbox(el)))).to.be.at.least(3);
      expect(contrast(bar, backgroundOf(first!))).to.be.at.least(3);
      expect(off.borderInlineStartColor).to.match(/rgba\(.*, 0\)/);
    });
  }

  // Where the list opens, read from the boxes a person sees. The composer sits in the middle of a
  // left-to-right page with room on every side of the trigger, so the browser's fallbacks
  // (flip-inline, flip-block) never decide for it: what is measured is the placement asked for.
  // Against the list placed in the page's direction below the trigger (`position-area: block-end
  // span-inline-end`, before b4cb49c), both directions fail: the list is under the trigger, and
  // in right-to-left text it runs to the right, out of the composer.
  for (const dir of ["ltr", "rtl"] as const) {
    it(`opens above the trigger, toward the inline end of ${dir} text, inside the composer`, async () => {
      await withRoomAround(async () => {
        const el = await mount({ dir });
        el.style.cssText = `display: block; width: ${COMPOSER_WIDTH_PX}px; margin-inline: auto`;
        answer(el, many.slice(0, 2));
        // About halfway along the composer's first line.
        el.value = { text: dir === "rtl" ? "من فضلك ابحث في كل ملفات هذا المشروع عن " : "please look in all of the files for " };
        await open(el, "@");
        const trigger = el.shadowRoot!.querySelector(".t3-trigger")!.getBoundingClientRect();
        const list = listbox(el).getBoundingClientRect();
        const composer = el.getBoundingClientRect();
        // The trigger is inside the composer, away from both edges: the list has room either way.
        expect(trigger.left - composer.left).to.be.above(list.width);
        expect(composer.right - trigger.right).to.be.above(list.width);
        const start = dir === "ltr" ? Math.abs(list.left - trigger.left) : Math.abs(list.right - trigger.right);
        expect({
          aboveTheTrigger: list.bottom <= trigger.top + EDGE_SLACK_PX,
          startsAtTheTrigger: start < EDGE_SLACK_PX,
          towardTheInlineEnd: dir === "ltr" ? list.right > trigger.right : list.left < trigger.left,
          insideTheComposer: list.left >= composer.left - EDGE_SLACK_PX && list.right <= composer.right + EDGE_SLACK_PX,
        }).to.deep.equal({ aboveTheTrigger: true, startsAtTheTrigger: true, towardTheInlineEnd: true, insideTheComposer: true });
      });
    });
  }

  it("keeps a path's @ before the path in right-to-left text", async () => {
    const el = await mount({ dir: "rtl" });
    answer(el, many.slice(0, 2));
    el.value = { text: "ابحث " };
    await open(el, "@");
    const label = active(el).querySelector(".suggestion-label")!;
    const texts = [...label.childNodes].filter((node): node is Text => node instanceof Text && node.data !== "");
    expect(texts.map((node) => node.data)).to.deep.equal(["@", "src/file-00.ts"]);
    const box = (node: Text) => {
      const range = document.createRange();
      range.setStart(node, 0);
      range.setEnd(node, 1);
      return range.getBoundingClientRect();
    };
    expect(box(texts[0]!).left).to.be.below(box(texts[1]!).left); // "@src/…", not "src/…@"
  });

  it("does not cover the Send button under the editor", async () => {
    await withRoomAround(async () => {
      const el = await mount();
      el.style.cssText = "display: block; width: 14em";
      const sendButton = document.createElement("button");
      sendButton.slot = "actions";
      sendButton.textContent = "Send";
      el.append(sendButton);
      answer(el, many);
      await open(el, "$");
      const list = listbox(el).getBoundingClientRect();
      const send = sendButton.getBoundingClientRect();
      const overlaps = list.left < send.right && send.left < list.right && list.top < send.bottom && send.top < list.bottom;
      expect(overlaps).to.equal(false);
    });
  });
});
