// Edit and resend before the composer's rest chunk is in (docs/composer.md, "Edit and resend"):
// the package's element, with the chunk's module held on the network (`hold-urls`,
// test/support/server-commands.mjs). `edit()` checks its argument at once and applies once the
// chunk arrives; `editing` is `null` until then; what the person types meanwhile is kept in the
// draft from before, and comes back when edit mode ends. A page loads the chunk once, so this
// file has the one test that sees it missing.
import { expect } from "@esm-bundle/chai";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import { holdUrls, releaseUrls, resetNetwork } from "../../e2e/support/network.js";
import { frame, memoryTransport, press, type } from "./helpers.js";

/** The rest chunk's entry as the test server serves the package's sources. */
const REST_MODULE = "*/src/elements/composer/rest/composer-rest.ts*";
/** Frames to let pass while the chunk is held, so that an edit that did not wait would have shown. */
const SETTLE_FRAMES = 10;

const bar = (el: T3ComposerElement) => el.shadowRoot!.querySelector("[part=editing]");

describe("<t3-composer> edit() before the rest chunk is in", () => {
  afterEach(async () => {
    await resetNetwork();
    document.querySelectorAll("t3-composer").forEach((el) => el.remove());
  });

  it("applies once the chunk arrives, with editing null until then and the typing meanwhile kept as the draft from before", async () => {
    await holdUrls([REST_MODULE]);
    // Not `mount()`: its `updateComplete` would wait for the held chunk once the idle fetch asks for it.
    const el = document.createElement("t3-composer") as T3ComposerElement;
    el.transport = memoryTransport();
    document.body.append(el);
    while (!el.shadowRoot?.querySelector("[part=editor]")?.isConnected) await frame();
    el.focus();
    await type("typed before");
    el.edit({ id: "message_1", text: "the sent message" });
    expect(el.editing).to.equal(null);
    await type(" and meanwhile");
    for (let i = 0; i < SETTLE_FRAMES; i++) await frame();
    expect([el.editing, el.value, bar(el)]).to.deep.equal([null, { text: "typed before and meanwhile" }, null]);

    expect(await releaseUrls(1)).to.equal(1);
    await el.updateComplete;
    expect(el.editing).to.deep.equal({ messageId: "message_1", preview: "the sent message" });
    expect(el.value).to.deep.equal({ text: "the sent message" });
    expect(bar(el)).to.not.equal(null);
    el.focus();
    await press("Escape");
    await el.updateComplete;
    expect([el.editing, el.value, bar(el)]).to.deep.equal([null, { text: "typed before and meanwhile" }, null]);
  });
});
