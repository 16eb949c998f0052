// Large pastes stay responsive (issue 14): a paste of thousands of chips goes in by pieces, one
// per task, as one undo step; a paste past the documented limit is refused with a message.
import { expect } from "@esm-bundle/chai";
import { PASTE_CHIPS_MAX, PASTE_PIECE_CHIPS } from "../../../src/elements/composer/paste-chunks.js";
import { clipboard, pasteInto } from "../clipboard/helpers.js";
import { chord, editorOf, focusEnd, frame, mount, record, unmountAll } from "./helpers.js";

const LINK = "[a.ts](t3-context://v1/file/f1) ";
const links = (text: string) => text.split("t3-context://").length - 1;

async function whilePasting(editor: HTMLElement): Promise<void> {
  for (let tries = 0; editor.hasAttribute("data-paste-progress"); tries++) {
    if (tries > 2000) throw new Error("the paste never finished");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("<t3-composer> large pastes", () => {
  afterEach(unmountAll);

  it("inserts a paste of many chips a piece per task, with progress, then all of it", async () => {
    const el = await mount({ "long-paste-threshold": "100000000" });
    await focusEnd(el);
    const total = PASTE_PIECE_CHIPS * 5;
    pasteInto(el, clipboard({ "text/plain": LINK.repeat(total) }));
    // Right after the paste event only the first piece is in: the rest waits for later tasks.
    expect(links(el.value.text)).to.equal(PASTE_PIECE_CHIPS);
    expect(editorOf(el).getAttribute("data-paste-progress")).to.equal("0.20");
    await whilePasting(editorOf(el));
    expect(links(el.value.text)).to.equal(total);
    expect(el.value.text).to.equal(LINK.repeat(total));
    expect(editorOf(el).hasAttribute("data-paste-progress")).to.equal(false);
  });

  it("undoes a paste made in pieces in one step", async () => {
    const el = await mount({ "long-paste-threshold": "100000000" });
    await focusEnd(el);
    pasteInto(el, clipboard({ "text/plain": "x " + LINK.repeat(PASTE_PIECE_CHIPS * 3) }));
    await whilePasting(editorOf(el));
    await frame();
    await chord("Control", "z");
    await frame();
    expect(el.value.text).to.equal("");
  });

  it("refuses a paste past the limit with a message, and inserts none of it", async () => {
    const el = await mount({ "long-paste-threshold": "100000000" });
    const errors = record(el, "t3-error");
    await focusEnd(el);
    pasteInto(el, clipboard({ "text/plain": LINK.repeat(PASTE_CHIPS_MAX + 1) }));
    await frame();
    expect(el.value.text).to.equal("");
    expect(errors.map((event) => [event.detail.code, event.detail.message])).to.deep.equal([
      ["paste-import-failed", "The paste was not inserted: it holds 100,001 context references, more than the 100,000 one paste may bring."],
    ]);
  });
});
