// The styles of what the composer's chunks draw join its shadow root with the chunk
// (src/elements/adopt-styles.ts): after the element's own, once each, in every composer that uses
// the chunk, and they style what the chunk draws.
import { expect } from "@esm-bundle/chai";
import { css } from "lit";
import { adoptInto } from "../../../src/elements/adopt-styles.js";
import { restStyles } from "../../../src/elements/composer/rest/rest.styles.js";
import { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import { enterEach, focusEnd, mount, unmountAll } from "./helpers.js";

const sheetsOf = (el: HTMLElement) => el.shadowRoot!.adoptedStyleSheets;
const ownSheets = () => T3ComposerElement.elementStyles.map((style) => (style as { styleSheet: CSSStyleSheet }).styleSheet);

afterEach(unmountAll);

describe("styles that come with a chunk", () => {
  it("adoptInto adds each style once, after what the shadow root had", async () => {
    const el = await mount();
    const before = [...sheetsOf(el)];
    const one = css`.a { color: red; }`;
    const two = css`.b { color: blue; }`;
    adoptInto(el.shadowRoot, [one, two]);
    adoptInto(el.shadowRoot, [two, one]);
    expect(sheetsOf(el)).to.deep.equal([...before, one.styleSheet, two.styleSheet]);
  });

  it("the rest chunk's styles join each composer that uses it, once, and style the queue's list", async () => {
    const first = await mount();
    const second = await mount();
    for (const el of [first, second]) {
      el.busy = true; // the queue's code is in the rest chunk
      await el.updateComplete;
      await focusEnd(el);
      await enterEach(["queued one"]);
      await el.updateComplete;
      const rest = restStyles.map((style) => style.styleSheet);
      expect(sheetsOf(el).slice(0, ownSheets().length)).to.deep.equal(ownSheets());
      expect(sheetsOf(el).filter((sheet) => rest.includes(sheet))).to.deep.equal(rest);
      const list = el.shadowRoot!.querySelector('[part="queue"]')!;
      expect(getComputedStyle(list).listStyleType).to.equal("none"); // rest.styles.ts
      const button = el.shadowRoot!.querySelector<HTMLElement>('[part~="queued-remove"]')!;
      expect(button.getBoundingClientRect().height).to.be.at.least(24);
    }
  });
});
