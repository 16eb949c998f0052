// A presenter with `expanded: "inline-block"`: activating its chip (click, Enter, Space) shows
// `renderExpanded` as a block right after the block holding the chip, and activating it again
// hides it. The chip says so with `aria-expanded` and `aria-controls`.
import { expect } from "@esm-bundle/chai";
import { sendKeys, sendMouse } from "@web/test-runner-commands";
import { html } from "lit";
import { MARKDOWN_COPY_ATTRIBUTE } from "../../../src/elements/transcript/selection-markdown.js";
import type { T3TranscriptElement } from "../../../src/elements/transcript/t3-transcript.js";
import type { UnknownContextRecord } from "../../../src/contract/types.js";
import { chipRegistry, createChipRegistry, type ChipPresenter } from "../../../src/presentation/index.js";
import { copyFrom } from "../clipboard/helpers.js";
import { article, centre, chip, cleanup, mount, rendered, shadow, userMessage } from "./fixtures.js";

type LogRecord = UnknownContextRecord & { payload: { lines: string[] } };

const logPresenter: ChipPresenter = {
  kindLabel: () => "Log",
  expanded: "inline-block",
  // A lit template: record fields go in as text parts, never as markup.
  renderExpanded: (record) => html`<ol class="log">${(record as LogRecord).payload.lines.map((line) => html`<li>${line}</li>`)}</ol>`,
};

const log = (id: string, lines: string[]): LogRecord => ({ version: 1, contextId: `log_${id}`, kind: "log", label: `log ${id}`, payload: { lines } });
const first = log("a", ["boot", "<img src=x onerror=alert(1)>"]);
const second = log("b", ["ready"]);
const linkOf = (record: LogRecord) => `[${record.label}](t3-context://v1/log/${record.contextId})`;

async function mountLogs(text: string, records: LogRecord[] = [first, second]): Promise<T3TranscriptElement> {
  const registry = createChipRegistry({ base: chipRegistry });
  registry.define("log", logPresenter);
  return mount([userMessage("m1", text, { context: { version: 1, records } })], (t) => (t.registry = registry));
}

async function click(node: Element): Promise<void> {
  const [x, y] = centre(node);
  await sendMouse({ type: "click", position: [x, y] });
}

/** The body's children as `tag.class` (or `tag`), to see where regions sit. */
function layout(el: T3TranscriptElement): string[] {
  const body = article(el, "m1").querySelector(".body")!;
  return [...body.children].map((child) => child.tagName.toLowerCase() + (child.className ? `.${child.className}` : ""));
}

function regionOf(el: T3TranscriptElement, button: HTMLElement): HTMLElement | null {
  const id = button.getAttribute("aria-controls");
  return id ? shadow(el).getElementById(id) : null;
}

