// The secret redactor in the composer (docs/secrets.md): every way captured text enters the draft
// is redacted (a terminal record and an element through insertContext, a review comment in a
// pasted fragment, a plain paste inline, a long paste that becomes a file, whose uploaded bytes
// are checked), the chip says how many secrets it hides, Reveal works from the keyboard, and the
// sent record holds what the draft shows.
import { expect } from "@esm-bundle/chai";
import { sendMouse } from "@web/test-runner-commands";
import { CONTEXT_FRAGMENT_MIME } from "../../../src/codec/clipboard.js";
import { inOneUndoStep } from "../../e2e/support/frames.js";
import { redactSecrets } from "../../../src/codec/redact.js";
import type { ComposerContextRecord } from "../../../src/contract/types.js";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import { clipboard, pasteInto } from "../clipboard/helpers.js";
import { chipsOf, chord, focusEnd, frame, manualTransport, memoryTransport, mount, press, record, terminal, unmountAll } from "./helpers.js";

// Built from pieces, so that no scanner takes this file for a leak.
const TOKEN = "ghp_" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z00";
const NPM = "npm_" + "Zy9Xw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0FeDcBa";

const secretTerminal = { ...terminal, text: `$ git push https://${TOKEN}@github.com/acme/app\nDB_PASSWORD=hunter22` } as const satisfies ComposerContextRecord;
const redactedTerminalText = "$ git push https://[redacted: github-token]@github.com/acme/app\nDB_PASSWORD=[redacted: assignment]";

const review = {
  version: 1, contextId: "review-comment_r1", kind: "review-comment", label: "a.ts 3-4", sectionId: "s1", sectionTitle: "Changes",
  filePath: "src/a.ts", startIndex: 3, endIndex: 4, rangeLabel: "3-4", text: `This leaks ${NPM}`, diff: "+const x = 1;",
} as const satisfies ComposerContextRecord;

const element = {
  version: 1, contextId: "element_e1", kind: "element", label: "button", pageUrl: "http://localhost/", pageTitle: null, tagName: "button",
  selector: "#go", htmlPreview: `<button data-token="${TOKEN}">Go</button>`, componentName: null, source: null, styles: "",
} as const satisfies ComposerContextRecord;

function announcer(el: HTMLElement): string {
  return el.shadowRoot!.querySelector('[role="status"]')!.textContent!.trim();
}

function menuOf(el: T3ComposerElement): HTMLElement | null {
  return el.shadowRoot!.querySelector<HTMLElement>('[part="reveal"]');
}

function recordsOf(el: T3ComposerElement): ComposerContextRecord[] {
  return [...(el.value.context?.records ?? [])];
}

/** Selects the chip before the caret at the end of the draft, and presses Enter on it. */
async function activateLastChip(el: T3ComposerElement): Promise<void> {
  await focusEnd(el);
  await press("ArrowLeft"); // past the chip's trailing space
  await chord("Shift", "ArrowLeft");
  await press("Enter");
  await el.updateComplete;
}


