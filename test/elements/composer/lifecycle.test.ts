import { expect } from "@esm-bundle/chai";
import { DRAFT_STORAGE_PREFIX } from "../../../src/elements/composer/draft-storage.js";
import { inOneUndoStep } from "../../e2e/support/frames.js";
import { T1, chipsOf, chord, editorOf, focusEnd, frame, manualTransport, mount, pngFile, press, skill, terminal, type, unmountAll } from "./helpers.js";

const S1 = "[ui](t3-context://v1/skill/skill_ui)";
/** prosemirror-history's `newGroupDelay`, which the composer keeps at its default. */
const GROUP_DELAY_MS = 500;

describe("<t3-composer> lifecycle", () => {
  afterEach(() => {
    unmountAll();
    localStorage.clear();
  });

  it("stays correct when moved to another parent: draft, chips, typing and undo history", async () => {
    const el = await mount();
    el.value = { text: `a ${T1}`, context: { version: 1, records: [terminal] } };
    await focusEnd(el);
    await inOneUndoStep(() => type(" b"));
    await frame();
    const typed = Date.now();
    const elsewhere = document.createElement("section");
    document.body.append(elsewhere);
    elsewhere.append(el);
    await el.updateComplete;
    expect(chipsOf(el)).to.have.length(1);
    expect(editorOf(el).querySelectorAll("p")).to.have.length(1);
    await focusEnd(el);
    // Past prosemirror-history's 500 ms group delay, so that " b" and "c" are two undo steps
    // whatever the move took.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, typed + GROUP_DELAY_MS + 100 - Date.now())));
    await type("c");
    await frame();
    expect(el.value.text).to.equal(`a ${T1} bc`);
    await chord("Control", "z");
    await frame();
    expect(el.value.text).to.equal(`a ${T1} b`);
    await chord("Control", "z"); // " b", typed before the move
    await frame();
    expect(el.value).to.deep.equal({ text: `a ${T1}`, context: { version: 1, records: [terminal] } });
    elsewhere.remove();
  });

  it("stays correct when moved into another shadow root: chips, arrows and typing", async () => {
    const el = await mount();
    el.value = { text: `x${S1}y`, context: { version: 1, records: [skill] } };
    const host = document.createElement("div");
    document.body.append(host);
    const root = host.attachShadow({ mode: "open" });
    root.append(el);
    await el.updateComplete;
    await focusEnd(el);
    await press("ArrowLeft");
    await press("ArrowLeft"); // over the chip in one step
    await type("<");
    await frame();
    expect(el.value.text).to.equal(`x<${S1}y`);
    expect(chipsOf(el).map((chip) => chip.getAttribute("aria-label"))).to.deep.equal(["Skill: ui"]);
    host.remove();
  });

  it("releases its window listener on disconnect (pagehide no longer saves) and takes it again on connect", async () => {
    const el = await mount({ "draft-key": "life" });
    const parent = el.parentElement!;
    el.remove(); // saves the empty draft: nothing stored
    el.value = { text: "changed while away" };
    window.dispatchEvent(new PageTransitionEvent("pagehide"));
    expect(localStorage.getItem(DRAFT_STORAGE_PREFIX + "life")).to.equal(null);
    parent.append(el);
    await el.updateComplete;
    window.dispatchEvent(new PageTransitionEvent("pagehide"));
    expect(JSON.parse(localStorage.getItem(DRAFT_STORAGE_PREFIX + "life")!)).to.deep.include({ text: "changed while away" });
  });

  it("destroys the editor view on disconnect and rebuilds it on connect", async () => {
    const el = await mount();
    el.value = { text: `${S1} z`, context: { version: 1, records: [skill] } };
    const parent = el.parentElement!;
    el.remove();
    expect(editorOf(el).childElementCount).to.equal(0);
    el.value = { text: `${S1} ${S1}`, context: { version: 1, records: [skill] } };
    parent.append(el);
    await el.updateComplete;
    expect(chipsOf(el)).to.have.length(2);
  });

  it("keeps uploads through a move, and stops them when the element stays disconnected", async () => {
    const el = await mount();
    const manual = manualTransport();
    el.transport = manual.transport;
    const started = manual.nextUpload();
    el.attachFiles([pngFile()]);
    const upload = await started;
    const other = document.createElement("div");
    document.body.append(other);
    other.append(el); // a move: disconnect and connect in one task
    await frame();
    expect(upload.options.signal.aborted).to.equal(false);
    const restarted = manual.nextUpload();
    el.remove();
    await frame();
    expect(upload.options.signal.aborted).to.equal(true);
    other.append(el); // back: the interrupted upload starts again
    const again = await restarted;
    expect(again.options.localId).to.equal(upload.options.localId);
    other.remove();
  });
});

describe("<t3-composer> moved into another document", () => {
  afterEach(unmountAll);

  it("works in a same-origin iframe's document after a move, and listens to that window's pagehide", async () => {
    const el = await mount({ "draft-key": "iframe" });
    el.value = { text: `x ${S1}`, context: { version: 1, records: [skill] } };
    const iframe = document.createElement("iframe");
    document.body.append(iframe);
    await new Promise((resolve) => (iframe.contentDocument?.readyState === "complete" ? resolve(null) : iframe.addEventListener("load", resolve, { once: true })));
    const inner = iframe.contentDocument!;
    inner.body.append(el);
    await el.updateComplete;
    expect(el.ownerDocument).to.equal(inner);
    expect(chipsOf(el).map((chip) => chip.getAttribute("aria-label"))).to.deep.equal(["Skill: ui"]);
    el.value = { text: "changed in the frame" };
    localStorage.removeItem(DRAFT_STORAGE_PREFIX + "iframe");
    iframe.contentWindow!.dispatchEvent(new Event("pagehide"));
    expect(JSON.parse(localStorage.getItem(DRAFT_STORAGE_PREFIX + "iframe")!)).to.deep.include({ text: "changed in the frame" });
    iframe.remove();
    localStorage.clear();
  });
});
