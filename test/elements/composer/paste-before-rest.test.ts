// Pastes, drops and `restore()` before the composer's rest chunk is in (docs/composer.md, "Paste",
// "Before the rest chunk is in"): each test opens a page of its own (fixtures/fresh-page.html, the
// package's sources), so that its chunk is not in yet, and holds or blocks the chunk on the
// network (`hold-urls`, `block-urls`: test/support/server-commands.mjs). Real clipboard and drag
// events, real keys.
import { expect } from "@esm-bundle/chai";
import type { TerminalContextRecord } from "../../../src/contract/types.js";
import type { ComposerErrorDetail } from "../../../src/elements/composer/events.js";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import { fitFrames, type } from "../../e2e/support/frames.js";
import { blockUrls, holdUrls, releaseUrls, resetNetwork } from "../../e2e/support/network.js";
import { copiedFrom, dropAtStart, openFreshPage, pasteAt, REST_CHUNK, SETTLE_FRAMES, type FreshWindow } from "./fixtures/fresh-page.js";
import { T1, chord, terminal } from "./helpers.js";

/** A legacy id, which the import plan scopes again by kind (docs/composer.md, "Paste"). */
const LEGACY = { ...terminal, contextId: "legacy_terminal_1" };
const LEGACY_LINK = "[build lines 3-4](t3-context://v1/terminal/legacy_terminal_1)";
const SCOPED = { ...terminal, contextId: "terminal_legacy_terminal_1" };
const SCOPED_LINK = "[build lines 3-4](t3-context://v1/terminal/terminal_legacy_terminal_1)";

/** A GitHub token's shape (src/codec/redact-rules.ts): redacted as it enters. */
const TOKEN = "ghp_" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z00";

interface Page {
  win: FreshWindow;
  composer: T3ComposerElement;
  errors: ComposerErrorDetail[];
}

/** A fresh page with a focused composer, drawn (not `updateComplete`: it would wait for a held chunk once the idle fetch asks for it). */
async function composerPage(): Promise<Page> {
  const { doc, win } = await openFreshPage();
  const composer = doc.createElement("t3-composer") as T3ComposerElement;
  const errors: ComposerErrorDetail[] = [];
  composer.addEventListener("t3-error", (event) => errors.push((event as CustomEvent<ComposerErrorDetail>).detail));
  doc.body.append(composer);
  while (!editorOf(composer)?.isConnected) await frames(1, win);
  composer.focus();
  return { win, composer, errors };
}

const editorOf = (composer: T3ComposerElement) => composer.shadowRoot?.querySelector<HTMLElement>('[part="editor"]');
const chipsOf = (composer: T3ComposerElement) => [...editorOf(composer)!.querySelectorAll<HTMLElement>(".t3-chip")];

async function frames(count: number, win: Window): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => win.requestAnimationFrame(resolve));
}

/** Fires a paste of `types` at the composer's editor; returns the event. */
const paste = ({ win, composer }: Page, types: Record<string, string>) => pasteAt(win, editorOf(composer)!, types);

/** What copying `text` with `terminal` in another composer puts on the clipboard. */
const copied = ({ win }: Page, text: string) => copiedFrom(win, text, [terminal]);

before(() => fitFrames(1));
afterEach(resetNetwork);

