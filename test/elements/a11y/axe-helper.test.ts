// The accessibility helper itself (axe.ts): it must see a name that does not match what a control
// shows, or every "no violations" in the other suites would prove nothing about names.
import { expect } from "@esm-bundle/chai";
import { violations } from "./axe.js";

function host(markup: string): HTMLElement {
  const element = document.createElement("div");
  element.attachShadow({ mode: "open" }).innerHTML = markup;
  document.body.append(element);
  return element;
}

describe("the axe helper", () => {
  afterEach(() => document.body.replaceChildren());

  it("reports axe's label-content-name-mismatch for a name that leaves out what the button shows", async () => {
    const found = await violations(host(`<button type="button" aria-label="Download">invoice.pdf</button>`));
    expect(found.map((line) => line.split(" ")[0])).to.deep.equal(["label-content-name-mismatch", "label-first:"]);
  });

  it("reports a chip named kind first, which axe alone accepts", async () => {
    const found = await violations(host(`<button type="button" class="t3-chip" aria-label="File: invoice.pdf"><bdi class="t3-chip-label">invoice.pdf</bdi></button>`));
    expect(found).to.deep.equal([`label-first: the name "File: invoice.pdf" of a button does not begin with what it shows, "invoice pdf"`]);
  });

  // A listbox taller than its box, with 20 options of 24 px in 100 px.
  const OPTIONS = Array.from({ length: 20 }, (_, i) => `<div role="option" id="o${i}" aria-selected="${i === 0}" style="height: 24px">src/file-${i}.ts</div>`).join("");
  const LIST = `<div id="list" role="listbox" aria-label="Suggestions" style="height: 100px; overflow: auto">${OPTIONS}</div>`;

  it("reports a scrollable listbox that nothing points into and no key reaches", async () => {
    const found = await violations(host(`<div role="textbox" aria-label="Message" tabindex="0"></div>${LIST}`));
    expect(found.map((line) => line.split(" ")[0])).to.deep.equal(["scrollable-region-focusable"]);
  });

  it("exempts the list of a text box that keeps the focus and names the active option, as axe does a combobox's", async () => {
    const field = `<div role="textbox" aria-label="Message" tabindex="0" aria-autocomplete="list" aria-controls="list" aria-activedescendant="o0"></div>`;
    expect(await violations(host(`${field}${LIST}`))).to.deep.equal([]);
  });

  it("accepts a chip named label first, and a button whose name begins with all it shows", async () => {
    const chip = `<span role="img" class="t3-chip" aria-label="invoice.pdf, 12 KB, File, changed"><bdi class="t3-chip-label">invoice.pdf</bdi> 12 KB <span aria-hidden="true">changed</span></span>`;
    expect(await violations(host(`${chip}<button type="button" aria-label="Copy code">Copy</button>`))).to.deep.equal([]);
  });
});
