// axe-core over the states the accessibility audit used, in light, dark and forced colors: zero
// violations inside the elements (docs/accessibility.md).
import { expect } from "@esm-bundle/chai";
import { executeServerCommand, sendKeys, sendMouse } from "@web/test-runner-commands";
import { chipRegistry, createChipRegistry } from "../../../src/presentation/index.js";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import { frame, focusEnd, manualTransport, mount as mountComposer, pngFile, type, unmountAll } from "../composer/helpers.js";
import { file as composerFile, mention as composerMention, skill as composerSkill, terminal as composerTerminal } from "../composer/helpers.js";
import {
  annotation, centre, chip, cleanup, element, file, image, link, mention, mount as mountTranscript, pngUrl, pullRequest, review,
  screenshot, shadow, skill, terminal, until, userMessage,
} from "../transcript/fixtures.js";
import { issue, jiraPresenter } from "../../support/jira-kind.js";
import { expectNoViolations } from "./axe.js";
import { longPress } from "./touch.js";
import { colorScheme, describeIn, ENGINE, itIn } from "../../support/engine.js";

const schemes = ["light", "dark", "forced colors"] as const;
type Scheme = (typeof schemes)[number];

async function useScheme(scheme: Scheme): Promise<void> {
  await colorScheme(scheme === "dark" ? "dark" : "light");
  if (ENGINE === "chromium") await executeServerCommand("forced-colors", { active: scheme === "forced colors" });
  // The elements have no background of their own: a dark page is what they are drawn on in dark.
  document.body.style.background = scheme === "dark" ? "#0d1117" : "";
}

const composerRecords = [composerTerminal, composerMention, composerSkill, composerFile, element, annotation, review, pullRequest];

async function composerWithEveryKind(): Promise<T3ComposerElement> {
  const registry = createChipRegistry({ base: chipRegistry });
  registry.define("jira-issue", jiraPresenter);
  const el = await mountComposer({ placeholder: "Ask about your code" });
  el.registry = registry;
  for (const record of composerRecords) el.insertContext(record, { at: "end" });
  el.insertContext(issue, { at: "end" });
  el.value = { text: `${el.value.text} ${link({ kind: "terminal", contextId: "terminal_gone", label: "gone" })}`, ...(el.value.context && { context: el.value.context }) };
  await el.updateComplete;
  return el;
}

function transcriptThread() {
  const url = pngUrl();
  const records = [terminal, element, review, pullRequest, annotation, screenshot, image, file, mention, skill, issue];
  const text = [terminal, element, review, pullRequest, annotation, image, file, mention, skill, issue].map(link).join(" ");
  return {
    url,
    messages: [
      userMessage("m1", `${text} ${link({ kind: "terminal", contextId: "terminal_gone", label: "gone" })}`, {
        context: { version: 1, records },
        attachments: [
          { id: "att-1", name: "shot.png", mimeType: "image/png", url },
          { id: "att-shot", name: "annotation.png", mimeType: "image/png", url },
          { id: "att-f1", name: "notes.pdf", mimeType: "application/pdf", sizeBytes: 4096, url: "https://files.example.com/notes.pdf" },
          { id: "att-x", name: "extra.zip", mimeType: "application/zip", sizeBytes: 2048, url: "https://files.example.com/extra.zip" },
        ],
      }),
      { id: "m2", role: "assistant" as const, text: "Here:\n\n- [x] done\n- [ ] todo\n\n```ts\nconst a = 1;\n```\n\n| a | b |\n| - | - |\n| 1 | 2 |" },
      { id: "m3", role: "assistant" as const, text: "Streaming", pending: true },
    ],
  };
}

async function transcript() {
  await sendMouse({ type: "move", position: [0, 0] }); // no hover card from where the last test left the pointer
  const { messages } = transcriptThread();
  return mountTranscript(messages, (el) => {
    const registry = createChipRegistry({ base: chipRegistry });
    registry.define("jira-issue", jiraPresenter);
    el.registry = registry;
  });
}