describe("<t3-composer> pastes before its rest chunk is in", () => {
  it("a paste with chips is taken in its event and applies once the chunk is in, where it was made, before what was typed after it", async () => {
    await holdUrls([REST_CHUNK]);
    const page = await composerPage();
    const { win, composer } = page;
    await type("see ");
    const event = paste(page, copied(page, `${T1} now`));
    expect(event.defaultPrevented).to.equal(true); // the browser inserts nothing of its own
    expect(editorOf(composer)!.getAttribute("data-paste-progress")).to.equal("0.00");
    await type("please");
    await frames(SETTLE_FRAMES, win);
    expect(composer.value).to.deep.equal({ text: "see please" });
    expect(await releaseUrls(1)).to.be.greaterThan(0);
    await composer.updateComplete;
    expect(composer.value).to.deep.equal({ text: `see ${T1} nowplease`, context: { version: 1, records: [terminal] } });
    expect(chipsOf(composer).map((chip) => [chip.dataset.contextId, chip.dataset.contextUnresolved])).to.deep.equal([["terminal_t1", undefined]]);
    expect(editorOf(composer)!.hasAttribute("data-paste-progress")).to.equal(false);
    await type("!"); // the caret stayed after what was typed
    expect(composer.value.text).to.equal(`see ${T1} nowplease!`);
  });

  it("pastes made meanwhile apply in order: a fragment's chips, then plain text whose link has no record", async () => {
    await holdUrls([REST_CHUNK]);
    const page = await composerPage();
    const { win, composer } = page;
    paste(page, copied(page, `${T1} `));
    paste(page, { "text/plain": `and ${LEGACY_LINK}` });
    await frames(SETTLE_FRAMES, win);
    expect(composer.value).to.deep.equal({ text: "" });
    await releaseUrls(1);
    await composer.updateComplete;
    // The second paste brought no record for its link: it stays as it is, an unresolved chip.
    expect(composer.value).to.deep.equal({ text: `${T1} and ${LEGACY_LINK}`, context: { version: 1, records: [terminal] } });
    expect(chipsOf(composer).map((chip) => chip.dataset.contextUnresolved)).to.deep.equal([undefined, "true"]);
  });

  it("a drop from outside the editor lands at its point once the chunk is in, though text was typed before it meanwhile", async () => {
    await holdUrls([REST_CHUNK]);
    const page = await composerPage();
    const { win, composer } = page;
    await type("end");
    const drop = dropAtStart(win, editorOf(composer)!, { "text/plain": "dropped " });
    expect(drop.defaultPrevented).to.equal(true);
    await type(" more");
    await frames(SETTLE_FRAMES, win);
    expect(composer.value).to.deep.equal({ text: "end more" });
    await releaseUrls(1);
    await composer.updateComplete;
    expect(composer.value).to.deep.equal({ text: "dropped end more" });
  });

  it("restore() checks its argument at once and replaces the draft once the chunk is in, through the import plan", async () => {
    await holdUrls([REST_CHUNK]);
    const page = await composerPage();
    const { win, composer } = page;
    await type("typed");
    let thrown: unknown;
    try {
      composer.restore({ text: "x" } as never);
    } catch (error) {
      thrown = error;
    }
    expect((thrown as Error | undefined)?.name).to.equal("TypeError"); // of the page's own realm
    expect((thrown as Error).message).to.match(/^restore: expected a stash entry/);
    composer.restore({ version: 1, text: `${LEGACY_LINK} back`, records: [LEGACY], createdAt: "2026-01-01T00:00:00.000Z" });
    await frames(SETTLE_FRAMES, win);
    expect(composer.value).to.deep.equal({ text: "typed" });
    await releaseUrls(1);
    await composer.updateComplete;
    expect(composer.value).to.deep.equal({ text: `${SCOPED_LINK} back`, context: { version: 1, records: [SCOPED] } });
  });

  it("a paste while the chunk cannot be fetched is a load-failed, and its text goes in as plain text, redacted, its link an unresolved chip", async () => {
    await blockUrls([REST_CHUNK]);
    const page = await composerPage();
    const { composer, errors } = page;
    await type("a ");
    paste(page, copied(page, `${T1} token ${TOKEN}`));
    await type("b");
    await composer.updateComplete;
    expect(errors.map(({ code }) => code)).to.include("load-failed");
    const { text } = composer.value;
    expect([text.startsWith(`a ${T1} token `), text.endsWith("b"), text.includes(TOKEN), text.includes("github-token")]).to.deep.equal([true, true, false, true]);
    expect(composer.value.context).to.equal(undefined);
    expect(chipsOf(composer).map((chip) => chip.dataset.contextUnresolved)).to.deep.equal(["true"]);
  });

  it("the records of a paste made while the chunk could not be fetched join, redacted, when the next use fetches it; a legacy id is scoped again", async () => {
    await blockUrls([REST_CHUNK]);
    const page = await composerPage();
    const { composer, errors } = page;
    const other = { ...terminal, contextId: "legacy_terminal_2", lineStart: 9, lineEnd: 9, text: `export GH=${TOKEN}` };
    const otherLink = "[build lines 3-4](t3-context://v1/terminal/legacy_terminal_2)";
    paste(page, copiedFrom(page.win, `${T1} and ${otherLink}`, [terminal, other]));
    await composer.updateComplete;
    expect(errors.map(({ code }) => code)).to.include("load-failed");
    expect([composer.value.text, composer.value.context]).to.deep.equal([`${T1} and ${otherLink}`, undefined]);
    expect(chipsOf(composer).map((chip) => chip.dataset.contextUnresolved)).to.deep.equal(["true", "true"]);
    await blockUrls([]);
    // A plain paste is the next use: it fetches the chunk, and the first paste's records come with it.
    paste(page, { "text/plain": " x" });
    await composer.updateComplete;
    const scopedLink = "[build lines 3-4](t3-context://v1/terminal/terminal_legacy_terminal_2)";
    expect(composer.value.text).to.equal(`${T1} and ${scopedLink} x`);
    const records = (composer.value.context?.records ?? []) as TerminalContextRecord[];
    expect(records.map((record) => record.contextId)).to.deep.equal(["terminal_t1", "terminal_legacy_terminal_2"]);
    expect(records[0]).to.deep.equal(terminal);
    expect([records[1]!.lineStart, records[1]!.text.includes(TOKEN), records[1]!.text.includes("github-token")]).to.deep.equal([9, false, true]);
    expect(chipsOf(composer).map((chip) => chip.dataset.contextUnresolved)).to.deep.equal([undefined, undefined]);
  });

  it("undo and redo of a paste whose records joined later bring its chips back resolved, under the id the plan gave them", async () => {
    await blockUrls([REST_CHUNK]);
    const page = await composerPage();
    const { composer } = page;
    paste(page, copiedFrom(page.win, `${LEGACY_LINK} z`, [LEGACY]));
    await composer.updateComplete;
    await blockUrls([]);
    paste(page, { "text/plain": " x" });
    await composer.updateComplete;
    const steps: unknown[] = [];
    for (const key of ["z", "z", "y"]) {
      await chord("Control", key);
      await composer.updateComplete;
      steps.push([composer.value, chipsOf(composer).map((chip) => chip.dataset.contextUnresolved)]);
    }
    const resolved = { text: `${SCOPED_LINK} z`, context: { version: 1, records: [SCOPED] } };
    expect(steps).to.deep.equal([[resolved, [undefined]], [{ text: "" }, []], [resolved, [undefined]]]);
  });

  it("the records of a drop made while the chunk could not be fetched join when the next use fetches it", async () => {
    await blockUrls([REST_CHUNK]);
    const page = await composerPage();
    const { win, composer, errors } = page;
    await type("end");
    const drop = dropAtStart(win, editorOf(composer)!, copied(page, `${T1} `));
    expect(drop.defaultPrevented).to.equal(true);
    await composer.updateComplete;
    expect(errors.map(({ code }) => code)).to.include("load-failed");
    // Dropped at the start, as plain text: its chip unresolved until the records come.
    expect([composer.value.text, composer.value.context]).to.deep.equal([`${T1} end`, undefined]);
    expect(chipsOf(composer).map((chip) => chip.dataset.contextUnresolved)).to.deep.equal(["true"]);
    await blockUrls([]);
    // The next use fetches it: a paste, at the caret the drop left after what it dropped.
    paste(page, { "text/plain": "!" });
    await composer.updateComplete;
    expect(composer.value).to.deep.equal({ text: `${T1} !end`, context: { version: 1, records: [terminal] } });
    expect(chipsOf(composer).map((chip) => chip.dataset.contextUnresolved)).to.deep.equal([undefined]);
  });

  it("restore() while the chunk cannot be fetched is a load-failed, and the entry comes back as it is", async () => {
    await blockUrls([REST_CHUNK]);
    const page = await composerPage();
    const { composer, errors } = page;
    composer.restore({ version: 1, text: `${T1} back`, records: [terminal], createdAt: "2026-01-01T00:00:00.000Z" });
    await composer.updateComplete;
    expect(errors.map(({ code }) => code)).to.include("load-failed");
    expect(composer.value).to.deep.equal({ text: `${T1} back`, context: { version: 1, records: [terminal] } });
  });
});
