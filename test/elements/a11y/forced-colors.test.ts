// Forced colors (Windows high contrast), emulated through CDP: screenshots, read back pixel by
// pixel, show that the active suggestion and the chip kinds stay apart. Colours are compared
// with each other, never with a stored snapshot.
import { expect } from "@esm-bundle/chai";
import { executeServerCommand } from "@web/test-runner-commands";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import { focusEnd, frame, mount, terminal, type, unmountAll } from "../composer/helpers.js";
import { element, pullRequest } from "../transcript/fixtures.js";
import { describeIn } from "../../support/engine.js";

type Rgb = [number, number, number];

/** The pixels of a part of the viewport, from a real screenshot. */
async function pixels(rect: DOMRect): Promise<{ width: number; height: number; at(x: number, y: number): Rgb }> {
  const box = { x: Math.floor(rect.left), y: Math.floor(rect.top), width: Math.max(1, Math.round(rect.width)), height: Math.max(1, Math.round(rect.height)) };
  const { png } = await executeServerCommand<{ png: string }, typeof box>("screenshot", box);
  const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], { type: "image/png" }));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext("2d")!;
  context.drawImage(bitmap, 0, 0);
  const data = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
  return {
    width: bitmap.width,
    height: bitmap.height,
    at: (x, y) => {
      const i = (y * bitmap.width + x) * 4;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    },
  };
}

const same = (a: Rgb, b: Rgb) => a.every((channel, i) => Math.abs(channel - b[i]!) <= 8);
const key = (c: Rgb) => c.join(",");

/** The icon's colours that are not the chip's background (its ink), most frequent first. */
async function ink(chip: HTMLElement): Promise<{ count: number; colour: string; mask: string }> {
  const background = (await pixels(chip.getBoundingClientRect())).at(1, 1);
  const shot = await pixels(chip.querySelector(".t3-chip-icon")!.getBoundingClientRect());
  const counts = new Map<string, number>();
  let mask = "";
  for (let y = 0; y < shot.height; y++) {
    for (let x = 0; x < shot.width; x++) {
      const colour = shot.at(x, y);
      const inked = !same(colour, background);
      mask += inked ? "#" : ".";
      if (inked) counts.set(key(colour), (counts.get(key(colour)) ?? 0) + 1);
    }
  }
  const [colour = ""] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
  return { count: [...counts.values()].reduce((a, b) => a + b, 0), colour, mask };
}

const merged = { ...pullRequest, contextId: "review-comment_pr10", label: "#10", pullRequest: { ...pullRequest.pullRequest!, number: 10, state: "merged" as const } };

// Chromium only: forced colors are emulated through the DevTools protocol (the `forced-colors`
// command); no other engine's driver can turn them on.
describeIn(["chromium"], "forced colors, in pixels", () => {
  before(() => executeServerCommand("forced-colors", { active: true }));
  after(() => executeServerCommand("forced-colors", { active: false }));
  afterEach(unmountAll);

  it("keeps every chip icon visible, each kind its own shape, and the pull-request states apart", async () => {
    const el: T3ComposerElement = await mount();
    el.style.cssText = "display: block; font-size: 32px";
    for (const record of [terminal, element, pullRequest, merged]) el.insertContext(record, { at: "end" });
    await el.updateComplete;
    await frame();
    const chip = (id: string) => el.shadowRoot!.querySelector<HTMLElement>(`.t3-chip[data-context-id="${id}"]`)!;
    // One screenshot at a time: each is a DevTools round trip.
    const icons = [];
    for (const record of [terminal, element, pullRequest, merged]) icons.push(await ink(chip(record.contextId)));
    const [term, elem, open, done] = icons;
    for (const icon of [term, elem, open, done]) expect(icon!.count).to.be.greaterThan(20); // drawn, not blanked by Canvas
    expect(term!.mask).not.to.equal(elem!.mask); // kinds differ by shape
    expect(open!.colour).not.to.equal(done!.colour); // open and merged differ by colour
  });

  it("keeps the active suggestion apart from the others", async () => {
    const el = await mount();
    el.addEventListener("t3-trigger", (event) => event.detail.provide(Promise.resolve([{ kind: "mention", value: "src/app.ts" }, { kind: "mention", value: "src/api.ts" }])));
    await focusEnd(el);
    await type("@");
    await frame();
    await el.updateComplete;
    await frame();
    const [active, other] = [...el.shadowRoot!.querySelectorAll<HTMLElement>('[role="option"]')];
    expect(active!.getAttribute("aria-selected")).to.equal("true");
    // Sample the middle of each option, right of its text's start: its background.
    const sample = async (option: HTMLElement) => {
      const rect = option.getBoundingClientRect();
      const shot = await pixels(rect);
      return shot.at(shot.width - 4, Math.floor(shot.height / 2));
    };
    const [on, off] = [await sample(active!), await sample(other!)];
    expect(same(on, off)).to.equal(false);
  });
});
