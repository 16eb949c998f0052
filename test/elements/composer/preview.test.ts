// The preview of what the model gets (docs/preview-and-stale.md): `preview()` is the provider
// projection of the draft's message with the host's kinds, and the panel shows it chip by chip,
// as text, in a dialog that takes the focus and gives it back. Real keys in Chromium.
import { expect } from "@esm-bundle/chai";
import { ENVELOPE_CLOSE, ENVELOPE_OPEN, projectComposerContextForProvider } from "../../../src/codec/projection.js";
import { createChipRegistry } from "../../../src/presentation/registry.js";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import { jiraKind, jiraLooks, issue } from "../../support/jira-kind.js";
import { file, focusEnd, frame, mention, mount, press, skill, terminal, type, unmountAll } from "./helpers.js";

function panelOf(el: T3ComposerElement): HTMLDialogElement {
  return el.shadowRoot!.querySelector<HTMLDialogElement>('[part="preview"]')!;
}

/** A draft holding `records`, one chip each, after some text. */
async function draftWith(el: T3ComposerElement, records: Parameters<T3ComposerElement["insertContext"]>[0][]): Promise<void> {
  await focusEnd(el);
  await type("Look at");
  for (const record of records) el.insertContext(record);
  await frame();
}

describe("<t3-composer> preview", () => {
  afterEach(unmountAll);

  it("resolves with the projection of the draft's message, with the registry's kinds by default", async () => {
    const el = await mount();
    const registry = createChipRegistry();
    registry.define(jiraKind, jiraLooks);
    el.registry = registry;
    await draftWith(el, [terminal, mention, skill, file, issue]);
    const value = el.value;
    const expected = projectComposerContextForProvider({ text: value.text, records: value.context!.records }, { kinds: [jiraKind] });
    expect(await el.preview()).to.equal(expected);
    expect(expected).to.contain('<context kind="jira-issue" id="jira-issue_proj-42">\nPROJ-42 (In Progress): Login fails on Safari\n</context>');
  });

  it("projects with `kinds` when it is set, and drops what a send drops (an expired terminal)", async () => {
    const el = await mount();
    el.kinds = [];
    await draftWith(el, [issue, { ...terminal, text: " " }]);
    const projection = await el.preview();
    expect(projection).to.contain(`<context kind="jira-issue" id="jira-issue_proj-42">\n${JSON.stringify(issue.payload)}\n</context>`);
    expect(projection).to.not.contain("terminal_t1");
  });

  it("opens from a toolbar button by keyboard, shows each entry with its chip's name, and Escape gives the focus back", async () => {
    const el = await mount();
    const button = document.createElement("button");
    button.slot = "toolbar";
    button.textContent = "Preview";
    button.addEventListener("click", () => el.showPreview());
    el.append(button);
    await draftWith(el, [mention, skill]);
    const projection = await el.preview();
    button.focus();
    await press("Enter");
    await el.updateComplete;
    const panel = panelOf(el);
    expect(panel.open).to.equal(true);
    expect(el.shadowRoot!.getElementById(panel.getAttribute("aria-labelledby")!)!.textContent).to.equal("What the model gets");
    expect(el.shadowRoot!.activeElement!.getAttribute("part")).to.equal("preview-close");
    const entries = [...panel.querySelectorAll('[part="preview-entry"]')];
    expect(entries.map((entry) => [entry.querySelector("span")!.textContent, entry.querySelector("pre")!.textContent])).to.deep.equal([
      ["src/a.ts, Mention", '<context kind="mention" id="mention_src-a-ts">\npath: src/a.ts\n</context>'],
      ["ui, Skill", '<context kind="skill" id="skill_ui">\nname: ui\n</context>'],
    ]);
    // The pieces are the projection, byte for byte.
    const text = panel.querySelector('[part="preview-text"]')!.textContent!;
    const pieces = entries.map((entry) => entry.querySelector("pre")!.textContent).join("\n");
    expect(text + ENVELOPE_OPEN + pieces + ENVELOPE_CLOSE).to.equal(projection);
    await press("Escape");
    await el.updateComplete;
    expect(panel.open).to.equal(false);
    expect(document.activeElement).to.equal(button);
  });

  it("shows hostile text as text, and its Close button closes it", async () => {
    const el = await mount();
    const hostile = { ...mention, contextId: "mention_x", label: "<img src=x onerror=alert(1)>", path: "<img src=x onerror=alert(1)>" };
    await draftWith(el, [hostile]);
    el.showPreview();
    await el.updateComplete;
    const panel = panelOf(el);
    expect(panel.querySelector("img")).to.equal(null);
    expect(panel.querySelector('[part="preview-entry"] pre')!.textContent).to.contain("path: <img src=x onerror=alert(1)>");
    await press("Enter"); // on Close, focused when the panel opened
    await el.updateComplete;
    expect(panel.open).to.equal(false);
  });

  it("shows a draft without chips as its text alone", async () => {
    const el = await mount();
    await focusEnd(el);
    await type("just words");
    el.showPreview();
    await el.updateComplete;
    const panel = panelOf(el);
    expect(panel.querySelector('[part="preview-text"]')!.textContent).to.equal("just words");
    expect(panel.querySelector('[part="preview-entries"]')).to.equal(null);
  });
});
