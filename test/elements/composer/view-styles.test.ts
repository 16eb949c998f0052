// The styles of what the composer draws: the styles of a lazy view join its shadow root when the
// view loads (src/elements/adopt-styles.ts), after the element's own, once each; the controls
// beside the editor (the queue's list) are styled by the element's own styles.
import { expect } from "@esm-bundle/chai";
import { css } from "lit";
import { adoptInto } from "../../../src/elements/adopt-styles.js";
import { controlStyles } from "../../../src/elements/composer/controls.styles.js";
import { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import { enterEach, focusEnd, mount, unmountAll } from "./helpers.js";

const sheetsOf = (el: HTMLElement) => el.shadowRoot!.adoptedStyleSheets;
const ownSheets = () => T3ComposerElement.elementStyles.map((style) => (style as { styleSheet: CSSStyleSheet }).styleSheet);

afterEach(unmountAll);

describe("the composer's styles", () => {
  it("adoptInto adds each style once, after what the shadow root had", async () => {
    const el = await mount();
    const before = [...sheetsOf(el)];
    const one = css`.a { color: red; }`;
    const two = css`.b { color: blue; }`;
    adoptInto(el.shadowRoot, [one, two]);
    adoptInto(el.shadowRoot, [two, one]);
    expect(sheetsOf(el)).to.deep.equal([...before, one.styleSheet, two.styleSheet]);
  });

  it("the controls' styles are among the element's own, once, and style the queue's list", async () => {
    const first = await mount();
    const second = await mount();
    for (const el of [first, second]) {
      el.busy = true;
      await el.updateComplete;
      await focusEnd(el);
      await enterEach(["queued one"]);
      await el.updateComplete;
      const controls = controlStyles.map((style) => style.styleSheet);
      expect(sheetsOf(el).slice(0, ownSheets().length)).to.deep.equal(ownSheets());
      expect(sheetsOf(el).filter((sheet) => controls.includes(sheet))).to.deep.equal(controls);
      const list = el.shadowRoot!.querySelector('[part="queue"]')!;
      expect(getComputedStyle(list).listStyleType).to.equal("none"); // controls.styles.ts
      const button = el.shadowRoot!.querySelector<HTMLElement>('[part~="queued-remove"]')!;
      expect(button.getBoundingClientRect().height).to.be.at.least(24);
    }
  });
});