describe("<t3-composer> secrets: what is redacted as it enters", () => {
  afterEach(unmountAll);

  it("redacts a terminal excerpt given to insertContext, counts it on the chip and announces it", async () => {
    const el = await mount();
    const added = record(el, "t3-context-add");
    el.insertContext(secretTerminal);
    await el.updateComplete;
    expect(recordsOf(el)).to.deep.equal([{ ...secretTerminal, text: redactedTerminalText }]);
    expect(added.map((event) => (event.detail.record as { text: string }).text)).to.deep.equal([redactedTerminalText]);
    const [chip] = chipsOf(el);
    expect(chip!.getAttribute("data-redacted")).to.equal("2");
    expect(chip!.querySelector(".t3-chip-redacted")!.textContent).to.equal("2 secrets hidden");
    expect(chip!.getAttribute("aria-label")).to.equal("Terminal: build lines 3-4, 2 secrets hidden");
    expect(chip!.getAttribute("aria-description")).to.equal("Secrets were hidden. Click the chip (or select it and press Enter) to reveal them.");
    expect(announcer(el)).to.equal("Inserted Terminal: build lines 3-4. Hid 2 secrets.");
  });

  it("redacts an element's HTML given to insertContext", async () => {
    const el = await mount();
    el.insertContext(element);
    await el.updateComplete;
    expect(recordsOf(el)).to.deep.equal([{ ...element, htmlPreview: '<button data-token="[redacted: github-token]">Go</button>' }]);
    expect(chipsOf(el)[0]!.getAttribute("data-redacted")).to.equal("1");
  });

  it("redacts a review comment's body pasted with its record, and the pasted text around it", async () => {
    const el = await mount();
    await focusEnd(el);
    const link = `[${review.label}](t3-context://v1/review-comment/${review.contextId})`;
    const fragment = { version: 1, source: { environmentId: "env-x" }, records: [review] };
    pasteInto(el, clipboard({ "text/plain": `see ${link} with token=${"s3cr3t-v4lue"}`, [CONTEXT_FRAGMENT_MIME]: JSON.stringify(fragment) }));
    await el.updateComplete;
    expect(el.value).to.deep.equal({
      text: `see ${link} with token=[redacted: assignment]`,
      context: { version: 1, records: [{ ...review, text: "This leaks [redacted: npm-token]" }] },
    });
    expect(announcer(el)).to.equal("Inserted Review comment: a.ts 3-4. Hid 2 secrets.");
  });

  it("redacts a plain paste inserted inline; one Undo takes the whole paste out", async () => {
    const el = await mount();
    await focusEnd(el);
    pasteInto(el, clipboard({ "text/plain": `export GITHUB_TOKEN=${TOKEN}` }));
    await el.updateComplete;
    expect(el.value).to.deep.equal({ text: "export GITHUB_TOKEN=[redacted: github-token]" });
    expect(announcer(el)).to.equal("Hid 1 secret.");
    await chord("Control", "z");
    await frame();
    expect(el.value).to.deep.equal({ text: "" });
  });

  it("redacts a long paste before its file is uploaded, and Reveal uploads the original bytes", async () => {
    const manual = manualTransport();
    const el = await mount();
    el.transport = manual.transport;
    await focusEnd(el);
    const long = `key: ${TOKEN}\n` + "x".repeat(5000);
    const started = manual.nextUpload();
    pasteInto(el, clipboard({ "text/plain": long }));
    const upload = await started;
    expect(await upload.file.text()).to.equal(redactSecrets(long).text);
    expect(await upload.file.text()).to.not.include(TOKEN);
    const [chip] = chipsOf(el);
    expect(chip!.getAttribute("data-redacted")).to.equal("1");
    upload.finish("up_1");
    await frame();
    const again = manual.nextUpload();
    await activateLastChip(el);
    expect(menuOf(el)!.querySelector("p")!.textContent).to.equal("Reveal the hidden secret? It will be sent as it was captured.");
    await press("Enter"); // the focused Reveal button
    const revealed = await again;
    expect(await revealed.file.text()).to.equal(long);
    expect(el.attachments[0]!.sizeBytes).to.equal(long.length);
    expect(announcer(el)).to.equal("Revealed 1 secret.");
  });
});

