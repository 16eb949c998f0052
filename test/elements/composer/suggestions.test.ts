import { expect } from "@esm-bundle/chai";
import { executeServerCommand } from "@web/test-runner-commands";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import type { Suggestion } from "../../../src/elements/composer/types.js";
import { chipsOf, chord, deferred, editorOf, focusEnd, frame, mount, press, record, type, unmountAll } from "./helpers.js";
import { itIn } from "../../support/engine.js";

function listbox(el: T3ComposerElement): HTMLElement {
  return el.shadowRoot!.querySelector<HTMLElement>('[role="listbox"]')!;
}

function options(el: T3ComposerElement): string[] {
  return [...listbox(el).querySelectorAll('[role="option"]')].map((option) => option.textContent!.replace(/\s+/g, " ").trim());
}

function selected(el: T3ComposerElement): string {
  return listbox(el).querySelector('[aria-selected="true"]')!.textContent!.replace(/\s+/g, " ").trim();
}

const files: Suggestion[] = [
  { kind: "mention", value: "src/app.ts", detail: "TypeScript" },
  { kind: "mention", value: "src/api.ts" },
];

/** Answers every `@` query with `files` filtered by the query. */
function answerMentions(el: T3ComposerElement): void {
  el.addEventListener("t3-trigger", (event) => {
    const { trigger, query } = event.detail;
    if (trigger === "@") event.detail.provide(Promise.resolve(files.filter((item) => item.value.includes(query))));
    else event.detail.provide(Promise.resolve([{ kind: "skill", value: "review", label: "Review code" }]));
  });
}


describe("<t3-composer> suggestions", () => {
  afterEach(unmountAll);

  it("fires t3-trigger with the trigger and the query as it is typed", async () => {
    const el = await mount();
    const triggers = record(el, "t3-trigger");
    await focusEnd(el);
    await type("see @sr");
    await frame();
    expect(triggers.map((event) => [event.detail.trigger, event.detail.query])).to.deep.equal([["@", ""], ["@", "s"], ["@", "sr"]]);
    expect(triggers.every((event) => event.cancelable)).to.equal(true);
  });

  it("does not trigger inside a word (an email address)", async () => {
    const el = await mount();
    const triggers = record(el, "t3-trigger");
    await focusEnd(el);
    await type("me@x.org $5");
    await frame();
    expect(triggers.map((event) => event.detail.query)).to.deep.equal(["", "5"]);
  });

  it("shows provided items in an ARIA listbox popover the editor points at", async () => {
    const el = await mount();
    answerMentions(el);
    await focusEnd(el);
    await type("@src");
    await frame();
    await el.updateComplete;
    expect(listbox(el).matches(":popover-open")).to.equal(true);
    expect(options(el)).to.deep.equal(["@src/app.ts TypeScript", "@src/api.ts"]);
    const editor = editorOf(el);
    expect(editor.getAttribute("aria-controls")).to.equal(listbox(el).id);
    expect(editor.getAttribute("aria-activedescendant")).to.equal(listbox(el).querySelector('[aria-selected="true"]')!.id);
  });

  it("moves with the arrows and chooses with Enter: a mention chip whose record uses the path", async () => {
    const el = await mount();
    answerMentions(el);
    const sends = record(el, "t3-send");
    await focusEnd(el);
    await type("look @src");
    await frame();
    await el.updateComplete;
    await press("ArrowDown");
    await el.updateComplete;
    expect(selected(el)).to.equal("@src/api.ts");
    await press("ArrowDown");
    await press("ArrowUp");
    await press("Enter");
    await frame();
    await el.updateComplete;
    expect(sends).to.have.length(0);
    expect(el.value).to.deep.equal({
      text: "look [src/api.ts](t3-context://v1/mention/mention_src-api-ts-cb00b256ce785669) ",
      context: { version: 1, records: [{ version: 1, kind: "mention", contextId: "mention_src-api-ts-cb00b256ce785669", label: "src/api.ts", path: "src/api.ts" }] },
    });
    expect(listbox(el).matches(":popover-open")).to.equal(false);
    expect(editorOf(el).hasAttribute("aria-activedescendant")).to.equal(false);
  });

  it("shares one record when the same mention is chosen twice", async () => {
    const el = await mount();
    answerMentions(el);
    await focusEnd(el);
    for (const prefix of ["@app", "and @app"]) {
      await type(prefix);
      await frame();
      await el.updateComplete;
      await press("Tab");
      await frame();
    }
    expect(chipsOf(el)).to.have.length(2);
    expect(el.value.context!.records).to.have.length(1);
  });

  it("chooses a skill with Tab after $", async () => {
    const el = await mount();
    answerMentions(el);
    await focusEnd(el);
    await type("$rev");
    await frame();
    await el.updateComplete;
    await press("Tab");
    await frame();
    expect(el.value).to.deep.equal({
      text: "[Review code](t3-context://v1/skill/skill_review) ",
      context: { version: 1, records: [{ version: 1, kind: "skill", contextId: "skill_review", label: "Review code", name: "review" }] },
    });
  });

  it("closes with Escape, which neither sends nor clears, until the trigger is typed again", async () => {
    const el = await mount();
    answerMentions(el);
    await focusEnd(el);
    await type("@src");
    await frame();
    await el.updateComplete;
    await press("Escape");
    await el.updateComplete;
    expect(listbox(el).matches(":popover-open")).to.equal(false);
    await type("/a");
    await frame();
    await el.updateComplete;
    expect(listbox(el).matches(":popover-open")).to.equal(false);
    await chord("Shift", "Enter");
    await type("@");
    await frame();
    await el.updateComplete;
    expect(listbox(el).matches(":popover-open")).to.equal(true);
    expect(el.value.text).to.equal("@src/a\n@");
  });

  it("chooses an item with a click", async () => {
    const el = await mount();
    answerMentions(el);
    await focusEnd(el);
    await type("@");
    await frame();
    await el.updateComplete;
    (listbox(el).querySelectorAll('[role="option"]')[1] as HTMLElement).click();
    await frame();
    expect(chipsOf(el).map((chip) => chip.getAttribute("aria-label"))).to.deep.equal(["src/api.ts, Mention"]);
  });

  it("ignores a stale answer that arrives after a newer query's", async () => {
    const el = await mount();
    const answers = new Map<string, ReturnType<typeof deferred<Suggestion[]>>>();
    el.addEventListener("t3-trigger", (event) => {
      const answer = deferred<Suggestion[]>();
      answers.set(event.detail.query, answer);
      event.detail.provide(answer.promise);
    });
    await focusEnd(el);
    await type("@ab");
    await frame();
    answers.get("ab")!.resolve([{ kind: "mention", value: "new.ts" }]);
    await frame();
    answers.get("a")!.resolve([{ kind: "mention", value: "stale.ts" }]);
    await frame();
    await el.updateComplete;
    expect(options(el)).to.deep.equal(["@new.ts"]);
  });

  it("stays closed when the host cancels t3-trigger", async () => {
    const el = await mount();
    el.addEventListener("t3-trigger", (event) => {
      event.detail.provide(Promise.resolve(files));
      event.preventDefault();
    });
    await focusEnd(el);
    await type("@");
    await frame();
    await el.updateComplete;
    expect(listbox(el).matches(":popover-open")).to.equal(false);
    const sends = record(el, "t3-send");
    await press("Enter"); // no list to take it: Enter sends
    await frame();
    expect(sends.map((event) => event.detail.message.text)).to.deep.equal(["@"]);
  });

  it("anchors the popover to the trigger text with CSS anchor positioning", async () => {
    const el = await mount();
    answerMentions(el);
    await focusEnd(el);
    await type("x @");
    await frame();
    await el.updateComplete;
    const anchor = editorOf(el).querySelector(".t3-trigger")!;
    expect(anchor.textContent).to.equal("@");
    expect(getComputedStyle(anchor).anchorName).to.equal("--t3-trigger");
    expect(getComputedStyle(listbox(el)).positionAnchor).to.equal("--t3-trigger");
    expect(listbox(el).getBoundingClientRect().top).to.be.greaterThan(anchor.getBoundingClientRect().top);
  });
});

