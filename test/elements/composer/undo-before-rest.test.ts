// Undo before the composer's rest chunk is in (src/elements/composer/undo.ts,
// rest/undo-history.ts): the history's code comes with the chunk, so each test opens a page of
// its own (fixtures/fresh-page.html, the package's sources, whose module graph is fresh) and holds
// the chunk on the network (test/support/server-commands.mjs). What is typed meanwhile stays
// undoable in the same steps as with the history in; Control+Z pressed meanwhile undoes once the
// chunk arrives. Real clicks and keys.
import { expect } from "@esm-bundle/chai";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import { animationFrames, click, fitFrames, inOneUndoStep, type } from "../../e2e/support/frames.js";
import { openFreshPage, REST_CHUNK, SETTLE_FRAMES, type FreshWindow } from "./fixtures/fresh-page.js";
import { holdUrls, releaseUrls, resetNetwork } from "../../e2e/support/network.js";
import { chord, imeCommit, imeCompose, mention } from "./helpers.js";

/** A fresh page with a focused composer (the chunk held by the caller). */
async function focusedComposer(): Promise<{ frame: HTMLIFrameElement; doc: Document; win: FreshWindow; composer: T3ComposerElement }> {
  const { frame, doc, win } = await openFreshPage();
  const composer = doc.createElement("t3-composer") as T3ComposerElement;
  composer.transport = win.t3.createMemoryTransport();
  doc.body.append(composer);
  await animationFrames(1, win);
  await click(frame, composer.shadowRoot!.querySelector('[part="editor"]')!);
  return { frame, doc, win, composer };
}

/** Control+Z, then what the draft holds once the composer has settled. */
async function undo(composer: T3ComposerElement): Promise<string> {
  await chord("Control", "z");
  await composer.updateComplete;
  return composer.value.text;
}

before(() => fitFrames(1));
afterEach(resetNetwork);

describe("<t3-composer> undo before its rest chunk is in", () => {
  it("undoes what was typed meanwhile once the chunk is in, in the steps the history makes: typing, then a chip inserted as a step of its own", async () => {
    await holdUrls([REST_CHUNK]);
    const { win, composer } = await focusedComposer();
    await inOneUndoStep(() => type("one"), win);
    const typed = composer.value.text;
    composer.insertContext(mention);
    const withChip = composer.value.text;
    await inOneUndoStep(() => type(" two"), win);
    const all = composer.value.text;
    await animationFrames(SETTLE_FRAMES, win);
    expect([typed, withChip === typed, all === withChip]).to.deep.equal(["one", false, false]);
    expect(await releaseUrls(1)).to.be.greaterThan(0); // it was held: not in before this line
    await composer.updateComplete;
    expect(composer.value.text).to.equal(all);
    expect([await undo(composer), await undo(composer), await undo(composer)]).to.deep.equal([withChip, typed, ""]);
    await chord("Control", "y");
    await composer.updateComplete;
    expect(composer.value.text).to.equal(typed);
  });

  it("Control+Z pressed meanwhile leaves the text until the chunk arrives, then undoes it; typing after it goes on as usual", async () => {
    await holdUrls([REST_CHUNK]);
    const { win, composer } = await focusedComposer();
    await inOneUndoStep(() => type("typed before"), win);
    await chord("Control", "z");
    await animationFrames(SETTLE_FRAMES, win);
    expect(composer.value.text).to.equal("typed before");
    expect(await releaseUrls(1)).to.be.greaterThan(0);
    await composer.updateComplete;
    expect(composer.value.text).to.equal("");
    await type("again");
    await composer.updateComplete;
    expect(composer.value.text).to.equal("again");
  });

  it("a chunk that arrives during an input method composition leaves the composition alone, and the history comes after it", async () => {
    await holdUrls([REST_CHUNK]);
    const { frame, doc, win, composer } = await focusedComposer();
    await inOneUndoStep(() => type("typed "), win);
    await imeCompose("zh");
    expect(await releaseUrls(1)).to.be.greaterThan(0);
    await composer.updateComplete;
    await imeCompose("zhong");
    await imeCompose("中");
    await imeCommit("中文");
    await animationFrames(1, win);
    expect(composer.value.text).to.equal("typed 中文");
    const undone = await undo(composer);
    // The same on a composer of the same page whose history was there from the start.
    const control = doc.createElement("t3-composer") as T3ComposerElement;
    control.transport = win.t3.createMemoryTransport();
    doc.body.append(control);
    await control.updateComplete;
    await click(frame, control.shadowRoot!.querySelector('[part="editor"]')!);
    await inOneUndoStep(() => type("typed "), win);
    await imeCompose("zh");
    await imeCompose("zhong");
    await imeCompose("中");
    await imeCommit("中文");
    await animationFrames(1, win);
    expect([control.value.text, await undo(control)]).to.deep.equal(["typed 中文", undone]);
  });
});
