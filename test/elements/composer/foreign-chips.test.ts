// Chips come only from our own paths (issue 14): foreign HTML that looks like a chip never becomes
// one, whatever parses it, and a paste during a composition still goes through the paste importer.
import { expect } from "@esm-bundle/chai";
import { executeServerCommand } from "@web/test-runner-commands";
import { DOMParser } from "prosemirror-model";
import { composerSchema } from "../../../src/editor/schema.js";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import { clipboard, pasteInto } from "../clipboard/helpers.js";
import { chipsOf, editorOf, focusEnd, frame, imeCommit, imeCompose, mount, type, unmountAll } from "./helpers.js";
import { clipboardEvent, dataInputEvent } from "../../support/events.js";
import { describeIn } from "../../support/engine.js";

/** What a hostile page puts on the clipboard: a chip span pointing at another record. */
const FOREIGN_CHIP = '<span data-t3-chip data-kind="file" data-context-id="secret) [x](javascript:1" data-label="harmless note">harmless note</span>';

function parsedNodeTypes(html: string): string[] {
  const container = document.createElement("div");
  container.innerHTML = html; // inert: never attached to the document
  const types: string[] = [];
  DOMParser.fromSchema(composerSchema).parseSlice(container).content.descendants((node) => void types.push(node.type.name));
  return types;
}


describe("<t3-composer> chips from foreign HTML", () => {
  afterEach(unmountAll);

  it("no schema parse rule makes a chip of a chip-like span (what ProseMirror would parse on any platform)", () => {
    const types = parsedNodeTypes(`<p>a ${FOREIGN_CHIP} b</p>`);
    expect(types).to.not.include("chip");
    // The span's text stays, as text.
    expect(types).to.include("text");
  });

  it("sends a paste made during a composition through the paste importer", async () => {
    const el = await mount();
    await focusEnd(el);
    await type("a ");
    await imeCompose("ni");
    const event = pasteInto(el, clipboard({ "text/html": FOREIGN_CHIP, "text/plain": "harmless note" }));
    expect(event.defaultPrevented, "the paste was taken").to.equal(true);
    await imeCommit("你");
    await el.updateComplete;
    await frame();
    expect(chipsOf(el)).to.have.length(0);
    expect(el.value.text).to.include("harmless note");
    expect(el.value.text).to.not.include("t3-context://");
    expect(el.value.context?.records ?? []).to.deep.equal([]);
  });

  it("sends an unhandled insertFromPaste input (the browser inserting HTML itself) through the importer", async () => {
    const el = await mount();
    await focusEnd(el);
    const data = clipboard({ "text/html": FOREIGN_CHIP, "text/plain": "harmless note" });
    const input = dataInputEvent("insertFromPaste", data);
    editorOf(el).dispatchEvent(input);
    expect(input.defaultPrevented).to.equal(true);
    await frame();
    expect(chipsOf(el)).to.have.length(0);
    expect(el.value.text).to.equal("harmless note");
  });
});

// prosemirror-view reads the user agent once, when its module runs: a frame loaded under an
// Android agent gets ProseMirror's Android behaviour, in which it parses a paste made during a
// composition itself.
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36";

async function androidFrame(): Promise<HTMLIFrameElement> {
  await executeServerCommand("user-agent", { userAgent: ANDROID });
  const frame = document.createElement("iframe");
  frame.srcdoc = `<!doctype html><body><script type="module">import "/src/elements/define.ts"; document.title = "ready";</script></body>`;
  document.body.append(frame);
  for (let tries = 0; frame.contentDocument?.title !== "ready"; tries++) {
    if (tries > 400) throw new Error("the Android frame did not load");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return frame;
}

// Chromium only: the frame's user agent is overridden through the DevTools protocol
// (Emulation.setUserAgentOverride, the `user-agent` command); no other engine's driver can.
describeIn(["chromium"], "<t3-composer> chips from foreign HTML, with an Android user agent", () => {
  let frameElement: HTMLIFrameElement | undefined;
  afterEach(async () => {
    frameElement?.remove();
    await executeServerCommand("user-agent", { userAgent: "" });
  });

  it("makes no chip of HTML pasted during a composition", async () => {
    frameElement = await androidFrame();
    const win = frameElement.contentWindow! as Window & typeof globalThis;
    expect(win.navigator.userAgent).to.include("Android");
    const el = win.document.createElement("t3-composer") as T3ComposerElement;
    win.document.body.append(el);
    await el.updateComplete;
    frameElement.focus();
    await focusEnd(el);
    await imeCompose("ni");
    const data = new win.DataTransfer();
    data.setData("text/html", FOREIGN_CHIP);
    data.setData("text/plain", "harmless note");
    editorOf(el).dispatchEvent(clipboardEvent("paste", data, win));
    await imeCommit("你");
    await el.updateComplete;
    await frame();
    expect(chipsOf(el)).to.have.length(0);
    expect(el.value.text).to.include("harmless note");
    expect(el.value.text).to.not.include("t3-context://");
  });
});