describe("<t3-composer> editor semantics", () => {
  afterEach(unmountAll);

  it("exposes the editor as a labelled multi-line text box with suggestions it controls", async () => {
    const el = await mount({ "aria-label": "Prompt", placeholder: "Ask" });
    const editor = editorOf(el);
    expect(["role", "aria-multiline", "aria-autocomplete", "aria-controls", "aria-label", "aria-placeholder"].map((name) => editor.getAttribute(name))).to.deep.equal([
      "textbox", "true", "list", "suggestions", "Prompt", "Ask",
    ]);
    // A combobox's attributes, not allowed on a text box.
    expect(["aria-expanded", "aria-haspopup"].map((name) => editor.hasAttribute(name))).to.deep.equal([false, false]);
  });

  // Chromium only: it reads the accessibility tree through the DevTools protocol (the `ax-names`
  // command); Firefox over WebDriver BiDi and WebKit over WebDriver expose no accessibility tree.
  itIn(["chromium"], "keeps the drawn placeholder out of the accessibility tree (not read as typed text)", async () => {
    const el = await mount({ placeholder: "Ask about your code" });
    expect(editorOf(el).querySelector(".t3-placeholder")).not.to.equal(null);
    const { nodes } = await executeServerCommand<{ nodes: Array<{ role: string; name: string }> }, Record<string, never>>("ax-names", {});
    // Named once, as the text box's placeholder; never as text inside it.
    expect(nodes.filter((node) => node.name.includes("Ask about your code")).map((node) => node.role)).to.deep.equal([]);
  });
});

describe("<t3-composer> suggestions and focus", () => {
  afterEach(unmountAll);

  it("closes the list when the editor loses the focus", async () => {
    const el = await mount();
    answerMentions(el);
    await focusEnd(el);
    await type("@");
    await frame();
    await el.updateComplete;
    expect(listbox(el).matches(":popover-open")).to.equal(true);
    const outside = document.createElement("input");
    el.parentElement!.append(outside);
    outside.focus();
    await el.updateComplete;
    expect(listbox(el).matches(":popover-open")).to.equal(false);
  });
});
