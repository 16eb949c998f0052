// A long press on a chip in <t3-composer> while the overlays chunk (src/elements/chunks.ts,
// which holds the chip menu) is still on its way, held by the network: the gesture is seen from
// the first touch, and the menu opens once the chunk arrives, its Copy button focused. A file of
// its own: the chunk is loaded once per page, and every test here needs it not loaded yet.
import { expect } from "@esm-bundle/chai";
import { executeServerCommand } from "@web/test-runner-commands";
import { chipsOf, mount, record, terminal, unmountAll } from "../composer/helpers.js";
import { link } from "../transcript/fixtures.js";
import { longPress } from "./touch.js";
import { describeIn } from "../../support/engine.js";

/** Time for a menu that did not wait for the chunk to have shown, in ms. */
const SETTLE_MS = 300;
/** The overlays chunk's module, as the test server serves it. */
const OVERLAYS_MODULE = "*/src/elements/overlays/overlays.ts*";

const menuOf = (el: HTMLElement) => el.shadowRoot!.querySelector<HTMLElement>(".chip-menu");

// Chromium only: touch input is emulated through the DevTools protocol (the `touch`, `tap` and
// `long-press` commands of test/support/a11y-commands.mjs); the other engines' drivers have no
// touch emulation the page would see as a touch screen.
describeIn(["chromium"], "long press in <t3-composer> before the overlays chunk is in", () => {
  let holding = false;
  beforeEach(async () => {
    await executeServerCommand("touch", { enabled: true });
  });
  afterEach(async () => {
    if (holding) await executeServerCommand("release-urls");
    holding = false;
    unmountAll();
    await executeServerCommand("touch", { enabled: false });
  });

  it("opens the chip's menu once the chunk arrives, Copy focused, and does not activate the chip", async () => {
    await executeServerCommand("hold-urls", { patterns: [OVERLAYS_MODULE] });
    holding = true;
    const el = await mount({ "environment-id": "env-c" });
    el.value = { text: `run ${link(terminal)} now`, context: { version: 1, records: [terminal] } };
    await el.updateComplete;
    const activations = record(el, "t3-chip-activate");
    const [chip] = chipsOf(el);
    await longPress(chip!);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    expect(menuOf(el)).to.equal(null);
    holding = false;
    expect(await executeServerCommand<number, { expected: number }>("release-urls", { expected: 1 })).to.equal(1);
    await el.updateComplete;
    const menu = menuOf(el)!;
    expect(menu.matches(":popover-open")).to.equal(true);
    expect(menu.querySelector("p")!.textContent).to.equal(chip!.getAttribute("aria-label"));
    expect(el.shadowRoot!.activeElement).to.equal(menu.querySelector("[part=chip-copy]"));
    expect(activations).to.deep.equal([]);
  });
});
