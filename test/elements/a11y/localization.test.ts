// The string table in the elements: a locale's table registered with setStrings, an element's
// own `strings`, the lookup by `lang`, locale-formatted numbers and sizes, and a redraw when
// any of it changes.
import { expect } from "@esm-bundle/chai";
import { sendKeys, sendMouse } from "@web/test-runner-commands";
import { setStrings } from "../../../src/l10n/catalog.js";
import type { T3StringTable } from "../../../src/l10n/catalog.js";
import { chipsOf, editorOf, focusEnd, manualTransport, mount as mountComposer, pngFile, type, unmountAll } from "../composer/helpers.js";
import { file as composerFile } from "../composer/helpers.js";
import { article, centre, cleanup, mount as mountTranscript, shadow, userMessage } from "../transcript/fixtures.js";

const french: T3StringTable = {
  editorLabel: "Votre message",
  suggestions: "Propositions",
  chipInserted: "{name} inséré.",
  chipName: "{label} — {kind}",
  attachedImages: "Images jointes",
  removeFile: "Retirer {name}",
  confirmRemoveImage: { one: "Retirer « {name} » ? Une référence.", other: "Retirer « {name} » ? {count} références." },
  cancel: "Annuler",
  remove: "Retirer",
  copyMessage: "Copier le message",
  openImage: "Ouvrir l’image {name}",
  previous: "Précédent",
  next: "Suivant",
  close: "Fermer",
  mediaPosition: "{index} sur {count}",
  sizeBytes: "{size} o",
  sizeKilobytes: "{size} Ko",
};

const bigFile = { ...composerFile, contextId: "file_att_9", sizeBytes: 1536, name: "big.txt", label: "big.txt" };

async function click(node: Element): Promise<void> {
  await sendMouse({ type: "click", position: centre(node) });
}

describe("localization", () => {
  beforeEach(() => setStrings("fr", french));
  afterEach(() => {
    setStrings("fr", null);
    unmountAll();
    cleanup();
  });

  it("draws the composer's strings from the table of its lang, with French sizes", async () => {
    const el = await mountComposer({ lang: "fr" });
    el.insertContext(bigFile);
    await el.updateComplete;
    const [chip] = chipsOf(el);
    expect(editorOf(el).getAttribute("aria-label")).to.equal("Votre message");
    expect(el.shadowRoot!.querySelector("[role=listbox]")!.getAttribute("aria-label")).to.equal("Propositions");
    expect(chip!.querySelector(".t3-chip-suffix")!.textContent).to.equal("1,5 Ko");
    // The size is part of the chip's name, before the kind as it is drawn (English wording where
    // the table has no key: `nameAndDetail`, and the kind's name).
    expect(chip!.getAttribute("aria-label")).to.equal("big.txt, 1,5 Ko — File");
  });

  it("takes the page's lang when the element has none, and follows a change of it", async () => {
    document.documentElement.lang = "fr";
    try {
      const el = await mountComposer();
      el.insertContext(bigFile);
      await el.updateComplete;
      expect(chipsOf(el)[0]!.querySelector(".t3-chip-suffix")!.textContent).to.equal("1,5 Ko");
      document.documentElement.lang = "en";
      await new Promise((resolve) => setTimeout(resolve));
      await el.updateComplete;
      expect(chipsOf(el)[0]!.querySelector(".t3-chip-suffix")!.textContent).to.equal("1.5 KB");
      expect(editorOf(el).getAttribute("aria-label")).to.equal("Message");
    } finally {
      document.documentElement.lang = "en";
    }
  });

  it("redraws when the table of its locale changes", async () => {
    const el = await mountComposer({ lang: "fr" });
    setStrings("fr", { editorLabel: "Écrire" });
    await el.updateComplete;
    expect(editorOf(el).getAttribute("aria-label")).to.equal("Écrire");
  });

  it("puts the element's own strings over its locale's, and rejects an unknown key by name", async () => {
    const el = await mountComposer({ lang: "fr" });
    el.strings = { suggestions: "Fichiers" };
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector("[role=listbox]")!.getAttribute("aria-label")).to.equal("Fichiers");
    expect(editorOf(el).getAttribute("aria-label")).to.equal("Votre message");
    expect(() => (el.strings = { sugestions: "x" } as never)).to.throw(TypeError, '"sugestions"');
  });

  it("announces an insertion in the element's language", async () => {
    const el = await mountComposer({ lang: "fr" });
    await focusEnd(el);
    await type("a");
    el.insertContext(bigFile);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector("[role=status]")!.textContent!.trim()).to.equal("big.txt — File inséré.");
  });

  it("asks in the confirm dialog with the locale's plural forms", async () => {
    const el = await mountComposer({ lang: "fr" });
    el.transport = manualTransport().transport;
    el.attachFiles([pngFile("a.png")]);
    await el.updateComplete;
    const remove = el.shadowRoot!.querySelector('[part="thumbnail-remove"]')!;
    expect([el.shadowRoot!.querySelector("[part=shelf]")!.getAttribute("aria-label"), remove.getAttribute("aria-label")]).to.deep.equal(["Images jointes", "Retirer a.png"]);
    await click(remove);
    await el.updateComplete;
    const dialog = el.shadowRoot!.querySelector("dialog")!;
    expect(dialog.querySelector("#confirm-text")!.textContent).to.equal("Retirer « a.png » ? Une référence.");
    expect([...dialog.querySelectorAll("button")].map((b) => b.textContent)).to.deep.equal(["Annuler", "Retirer"]);
  });

  it("names the transcript's copy button, gallery and modal in the element's language", async () => {
    const images = ["a.png", "b.png", "c.png"].map((name, i) => ({ id: `att-${i}`, name, mimeType: "image/png", url: "data:," }));
    const el = await mountTranscript([userMessage("m1", "trois images", { attachments: images })], (t) => t.setAttribute("lang", "fr"));
    const message = article(el, "m1");
    expect(message.querySelector("[part=copy-button]")!.getAttribute("aria-label")).to.equal("Copier le message");
    const thumbs = [...message.querySelectorAll("[part=gallery] button")];
    expect(thumbs.map((b) => b.getAttribute("aria-label"))).to.deep.equal(["Ouvrir l’image a.png", "Ouvrir l’image b.png", "Ouvrir l’image c.png"]);
    await click(thumbs[0]!);
    const modal = shadow(el).querySelector("dialog[part=modal]")!;
    expect(modal.querySelector(".counter")!.textContent).to.equal("1 sur 3");
    expect([...modal.querySelectorAll("button")].map((b) => b.getAttribute("aria-label"))).to.deep.equal(["Précédent", "Suivant", "Fermer"]);
  });

  it("steps the media modal with the arrows in the reading direction (right to left: ArrowLeft is next)", async () => {
    const images = ["a.png", "b.png", "c.png"].map((name, i) => ({ id: `att-${i}`, name, mimeType: "image/png", url: "data:," }));
    const el = await mountTranscript([userMessage("m1", "", { attachments: images })], (t) => t.setAttribute("dir", "rtl"));
    await click(article(el, "m1").querySelector("[part=gallery] button")!);
    const caption = shadow(el).querySelector("dialog[part=modal] .caption")!;
    expect(caption.textContent).to.equal("a.png");
    await sendKeys({ press: "ArrowLeft" });
    expect(caption.textContent).to.equal("b.png");
    await sendKeys({ press: "ArrowRight" });
    await sendKeys({ press: "ArrowRight" });
    expect(caption.textContent).to.equal("c.png");
  });
});