describe("<t3-transcript> inline-block expansion", () => {
  afterEach(async () => {
    cleanup();
    document.getSelection()?.removeAllRanges();
    await sendMouse({ type: "move", position: [0, 0] });
  });

  it("starts collapsed, with aria-expanded false and nothing to control", async () => {
    const el = await mountLogs(`See ${linkOf(first)} now`);
    const button = chip(shadow(el), "log_a");
    expect(button.getAttribute("aria-expanded")).to.equal("false");
    expect(button.hasAttribute("aria-controls")).to.equal(false);
    expect(button.dataset.action).to.equal("expand");
    expect(layout(el)).to.deep.equal(["p"]);
  });

  it("opens on click as a block after the chip's paragraph, and closes on a second click", async () => {
    const el = await mountLogs(`See ${linkOf(first)} now\n\nAfter`);
    const button = chip(shadow(el), "log_a");
    await click(button);
    expect(button.getAttribute("aria-expanded")).to.equal("true");
    const region = regionOf(el, button)!;
    expect(layout(el)).to.deep.equal(["p", "div.chip-expansion", "p"]);
    expect(region.getAttribute("role")).to.equal("region");
    expect(region.getAttribute("aria-label")).to.equal("log a, Log");
    expect(region.getAttribute("part")).to.equal("expansion");
    expect([...region.querySelectorAll(".log li")].map((li) => li.textContent)).to.deep.equal(["boot", "<img src=x onerror=alert(1)>"]);
    expect(region.querySelector("img")).to.equal(null);
    // The paragraph's sentence stays whole: the region is after it, not inside it.
    expect(article(el, "m1").querySelector("p")!.textContent).to.equal("See log a now");
    expect(region.getBoundingClientRect().top).to.be.greaterThan(button.getBoundingClientRect().bottom - 1);

    await click(button);
    expect(button.getAttribute("aria-expanded")).to.equal("false");
    expect(button.hasAttribute("aria-controls")).to.equal(false);
    expect(layout(el)).to.deep.equal(["p", "p"]);
  });

  it("toggles with Enter and with Space on the focused chip, keeping focus there", async () => {
    const el = await mountLogs(`See ${linkOf(first)} now`);
    const button = chip(shadow(el), "log_a");
    button.focus();
    await sendKeys({ press: "Enter" });
    expect(button.getAttribute("aria-expanded")).to.equal("true");
    expect(regionOf(el, button)!.querySelector(".log")).to.not.equal(null);
    expect(shadow(el).activeElement).to.equal(button);
    await sendKeys({ press: " " });
    expect(button.getAttribute("aria-expanded")).to.equal("false");
    expect(layout(el)).to.deep.equal(["p"]);
    await sendKeys({ press: " " });
    expect(button.getAttribute("aria-expanded")).to.equal("true");
    expect(layout(el)).to.deep.equal(["p", "div.chip-expansion"]);
  });

  it("keeps two regions of one paragraph in the order of their chips", async () => {
    const el = await mountLogs(`${linkOf(first)} and ${linkOf(second)}`);
    const [a, b] = [chip(shadow(el), "log_a"), chip(shadow(el), "log_b")];
    await click(b);
    await click(a);
    const regions = [...article(el, "m1").querySelectorAll(".chip-expansion")];
    expect(regions).to.deep.equal([regionOf(el, a), regionOf(el, b)]);
    expect(regions.map((region) => region.getAttribute("aria-label"))).to.deep.equal(["log a, Log", "log b, Log"]);
  });

  it("places a region after the whole list when the chip is in a list item", async () => {
    const el = await mountLogs(`- one ${linkOf(first)}\n- two\n\nend`);
    await click(chip(shadow(el), "log_a"));
    expect(layout(el)).to.deep.equal(["ul", "div.chip-expansion", "p"]);
  });

  it("does nothing when t3-chip-activate is canceled", async () => {
    const el = await mountLogs(`See ${linkOf(first)} now`);
    el.addEventListener("t3-chip-activate", (event) => event.preventDefault());
    const button = chip(shadow(el), "log_a");
    await click(button);
    expect(button.getAttribute("aria-expanded")).to.equal("false");
    expect(layout(el)).to.deep.equal(["p"]);
  });

  it("leaves the region out of a copied selection", async () => {
    const el = await mountLogs(`See ${linkOf(first)} now\n\nAfter`);
    await click(chip(shadow(el), "log_a"));
    const body = article(el, "m1").querySelector(".body")!;
    const paragraphs = body.querySelectorAll("p");
    document.getSelection()!.setBaseAndExtent(paragraphs[0]!.firstChild!, 0, paragraphs[1]!.firstChild!, "After".length);
    const data = copyFrom(body);
    expect(data.getData("text/plain")).to.equal(`See ${linkOf(first)} now\n\nAfter`);
    expect(data.getData("text/html")).to.not.include("<ol");
    expect(data.getData("text/html")).to.include("<p>See log a now</p><p>After</p>");
  });

  it("removes the region with its block when a streaming update redraws that block", async () => {
    const el = await mountLogs(`See ${linkOf(first)} now\n\nAfter`);
    await click(chip(shadow(el), "log_a"));
    el.updateMessage("m1", { text: `See ${linkOf(first)} now\n\nAfter that` });
    await el.updateComplete;
    await rendered();
    expect(layout(el)).to.deep.equal(["p", "div.chip-expansion", "p"]); // the chip's block was kept
    el.updateMessage("m1", { text: `See ${linkOf(first)} later\n\nAfter that` });
    await el.updateComplete;
    await rendered();
    expect(layout(el)).to.deep.equal(["p", "p"]);
    expect(chip(shadow(el), "log_a").getAttribute("aria-expanded")).to.equal("false");
    expect(article(el, "m1").querySelectorAll(`[${MARKDOWN_COPY_ATTRIBUTE}]`).length).to.equal(1);
  });
});