describe("<t3-composer> secrets: Reveal", () => {
  afterEach(unmountAll);

  it("reveals a chip from the keyboard: Enter on the chip opens the menu, Enter on Reveal puts the original back", async () => {
    const el = await mount();
    el.insertContext(secretTerminal);
    await el.updateComplete;
    await activateLastChip(el);
    const menu = menuOf(el)!;
    expect(menu.matches(":popover-open")).to.equal(true);
    expect([menu.getAttribute("role"), el.shadowRoot!.getElementById(menu.getAttribute("aria-labelledby")!)!.textContent]).to.deep.equal([
      "dialog",
      "Reveal the 2 hidden secrets? They will be sent as they were captured.",
    ]);
    expect(el.shadowRoot!.activeElement).to.equal(menu.querySelector('[part="reveal-confirm"]'));
    const changes = record(el, "t3-change");
    await press("Enter");
    await el.updateComplete;
    expect(recordsOf(el)).to.deep.equal([secretTerminal]);
    expect(changes).to.have.length(1);
    expect(announcer(el)).to.equal("Revealed 2 secrets.");
    expect(menuOf(el)).to.equal(null);
    expect(el.shadowRoot!.activeElement).to.equal(el.shadowRoot!.querySelector(".editor"));
    const [chip] = chipsOf(el);
    expect([chip!.hasAttribute("data-redacted"), chip!.querySelector(".t3-chip-redacted")]).to.deep.equal([false, null]);
  });

  it("reveals a chip by mouse: a click on the chip opens the menu, a click on Reveal puts the original back", async () => {
    const el = await mount();
    el.insertContext(secretTerminal);
    await el.updateComplete;
    const centre = (target: Element): [number, number] => {
      const box = target.getBoundingClientRect();
      return [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)];
    };
    await sendMouse({ type: "click", position: centre(chipsOf(el)[0]!) });
    // The menu is in the part loaded on demand (docs/performance.md): the first one waits for it.
    for (let frames = 0; frames < 120 && !menuOf(el); frames++) await frame();
    const menu = menuOf(el);
    expect(menu?.matches(":popover-open")).to.equal(true);
    await sendMouse({ type: "click", position: centre(menu!.querySelector('[part="reveal-confirm"]')!) });
    await el.updateComplete;
    expect(recordsOf(el)).to.deep.equal([secretTerminal]);
    expect(menuOf(el)).to.equal(null);
  });

  it("opens the menu above a chip at the bottom of the screen, inside the viewport", async () => {
    const el = await mount();
    Object.assign(el.style, { position: "fixed", insetInline: "0", bottom: "0" }); // where chat layouts put a composer
    el.insertContext(secretTerminal);
    await el.updateComplete;
    await activateLastChip(el);
    for (let frames = 0; frames < 120 && !menuOf(el); frames++) await frame();
    const menu = menuOf(el)!.getBoundingClientRect();
    const chip = chipsOf(el)[0]!.getBoundingClientRect();
    expect([menu.top >= 0, menu.bottom <= window.innerHeight, menu.bottom <= chip.top + 1]).to.deep.equal([true, true, true]);
  });

  it("keeps the secrets hidden when the menu is closed with Escape, and Undo does not reveal", async () => {
    const el = await mount();
    el.insertContext(secretTerminal);
    await el.updateComplete;
    await activateLastChip(el);
    expect(menuOf(el)).to.not.equal(null);
    await press("Escape");
    await el.updateComplete;
    expect(menuOf(el)).to.equal(null);
    expect(recordsOf(el)[0]).to.deep.include({ text: redactedTerminalText });
    await chord("Control", "z"); // takes the insertion out, and redo brings the redacted record back
    await chord("Control", "y");
    await frame();
    expect(recordsOf(el)[0]).to.deep.include({ text: redactedTerminalText });
  });

  it("keeps Reveal for a chip whose removal was undone", async () => {
    const el = await mount();
    el.insertContext(secretTerminal);
    await focusEnd(el);
    await inOneUndoStep(async () => {
      await press("Backspace"); // the trailing space
      await press("Backspace"); // the chip
    });
    await frame();
    expect(chipsOf(el)).to.have.length(0);
    await chord("Control", "z"); // both Backspaces: one undo step
    await frame();
    expect(el.value.text).to.equal(`[build lines 3-4](t3-context://v1/terminal/terminal_t1) `);
    expect(chipsOf(el)[0]!.getAttribute("aria-description")).to.equal("Secrets were hidden. Click the chip (or select it and press Enter) to reveal them.");
    await activateLastChip(el);
    await press("Enter");
    await el.updateComplete;
    expect(recordsOf(el)).to.deep.equal([secretTerminal]);
  });

  it("sends the redacted record, and after Reveal the original", async () => {
    const transport = memoryTransport();
    const el = await mount();
    el.transport = transport;
    el.insertContext(secretTerminal);
    await el.send();
    expect(transport.sent[0]!.context!.records).to.deep.equal([{ ...secretTerminal, text: redactedTerminalText }]);
    expect(JSON.stringify(transport.sent[0])).to.not.include(TOKEN);
    el.insertContext(secretTerminal);
    await el.updateComplete;
    await activateLastChip(el);
    await press("Enter");
    await el.send();
    expect(transport.sent[1]!.context!.records).to.deep.equal([secretTerminal]);
  });

  it("saves only the redacted text, and after a reload the chip still counts its secrets but has no Reveal", async () => {
    const key = `secrets-${Math.random()}`;
    const first = await mount({ "draft-key": key });
    first.insertContext(secretTerminal);
    await first.updateComplete;
    expect(localStorage.getItem(`t3-composer:draft:${key}`)).to.not.include(TOKEN);
    unmountAll();
    const el = await mount({ "draft-key": key });
    const [chip] = chipsOf(el);
    expect(chip!.getAttribute("data-redacted")).to.equal("2");
    expect(chip!.hasAttribute("aria-description")).to.equal(false);
    await activateLastChip(el);
    expect(menuOf(el)).to.equal(null);
    localStorage.removeItem(`t3-composer:draft:${key}`);
  });
});