// The light scheme in every engine; dark and forced colors in Chromium only: they are emulated
// through the DevTools protocol (emulateMedia, the `forced-colors` command), which no other
// engine's driver has.
for (const scheme of schemes) {
  describeIn(scheme === "light" ? ["chromium", "firefox", "webkit"] : ["chromium"], `axe: no violations inside the elements (${scheme})`, () => {
    before(() => useScheme(scheme));
    after(() => useScheme("light"));
    afterEach(() => {
      unmountAll();
      cleanup();
    });

    it("an empty composer", async () => {
      const el = await mountComposer({ placeholder: "Ask about your code" });
      await expectNoViolations(el);
    });

    it("a composer with every chip kind, a custom kind and an unresolved chip", async () => {
      await expectNoViolations(await composerWithEveryKind());
    });

    it("a composer with its suggestions open", async () => {
      const el = await mountComposer();
      el.addEventListener("t3-trigger", (event) => event.detail.provide(Promise.resolve([{ kind: "mention", value: "src/app.ts", detail: "TypeScript" }, { kind: "mention", value: "src/api.ts" }])));
      await focusEnd(el);
      await type("@");
      await frame();
      await el.updateComplete;
      await expectNoViolations(el);
    });

    it("a composer with a suggestion list longer than its box, moved through with the arrows", async () => {
      const el = await mountComposer();
      const many = Array.from({ length: 30 }, (_, i) => ({ kind: "mention" as const, value: `src/file-${String(i).padStart(2, "0")}.ts` }));
      el.addEventListener("t3-trigger", (event) => event.detail.provide(Promise.resolve(many)));
      await focusEnd(el);
      await type("@");
      await frame();
      await el.updateComplete;
      const list = el.shadowRoot!.querySelector<HTMLElement>("[role=listbox]")!;
      expect(list.scrollHeight).to.be.greaterThan(list.clientHeight); // it scrolls, so the rule applies
      for (let i = 0; i < 12; i++) await sendKeys({ press: "ArrowDown" });
      await el.updateComplete;
      expect(list.scrollTop).to.be.greaterThan(0);
      await expectNoViolations(el);
    });

    it("a composer with queued follow-ups, one sending, one with chips (docs/composer.md, \"Queued follow-ups\")", async () => {
      const manual = manualTransport();
      const el = await mountComposer({ busy: "" });
      el.transport = manual.transport;
      await focusEnd(el);
      await type("first");
      await sendKeys({ press: "Enter" });
      el.insertContext(composerMention);
      await type("then this");
      await sendKeys({ press: "Enter" });
      const sending = manual.nextSend();
      el.busy = false;
      await sending;
      await el.updateComplete;
      await expectNoViolations(el);
    });

    it("a composer uploading, with a failed upload, and its confirm dialog", async () => {
      const el = await mountComposer();
      const manual = manualTransport();
      el.transport = manual.transport;
      const first = manual.nextUpload();
      el.attachFiles([pngFile("a.png")]);
      (await first).options.onProgress!(30, 100);
      const second = manual.nextUpload();
      el.attachFiles([new File(["x"], "b.txt", { type: "text/plain" })]);
      (await second).fail();
      await el.updateComplete;
      await expectNoViolations(el);
      const remove = el.shadowRoot!.querySelector('[part="thumbnail-remove"]')!;
      await sendMouse({ type: "click", position: centre(remove) });
      await el.updateComplete;
      await until(() => el.shadowRoot!.querySelector("dialog")!.open, "confirm open");
      await expectNoViolations(el);
    });

    it("a composer with its preview panel open (docs/preview-and-stale.md)", async () => {
      const el = await composerWithEveryKind();
      el.showPreview();
      await el.updateComplete;
      await until(() => el.shadowRoot!.querySelector<HTMLDialogElement>('[part="preview"]')!.open, "preview open");
      await expectNoViolations(el);
    });

    it("a composer with stale and gone chips, and the question a send asks", async () => {
      const el = await mountComposer();
      el.validateContext = async (record) => (record.kind === "mention" ? "stale" : "gone");
      el.transport = manualTransport().transport;
      el.insertContext(composerMention, { at: "end" });
      el.insertContext(composerSkill, { at: "end" });
      await until(() => el.shadowRoot!.querySelectorAll("[data-context-status]").length === 2, "badges drawn");
      await expectNoViolations(el);
      void el.send();
      await until(() => el.shadowRoot!.querySelector<HTMLDialogElement>('[part="confirm-gone"]')?.open === true, "question open");
      await expectNoViolations(el);
    });

    it("a transcript with every chip kind, a custom kind, files, a gallery, a task list and a pending reply", async () => {
      await expectNoViolations(await transcript());
    });

    it("a transcript with a details popover open", async () => {
      const el = await transcript();
      chip(shadow(el), "terminal_t1").focus();
      await sendKeys({ press: "Enter" });
      await until(() => shadow(el).querySelector("[part=popover]")!.matches(":popover-open"), "popover open");
      await expectNoViolations(el);
    });

    it("a transcript with a hover card open", async () => {
      const el = await transcript();
      chip(shadow(el), "review-comment_pr9").focus();
      await until(() => shadow(el).querySelector("[part=hover-card]")!.matches(":popover-open"), "card open");
      await expectNoViolations(el);
    });

    // Chromium only: touch input is emulated through the DevTools protocol (the `touch` and
    // `long-press` commands); the other engines' drivers have no touch emulation.
    itIn(["chromium"], "a transcript and a composer with the menu of a long press on a chip open (docs/accessibility.md, \"Touch\")", async () => {
      await executeServerCommand("touch", { enabled: true });
      try {
        const el = await transcript();
        await longPress(chip(shadow(el), "mention_m1"));
        await until(() => shadow(el).querySelector("[part=popover]")!.matches(":popover-open"), "menu open");
        await expectNoViolations(el);
        const composer = await composerWithEveryKind();
        await longPress(composer.shadowRoot!.querySelector(".t3-chip")!);
        await until(() => composer.shadowRoot!.querySelector("[part=chip-menu]")?.matches(":popover-open") === true, "menu open");
        await expectNoViolations(composer);
      } finally {
        await executeServerCommand("touch", { enabled: false });
      }
    });

    it("a transcript with its media modal open", async () => {
      const el = await transcript();
      await sendMouse({ type: "click", position: centre(chip(shadow(el), "image_i1")) });
      await until(() => shadow(el).querySelector<HTMLDialogElement>("dialog[part=modal]")!.open, "modal open");
      await expectNoViolations(el);
    });
  });
}
