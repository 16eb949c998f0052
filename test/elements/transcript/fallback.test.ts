// A registry's `fallback` presenter draws the transcript's unresolved chips: its label, icon,
// render and details are used, each given what is known (the record, or the link's fields), and
// the built-in unresolved chip stays what it does not set.
import { expect } from "@esm-bundle/chai";
import { sendKeys, sendMouse } from "@web/test-runner-commands";
import { UNRESOLVED_TOOLTIP, chipRegistry, createChipRegistry, type FallbackPresenter } from "../../../src/presentation/index.js";
import { badIssue, issue, jiraPresenter, linkOf, recordingFallback } from "../../support/jira-kind.js";
import { centre, chip, cleanup, image, mount, shadow, userMessage } from "./fixtures.js";
import type { ComposerContextRecord } from "../../../src/contract/types.js";
import type { T3TranscriptElement } from "../../../src/elements/transcript/t3-transcript.js";

function registryWith(fallback: FallbackPresenter) {
  const registry = createChipRegistry({ base: chipRegistry, fallback });
  registry.define("jira-issue", jiraPresenter);
  return registry;
}

async function mountWith(fallback: FallbackPresenter, text: string, records: ComposerContextRecord[]): Promise<T3TranscriptElement> {
  return mount([userMessage("m1", text, { context: { version: 1, records } })], (t) => (t.registry = registryWith(fallback)));
}

const popoverOf = (el: T3TranscriptElement) => shadow(el).querySelector<HTMLElement>("[part=popover]")!;

describe("<t3-transcript> with a registry's fallback presenter", () => {
  afterEach(async () => {
    cleanup();
    await sendMouse({ type: "move", position: [0, 0] });
  });

  it("labels a payload that fails the schema with the fallback, given the record", async () => {
    const { fallback, seen } = recordingFallback();
    const el = await mountWith(fallback, `Fix ${linkOf(badIssue)}`, [issue, badIssue]);
    const button = chip(shadow(el), "jira-issue_proj-43");
    expect(seen).to.deep.equal([badIssue]);
    expect([...button.children].map((child) => [child.className, child.textContent])).to.deep.equal([
      ["t3-chip-icon-text", "⌀"],
      ["t3-chip-label", "PROJ-43 (gone)"],
    ]);
    expect(button.getAttribute("aria-label")).to.equal("PROJ-43 (gone), unavailable context");
    expect(button.dataset.contextUnresolved).to.equal("true");
    expect(button.getAttribute("part")).to.equal("chip chip-jira-issue chip-unresolved");
    // What the fallback does not set stays the built-in unresolved chip's.
    expect(button.title).to.equal(UNRESOLVED_TOOLTIP.transcript);
    expect(getComputedStyle(button).borderTopStyle).to.equal("dashed");
    expect(button.dataset.markdownCopy).to.equal(linkOf(badIssue));
  });

  it("gives the fallback { version, kind, contextId, label } from the link when there is no record", async () => {
    const { fallback, seen } = recordingFallback();
    const el = await mountWith(fallback, "See [old run](t3-context://v1/terminal/terminal_gone)", []);
    expect(seen).to.deep.equal([{ version: 1, kind: "terminal", contextId: "terminal_gone", label: "old run" }]);
    expect(chip(shadow(el), "terminal_gone").getAttribute("aria-label")).to.equal("old run (gone), unavailable context");
  });

  it("gives the fallback an image record whose attachment is not the message's", async () => {
    const { fallback, seen } = recordingFallback();
    const el = await mountWith(fallback, `![shot.png](t3-context://v1/image/image_i1)`, [image]);
    expect(seen).to.deep.equal([image]);
    expect(chip(shadow(el), "image_i1").dataset.contextUnresolved).to.equal("true");
  });

  it("draws the fallback's whole chip with render, and names it with its kindLabel", async () => {
    const el = await mountWith(
      {
        kindLabel: () => "Missing",
        render: (record) => {
          const body = document.createElement("span");
          body.className = "gone";
          body.textContent = `${record.kind}: ${record.label}`;
          return body;
        },
      },
      `Fix ${linkOf(badIssue)}`,
      [badIssue],
    );
    const button = chip(shadow(el), "jira-issue_proj-43");
    expect(button.innerHTML).to.equal('<span class="gone">jira-issue: PROJ-43</span>');
    expect(button.getAttribute("aria-label")).to.equal("PROJ-43, Missing");
    expect(button.dataset.contextUnresolved).to.equal("true");
    expect(button.dataset.markdownCopy).to.equal(linkOf(badIssue));
  });

  it("opens the fallback's renderDetails in the popover on click and on Enter", async () => {
    const el = await mountWith(
      {
        details: "popover",
        renderDetails: (record) => {
          const card = document.createElement("p");
          card.className = "gone-card";
          card.textContent = `${record.label} is not available here; its payload is ${"payload" in record ? JSON.stringify(record.payload) : "unknown"}.`;
          return card;
        },
      },
      `Fix ${linkOf(badIssue)}`,
      [badIssue],
    );
    const button = chip(shadow(el), "jira-issue_proj-43");
    expect(button.hasAttribute("title")).to.equal(false); // details are the popover, not a tooltip
    expect(button.getAttribute("aria-expanded")).to.equal("false");
    const [x, y] = centre(button);
    await sendMouse({ type: "click", position: [x, y] });
    expect(popoverOf(el).matches(":popover-open")).to.equal(true);
    expect(popoverOf(el).querySelector(".gone-card")!.textContent).to.equal(
      'PROJ-43 is not available here; its payload is {"key":"PROJ-43","summary":"Broken","status":"Someday"}.',
    );
    await sendKeys({ press: "Escape" });
    button.focus();
    await sendKeys({ press: "Enter" });
    expect(popoverOf(el).matches(":popover-open")).to.equal(true);
  });

  it("falls back to the built-in chip's parts when the fallback's presenters throw", async () => {
    const error = console.error;
    console.error = () => {};
    try {
      const boom = () => {
        throw new Error("boom");
      };
      const el = await mountWith({ label: boom, icon: boom, tooltip: boom }, `Fix ${linkOf(badIssue)}`, [badIssue]);
      const button = chip(shadow(el), "jira-issue_proj-43");
      expect(button.querySelector(".t3-chip-label")!.textContent).to.equal("PROJ-43");
      expect(button.querySelector(".t3-chip-icon")!.getAttribute("data-icon")).to.equal("unresolved");
      expect(button.getAttribute("aria-label")).to.equal("PROJ-43, unavailable context");
    } finally {
      console.error = error;
    }
  });

  it("keeps a valid record on the kind's own presenter", async () => {
    const { fallback, seen } = recordingFallback();
    const el = await mountWith(fallback, `Fix ${linkOf(issue)}`, [issue]);
    expect(seen).to.deep.equal([]);
    expect(chip(shadow(el), "jira-issue_proj-42").getAttribute("aria-label")).to.equal("PROJ-42, Jira issue");
  });
});
