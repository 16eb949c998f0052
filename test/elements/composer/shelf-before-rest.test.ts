// The shelf's confirmation (src/elements/composer/shelf.ts, rest/shelf-confirm.ts) asked for
// before the composer's rest chunk is in: each test opens a page of its own
// (fixtures/fresh-page.html, the package's sources, whose module graph is fresh), so that its
// chunk is not in yet, and holds or blocks the chunk on the network
// (test/support/server-commands.mjs). Real clicks (frames.ts, `click`).
import { expect } from "@esm-bundle/chai";
import type { ComposerErrorDetail } from "../../../src/elements/composer/events.js";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import { animationFrames, click, fitFrames } from "../../e2e/support/frames.js";
import { openFreshPage, REST_CHUNK, SETTLE_FRAMES, type FreshWindow } from "./fixtures/fresh-page.js";
import { blockUrls, holdUrls, releaseUrls, resetNetwork } from "../../e2e/support/network.js";

/** A 1×1 PNG. */
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

/** A fresh page with a composer holding one image, referenced by its chip. */
async function composerWithImage(): Promise<{ frame: HTMLIFrameElement; win: FreshWindow; composer: T3ComposerElement; errors: ComposerErrorDetail[] }> {
  const { frame, doc, win } = await openFreshPage();
  const composer = doc.createElement("t3-composer") as T3ComposerElement;
  const errors: ComposerErrorDetail[] = [];
  composer.addEventListener("t3-error", (event) => errors.push((event as CustomEvent<ComposerErrorDetail>).detail));
  composer.transport = win.t3.createMemoryTransport();
  doc.body.append(composer);
  const bytes = Uint8Array.from(atob(PNG), (c) => c.charCodeAt(0));
  composer.attachFiles([new win.File([bytes], "a.png", { type: "image/png" })]);
  await animationFrames(1, win);
  return { frame, win, composer, errors };
}

const part = (composer: T3ComposerElement, name: string) => composer.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
const confirmOf = (composer: T3ComposerElement) => composer.shadowRoot!.querySelector<HTMLDialogElement>('[part="confirm"]');

before(() => fitFrames(1));
afterEach(resetNetwork);

describe("<t3-composer> the shelf's confirmation before its rest chunk is in", () => {
  it("removing a referenced thumbnail meanwhile asks once the chunk is in; Remove takes the image and its chip", async () => {
    await holdUrls([REST_CHUNK]);
    const { frame, win, composer } = await composerWithImage();
    await click(frame, part(composer, "thumbnail-remove")!);
    await animationFrames(SETTLE_FRAMES, win);
    expect(confirmOf(composer)).to.equal(null);
    expect([composer.attachments.map(({ name }) => name), /image\/image_att_/.test(composer.value.text)]).to.deep.equal([["a.png"], true]);
    expect(await releaseUrls(1)).to.be.greaterThan(0);
    await composer.updateComplete;
    const dialog = confirmOf(composer)!;
    expect(dialog.open).to.equal(true);
    expect(dialog.textContent!.replace(/\s+/g, " ")).to.contain("Remove “a.png”? The message refers to it once");
    await click(frame, dialog.querySelector('[part="confirm-remove"]')!);
    await composer.updateComplete;
    expect([dialog.open, composer.attachments, composer.value]).to.deep.equal([false, [], { text: "" }]);
  });

  it("with the chunk blocked the removal is a load-failed t3-error and keeps the image; a later load does not ask; asked again, it asks", async () => {
    await blockUrls([REST_CHUNK]);
    const { frame, composer, errors } = await composerWithImage();
    await click(frame, part(composer, "thumbnail-remove")!);
    await composer.updateComplete;
    expect(errors.map(({ code }) => code)).to.include("load-failed");
    expect([confirmOf(composer), composer.attachments.map(({ name }) => name)]).to.deep.equal([null, ["a.png"]]);
    await blockUrls([]);
    await composer.send().catch(() => undefined); // brings the chunk in (the upload that waited for it failed)
    await composer.updateComplete;
    expect(confirmOf(composer)!.open).to.equal(false); // the failed question does not come back by itself
    await click(frame, part(composer, "thumbnail-remove")!);
    await composer.updateComplete;
    const dialog = confirmOf(composer)!;
    expect(dialog.open).to.equal(true);
    await click(frame, dialog.querySelector('[part="confirm-cancel"]')!);
    await composer.updateComplete;
    expect([dialog.open, composer.attachments.map(({ name }) => name)]).to.deep.equal([false, ["a.png"]]);
  });
});
