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

  it("opens toward the inline end of right-to-left text, and keeps a path's @ before the path", async () => {
    const el = await mount({ dir: "rtl" });
    answer(el, many.slice(0, 2));
    el.value = { text: "ابحث " };
    await open(el, "@");
    const anchor = el.shadowRoot!.querySelector(".t3-trigger")!.getBoundingClientRect();
    const list = listbox(el).getBoundingClientRect();
    // Its right edge at the trigger's, extending left (the inline end of RTL).
    expect(Math.abs(list.right - anchor.right)).to.be.below(2);
    expect(list.left).to.be.below(anchor.left);
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
    // Room for the list both above and below the trigger.
    await setViewport({ width: 800, height: 1000 });
    const spacer = document.createElement("div");
    spacer.style.height = "320px";
    document.body.prepend(spacer);
    try {
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
    } finally {
      spacer.remove();
      await setViewport({ width: 800, height: 600 });
    }
  });
});
