import { expect } from "@esm-bundle/chai";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import { T1, editorOf, focusEnd, frame, mount, terminal, type, unmountAll } from "./helpers.js";


async function inForm(html: string): Promise<{ form: HTMLFormElement; el: T3ComposerElement }> {
  const host = await mount();
  const form = document.createElement("form");
  form.innerHTML = html;
  host.parentElement!.append(form);
  const el = form.querySelector("t3-composer") as T3ComposerElement;
  await el.updateComplete;
  return { form, el };
}

describe("<t3-composer> in a form", () => {
  afterEach(unmountAll);

  it("submits the canonical text under its name and the records as JSON under <name>.context", async () => {
    const { form, el } = await inForm(`<t3-composer name="prompt"></t3-composer>`);
    expect(el.form).to.equal(form);
    el.value = { text: `fix ${T1}`, context: { version: 1, records: [terminal] } };
    const entries = [...new FormData(form)];
    expect(entries.map(([name]) => name)).to.deep.equal(["prompt", "prompt.context"]);
    expect(entries[0]![1]).to.equal(`fix ${T1}`);
    expect(JSON.parse(entries[1]![1] as string)).to.deep.equal({ version: 1, records: [terminal] });
  });

  it("has what was typed in the form value once the editor loses focus", async () => {
    const { form, el } = await inForm(`<t3-composer name="prompt"></t3-composer><input name="other">`);
    await focusEnd(el);
    await type("typed");
    await frame();
    form.querySelector("input")!.focus();
    expect([...new FormData(form)]).to.deep.equal([["prompt", "typed"], ["other", ""]]);
  });

  it("clears on form reset", async () => {
    const { form, el } = await inForm(`<t3-composer name="prompt"></t3-composer>`);
    el.value = { text: "draft" };
    form.reset();
    expect(el.value).to.deep.equal({ text: "" });
    expect([...new FormData(form)]).to.deep.equal([["prompt", ""]]);
  });

  it("is neither editable nor submitted inside a disabled fieldset", async () => {
    const { form, el } = await inForm(`<fieldset disabled><t3-composer name="prompt"></t3-composer></fieldset>`);
    el.value = { text: "kept" };
    await el.updateComplete;
    expect(editorOf(el).getAttribute("contenteditable")).to.equal("false");
    expect(editorOf(el).getAttribute("aria-disabled")).to.equal("true");
    expect([...new FormData(form)]).to.deep.equal([]);
    form.querySelector("fieldset")!.disabled = false;
    await el.updateComplete;
    expect(editorOf(el).getAttribute("contenteditable")).to.equal("true");
  });

  it("disabled: no editing, no value in the form", async () => {
    const { form, el } = await inForm(`<t3-composer name="prompt" disabled></t3-composer>`);
    el.value = { text: "kept" };
    el.focus();
    await type("x");
    await frame();
    expect(el.value.text).to.equal("kept");
    expect(editorOf(el).getAttribute("contenteditable")).to.equal("false");
    expect([...new FormData(form)]).to.deep.equal([]);
  });

  it("readonly: no editing, but the value is submitted", async () => {
    const { form, el } = await inForm(`<t3-composer name="prompt" readonly></t3-composer>`);
    el.value = { text: "kept" };
    el.focus();
    await type("x");
    await frame();
    expect(el.value.text).to.equal("kept");
    expect(editorOf(el).getAttribute("aria-readonly")).to.equal("true");
    expect(el.readonly).to.equal(true);
    expect([...new FormData(form)]).to.deep.equal([["prompt", "kept"]]);
  });
});