describe("<t3-composer> secrets: redact and redactor", () => {
  afterEach(unmountAll);

  it('leaves captured text as it is with redact="off"', async () => {
    const el = await mount({ redact: "off" });
    el.insertContext(secretTerminal);
    await focusEnd(el);
    pasteInto(el, clipboard({ "text/plain": ` token=${TOKEN}` }));
    await el.updateComplete;
    expect(recordsOf(el)).to.deep.equal([secretTerminal]);
    expect(el.value.text).to.include(TOKEN);
    expect(chipsOf(el)[0]!.hasAttribute("data-redacted")).to.equal(false);
  });

  it("replaces the built-in rules with { rules }, adds to them with extend, or takes a function", async () => {
    const ticket = { id: "ticket", pattern: /TICKET-\d+/ };
    const withTicket = { ...terminal, text: `TICKET-42 ${TOKEN}` } as const satisfies ComposerContextRecord;
    const replaced = await mount();
    replaced.redactor = { rules: [ticket] };
    replaced.insertContext(withTicket);
    expect(recordsOf(replaced)[0]).to.deep.include({ text: `[redacted: ticket] ${TOKEN}` });
    const extended = await mount();
    extended.redactor = { rules: [ticket], extend: true };
    extended.insertContext(withTicket);
    expect(recordsOf(extended)[0]).to.deep.include({ text: "[redacted: ticket] [redacted: github-token]" });
    const custom = await mount();
    custom.redactor = (text) => ({ text: text.replaceAll("TICKET", "T"), hits: [{ rule: "mine", start: 0, end: 1 }] });
    custom.insertContext(withTicket);
    await custom.updateComplete;
    expect(recordsOf(custom)[0]).to.deep.include({ text: `T-42 ${TOKEN}` });
    expect(chipsOf(custom)[0]!.getAttribute("data-redacted")).to.equal("1"); // the function's one hit
  });

  it("throws a TypeError naming a bad redactor", async () => {
    const el = await mount();
    expect(() => (el.redactor = "rules" as never)).to.throw(TypeError, /redactor rules: rules must be an array, got undefined/);
    expect(() => (el.redactor = { rules: [{ id: "Bad", pattern: /x/ }] })).to.throw(TypeError, /rules\[0\] has a bad id "Bad"/);
    expect(() => (el.redactor = { rules: [], extend: "yes" } as never)).to.throw(TypeError, /extend must be a boolean, got yes/);
    el.redactor = () => ({ text: 1 }) as never;
    expect(() => el.insertContext(secretTerminal)).to.throw(TypeError, /redactor: must return \{ text: string, hits: array \}/);
    expect(el.value).to.deep.equal({ text: "" });
  });
});
