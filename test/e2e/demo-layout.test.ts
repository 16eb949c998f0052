// The demo app (demo/index.html, demo/app/layout.css) at every width from a small phone to a wide
// desktop: no control is cut (its text wider than its box), none sticks out of the page, and the
// page never scrolls sideways, with the developer panel closed (as on load) and open. A row that
// scrolls sideways on purpose (the sample buttons on a phone) is a scroller: its buttons are
// whole, and reached by scrolling it.
import { expect } from "@esm-bundle/chai";
import { openDemo, useDemoHost } from "./support/demo-page.js";
import { frameDocument, inFrame, waitFor } from "./support/frames.js";

const WIDTHS = [360, 390, 430, 768, 1024, 1280, 1440];
const HEIGHT = 800;
const CONTROLS = "button, select, input:not([type=file]), a, summary, label, [role=status]";

const host = useDemoHost(1);

/** Waits for two animation frames of the frame's window: layout and media queries are current. */
const settled = (win: Window) => new Promise((done) => win.requestAnimationFrame(() => win.requestAnimationFrame(done)));

/** Whether an ancestor of `node` (up to its document or shadow root) scrolls sideways on purpose. */
function inSideScroller(node: Element): boolean {
  for (let parent = node.parentElement; parent; parent = parent.parentElement) {
    const overflow = getComputedStyle(parent).overflowX;
    if ((overflow === "auto" || overflow === "scroll") && parent.scrollWidth > parent.clientWidth) return true;
  }
  return false;
}

/** Every visible control of the page and of the composer's shadow root. */
function controls(doc: Document): Element[] {
  const composer = doc.querySelector("t3-composer")!;
  return [...doc.querySelectorAll(CONTROLS), ...composer.shadowRoot!.querySelectorAll(CONTROLS)].filter((node) => node.checkVisibility());
}

/** What is cut or sticks out at the frame's current width, one line per problem. */
function problems(doc: Document, width: number): string[] {
  const found: string[] = [];
  const name = (node: Element) => `${node.localName}${node.id ? `#${node.id}` : ""} "${(node.textContent ?? "").trim().slice(0, 24)}"`;
  if (doc.documentElement.scrollWidth > width) found.push(`the page scrolls sideways: ${doc.documentElement.scrollWidth} > ${width}`);
  for (const node of controls(doc)) {
    if (node.scrollWidth > node.clientWidth && node.clientWidth > 0 && getComputedStyle(node).textOverflow !== "ellipsis") {
      found.push(`${name(node)} is cut: ${node.scrollWidth} > ${node.clientWidth}`);
    }
    const box = node.getBoundingClientRect();
    if (!inSideScroller(node) && (box.left < -0.5 || box.right > width + 0.5)) found.push(`${name(node)} sticks out: ${box.left}..${box.right} of ${width}`);
  }
  return found;
}

describe("the demo's layout from 360 px to 1440 px", () => {
  it("cuts no control and never scrolls sideways, with the developer panel closed and open", async function () {
    this.timeout(60_000);
    const page = await openDemo(host(), "layout");
    const doc = frameDocument(page.frame);
    const win = page.frame.contentWindow!;
    const panel = inFrame(page.frame, "#dev-panel");
    const toggle = inFrame<HTMLButtonElement>(page.frame, "#dev-toggle");
    expect(panel.hidden, "closed on load").to.equal(true);
    expect(toggle.getAttribute("aria-expanded")).to.equal("false");
    // A draft with chips and a sent message: the composer's rows hold what a person would see.
    page.composer.value = { text: "Why does [build lines 12-14](t3-context://v1/terminal/terminal_build-1) fail?", context: { version: 1, records: [
      { version: 1, kind: "terminal", contextId: "terminal_build-1", label: "build lines 12-14", terminalId: "build-1", terminalLabel: "build", lineStart: 12, lineEnd: 14, text: "error" },
    ] } };
    for (const open of [false, true]) {
      if (open) toggle.click();
      expect(panel.hidden).to.equal(!open);
      for (const width of WIDTHS) {
        page.frame.style.width = `${width}px`;
        page.frame.style.height = `${HEIGHT}px`;
        await waitFor(() => win.innerWidth === width, `the frame at ${width} px`);
        await settled(win);
        expect(problems(doc, width), `${width} px, panel ${open ? "open" : "closed"}`).to.deep.equal([]);
        // The composer is on screen and as wide as its column, whatever the width.
        const composer = page.composer.getBoundingClientRect();
        expect(composer.bottom, `${width} px: the composer is on screen`).to.be.at.most(HEIGHT);
        expect(composer.width, `${width} px: the composer fills its column`).to.be.greaterThan(Math.min(width, 1024) * 0.5 - 40);
      }
    }
  });
});
