// The records of a paste made while the composer's rest chunk could not be fetched, joining the
// draft later (docs/composer.md, "Paste", "Before the rest chunk is in"; import-wait.ts,
// `keepUnresolved` and `resolve`; rest/paste-text.ts, `resolvePasted`): a chip the import plan
// rewrites, and which arrivals of the chunk bring them (rest.ts, `awaitImports`: whichever
// composer of the page fetched it, a use of this one, another one's, or an idle fetch).
// Each test opens a page of its own (fixtures/fresh-page.html) and blocks the chunk on the
// network (`block-urls`: test/support/server-commands.mjs). Real clipboard events.
import { expect } from "@esm-bundle/chai";
import type { ComposerContextRecord, PreviewAnnotationContextRecord } from "../../../src/contract/types.js";
import type { ComposerErrorDetail } from "../../../src/elements/composer/events.js";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import { animationFrames, fitFrames, waitFor } from "../../e2e/support/frames.js";
import { blockUrls, resetNetwork } from "../../e2e/support/network.js";
import { element } from "../transcript/fixtures.js";
import { copiedFrom, openFreshPage, pasteAt, REST_CHUNK, type FreshWindow } from "./fixtures/fresh-page.js";
import { T1, chipsOf, editorOf, terminal } from "./helpers.js";

const ELEMENT_LINK = "[<Button>](t3-context://v1/element/element_e1)";
/** `element` as the import plan rebuilds it (import-plan.ts, `annotationFromElement`), as paste.test.ts expects it of a paste. */
const ANNOTATION: PreviewAnnotationContextRecord = (() => {
  const { version: _version, contextId: _contextId, kind: _kind, label: _label, ...details } = element;
  return {
    version: 1, contextId: "preview-annotation_e1", kind: "preview-annotation", label: "<Button>", annotationId: "e1",
    pageUrl: element.pageUrl, pageTitle: element.pageTitle, comment: "", targetSummary: "1 selected element", styleChanges: [],
    elements: [details], elementIds: ["e1"],
  };
})();
const ANNOTATION_LINK = "[<Button>](t3-context://v1/preview-annotation/preview-annotation_e1)";

interface Page {
  doc: Document;
  win: FreshWindow;
}

/** A composer of `page`, drawn (not `updateComplete`, which would wait for its idle fetch once that has started), with the codes of its `t3-error`s. */
async function addComposer({ doc, win }: Page): Promise<{ composer: T3ComposerElement; errors: string[] }> {
  const composer = doc.createElement("t3-composer") as T3ComposerElement;
  const errors: string[] = [];
  composer.addEventListener("t3-error", (event) => errors.push((event as CustomEvent<ComposerErrorDetail>).detail.code));
  doc.body.append(composer);
  while (!composer.shadowRoot?.querySelector(".editor")?.isConnected) await animationFrames(1, win);
  return { composer, errors };
}

/** Fires a paste of `types` at `composer`'s editor. */
const paste = ({ win }: Page, composer: T3ComposerElement, types: Record<string, string>) => void pasteAt(win, editorOf(composer), types);

/** What copying `text` with `records` in another composer puts on the clipboard. */
const copied = ({ win }: Page, text: string, records: ComposerContextRecord[]) => copiedFrom(win, text, records);

/** Each chip's kind, id and whether it is drawn unresolved. */
const chipStates = (composer: T3ComposerElement) =>
  chipsOf(composer).map((chip) => [chip.dataset.kind, chip.dataset.contextId, chip.dataset.contextUnresolved]);

before(() => fitFrames(1));
afterEach(resetNetwork);

describe("<t3-composer> resolves the records of a paste made while its rest chunk could not be fetched", () => {
  it("an element record becomes a preview annotation, and its chip is written again as the annotation's, resolved", async () => {
    await blockUrls([REST_CHUNK]);
    const page = await openFreshPage();
    const { composer, errors } = await addComposer(page);
    composer.focus();
    paste(page, composer, copied(page, `fix ${ELEMENT_LINK}`, [element]));
    await composer.updateComplete;
    expect(errors).to.include("load-failed");
    expect(composer.value).to.deep.equal({ text: `fix ${ELEMENT_LINK}` });
    expect(chipStates(composer)).to.deep.equal([["element", "element_e1", "true"]]);
    await blockUrls([]);
    // A plain paste is the next use: it fetches the chunk, and the first paste's record comes with it.
    paste(page, composer, { "text/plain": " x" });
    await composer.updateComplete;
    expect(composer.value).to.deep.equal({ text: `fix ${ANNOTATION_LINK} x`, context: { version: 1, records: [ANNOTATION] } });
    expect(chipStates(composer)).to.deep.equal([["preview-annotation", "preview-annotation_e1", undefined]]);
    expect(chipsOf(composer)[0]!.getAttribute("aria-label")).to.equal("Preview annotation: <Button>");
  });

  it("a chunk another composer of the page loads brings them at once, with no use of this composer", async () => {
    await blockUrls([REST_CHUNK]);
    const page = await openFreshPage();
    const a = await addComposer(page);
    a.composer.focus();
    paste(page, a.composer, copied(page, `${T1} `, [terminal]));
    await a.composer.updateComplete;
    expect(a.errors).to.include("load-failed");
    expect(chipStates(a.composer)).to.deep.equal([["terminal", "terminal_t1", "true"]]);
    await blockUrls([]);
    // B's paste fetches the chunk; A is not touched, rendered or focused meanwhile.
    const b = await addComposer(page);
    const failures = a.errors.length;
    paste(page, b.composer, copied(page, T1, [terminal]));
    await b.composer.updateComplete;
    expect([b.composer.value, b.errors]).to.deep.equal([{ text: T1, context: { version: 1, records: [terminal] } }, []]);
    // The chunk's arrival reached A too (rest.ts, `awaitImports`), before B's paste applied.
    expect(a.composer.value).to.deep.equal({ text: `${T1} `, context: { version: 1, records: [terminal] } });
    expect(chipStates(a.composer)).to.deep.equal([["terminal", "terminal_t1", undefined]]);
    expect(a.errors).to.have.length(failures);
  });

  it("the idle fetch of a composer put back on the page brings them, with no use of it", async () => {
    await blockUrls([REST_CHUNK]);
    const page = await openFreshPage();
    const { composer, errors } = await addComposer(page);
    composer.focus();
    paste(page, composer, copied(page, `${T1} `, [terminal]));
    // The paste's load and the idle fetch both fail (the idle fetch runs once per connection: elements/chunks.ts, `IdlePrefetch`).
    await waitFor(() => errors.length === 2, "both loads to fail");
    await composer.updateComplete;
    expect(errors).to.deep.equal(["load-failed", "load-failed"]);
    expect(composer.value).to.deep.equal({ text: `${T1} ` });
    await blockUrls([]);
    composer.remove();
    page.doc.body.append(composer);
    await waitFor(() => composer.value.context, "the records to join");
    await composer.updateComplete;
    expect(composer.value).to.deep.equal({ text: `${T1} `, context: { version: 1, records: [terminal] } });
    expect(chipStates(composer)).to.deep.equal([["terminal", "terminal_t1", undefined]]);
    expect(errors).to.have.length(2);
  });
});
