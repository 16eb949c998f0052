// Suggestions before the composer's rest chunk is in (src/elements/composer/suggestions.ts): the
// trigger's plugin comes with the chunk (rest/undo-history.ts adds it with the undo history), as
// the list does, so each test opens a page of its own (fixtures/fresh-page.html, whose module
// graph is fresh) and holds the chunk on the network (test/support/server-commands.mjs). A query
// typed meanwhile asks the host once, when the chunk arrives, with what is typed then; one the
// caret has left asks nothing; a trigger typed asks for the chunk at once. Real clicks and keys.
import { expect } from "@esm-bundle/chai";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import { animationFrames, click, fitFrames, type, waitFor } from "../../e2e/support/frames.js";
import { holdUrls, releaseUrls, resetNetwork } from "../../e2e/support/network.js";
import { openFreshPage, REST_CHUNK, SETTLE_FRAMES, type FreshWindow } from "./fixtures/fresh-page.js";
import { press } from "./helpers.js";

interface Page {
  win: FreshWindow;
  composer: T3ComposerElement;
  /** Each `t3-trigger`'s character and query. */
  triggers: string[][];
}

/** A fresh page with a focused composer whose host answers every `@` query with two paths (the chunk held by the caller; `prepare` sees the page's window first). */
async function focusedComposer(prepare?: (win: FreshWindow) => void): Promise<Page> {
  const { frame, doc, win } = await openFreshPage();
  prepare?.(win);
  const composer = doc.createElement("t3-composer") as T3ComposerElement;
  composer.transport = win.t3.createMemoryTransport();
  const triggers: string[][] = [];
  composer.addEventListener("t3-trigger", (event) => {
    const { trigger, query } = event.detail;
    triggers.push([trigger, query]);
    event.detail.provide(Promise.resolve(["src/app.ts", "src/api.ts"].filter((path) => path.includes(query)).map((value) => ({ kind: "mention" as const, value }))));
  });
  doc.body.append(composer);
  await animationFrames(1, win);
  await click(frame, composer.shadowRoot!.querySelector('[part="editor"]')!);
  return { win, composer, triggers };
}

const listbox = (page: Page) => page.composer.shadowRoot!.querySelector<HTMLElement>('[role="listbox"]')!;
const options = (page: Page) => [...listbox(page).querySelectorAll('[role="option"]')].map((option) => option.textContent!.replace(/\s+/g, " ").trim());

before(() => fitFrames(1));
afterEach(resetNetwork);

describe("<t3-composer> suggestions before its rest chunk is in", () => {
  it("asks the host once the chunk is in, with the query typed meanwhile, then as typing goes on", async () => {
    await holdUrls([REST_CHUNK]);
    const page = await focusedComposer();
    await type("see @sr");
    await animationFrames(SETTLE_FRAMES, page.win);
    expect(page.triggers).to.deep.equal([]); // nothing could show: the host is not asked yet
    expect(page.composer.value.text).to.equal("see @sr");
    expect(await releaseUrls(1)).to.be.greaterThan(0); // it was held: not in before this line
    await waitFor(() => page.triggers.length > 0, "t3-trigger");
    await page.composer.updateComplete;
    await waitFor(() => listbox(page).matches(":popover-open"), "the list");
    expect(page.triggers).to.deep.equal([["@", "sr"]]);
    expect(options(page)).to.deep.equal(["@src/app.ts", "@src/api.ts"]);
    await type("c/ap");
    await page.composer.updateComplete;
    expect(page.triggers.slice(1)).to.deep.equal([["@", "src"], ["@", "src/"], ["@", "src/a"], ["@", "src/ap"]]);
    await press("Enter");
    await page.composer.updateComplete;
    expect(page.composer.value.text).to.match(/^see \[src\/app\.ts\]\(t3-context:\/\/v1\/mention\/mention_src-app-ts-[0-9a-f]+\) $/);
  });

  it("asks for the chunk when a trigger is typed, so that `updateComplete` after the query sees its answer", async () => {
    // A page that is never idle: the composer's fetch when idle (src/elements/idle.ts) waits
    // forever, so only the trigger can ask for the chunk. Nothing is held: it comes when asked for.
    const page = await focusedComposer((win) => {
      win.requestIdleCallback = () => 1;
    });
    await animationFrames(SETTLE_FRAMES, page.win);
    await type("see @sr");
    await page.composer.updateComplete;
    expect(page.triggers.at(-1)).to.deep.equal(["@", "sr"]);
    expect([listbox(page).matches(":popover-open"), options(page)]).to.deep.equal([true, ["@src/app.ts", "@src/api.ts"]]);
  });

  it("asks nothing for a query the caret left before the chunk came", async () => {
    await holdUrls([REST_CHUNK]);
    const page = await focusedComposer();
    await type("@sr and more");
    await animationFrames(SETTLE_FRAMES, page.win);
    await releaseUrls(1);
    await page.composer.updateComplete;
    await animationFrames(SETTLE_FRAMES, page.win);
    expect(page.triggers).to.deep.equal([]);
    expect(listbox(page).matches(":popover-open")).to.equal(false);
    await type(" @a");
    await page.composer.updateComplete;
    expect(page.triggers).to.deep.equal([["@", ""], ["@", "a"]]);
  });
});
