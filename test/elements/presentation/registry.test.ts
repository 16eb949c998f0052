import { expect } from "@esm-bundle/chai";
import * as v from "valibot";
import type { ComposerContextRecord, TerminalContextRecord } from "../../../src/contract/types.js";
import { defineContextKind } from "../../../src/codec/kind-definitions.js";
import { projectComposerContextForProvider } from "../../../src/codec/projection.js";
import {
  chipRegistry,
  createChipRegistry,
  entryBodyFromRegistry,
  fillChip,
  resolveChip,
  type ChipSurface,
} from "../../../src/presentation/index.js";
import { badIssue, issue, jiraKind, jiraLooks, jiraPresenter, linkOf } from "../../support/jira-kind.js";

const terminal: TerminalContextRecord = {
  version: 1,
  contextId: "terminal_t1",
  kind: "terminal",
  label: "build lines 3-4",
  terminalId: "t1",
  terminalLabel: "build",
  lineStart: 3,
  lineEnd: 4,
  text: "a\nb",
};

const surface = (): ChipSurface => ({ name: "transcript", host: document.body });

function chipOf(record: ComposerContextRecord | undefined, reference = { kind: "terminal", contextId: "terminal_t1", label: "T" }, registry = chipRegistry) {
  const target = document.createElement("span");
  fillChip(target, resolveChip(registry, reference, record), surface());
  return target;
}

describe("chip registry", () => {
  it("holds the eight built-in kinds", () => {
    expect(chipRegistry.kinds()).to.deep.equal([
      "image", "file", "terminal", "element", "preview-annotation", "review-comment", "mention", "skill",
    ]);
  });

  it("throws the reference message when a kind is defined twice", () => {
    const registry = createChipRegistry({ base: chipRegistry });
    expect(() => registry.define("terminal", {})).to.throw("Duplicate context presentation handler: terminal");
    registry.define("jira-issue", {});
    expect(() => registry.define("jira-issue", {})).to.throw("Duplicate context presentation handler: jira-issue");
  });

  it("rejects a kind outside the link grammar", () => {
    expect(() => createChipRegistry().define("Jira_Issue", {})).to.throw(/Invalid context kind: "Jira_Issue"/);
  });

  it("overrides a base kind for one registry without changing the base", () => {
    const registry = createChipRegistry({ base: chipRegistry });
    registry.override("terminal", { label: () => "custom" });
    expect(chipOf(terminal, undefined, registry).querySelector(".t3-chip-label")!.textContent).to.equal("custom");
    expect(chipOf(terminal).querySelector(".t3-chip-label")!.textContent).to.equal("build lines 3-4");
  });

  it("tells subscribers about definitions in the base registry", () => {
    const base = createChipRegistry();
    const derived = createChipRegistry({ base });
    let calls = 0;
    derived.subscribe(() => calls++);
    base.define("thing", {});
    expect(calls).to.equal(1);
    expect(derived.get("thing")).to.equal(base.get("thing"));
  });
});

describe("chip rendering", () => {
  it("draws a terminal chip with its accessible name, part and icon", () => {
    const chip = chipOf(terminal);
    expect(chip.getAttribute("aria-label")).to.equal("build lines 3-4, Terminal");
    expect(chip.getAttribute("part")).to.equal("chip chip-terminal");
    expect(chip.querySelector(".t3-chip-icon")!.getAttribute("data-icon")).to.equal("terminal");
    expect(chip.hasAttribute("data-context-unresolved")).to.equal(false);
  });

  it("draws the unresolved chip for a missing record", () => {
    const chip = chipOf(undefined, { kind: "terminal", contextId: "terminal_t9", label: "gone" });
    expect(chip.getAttribute("aria-label")).to.equal("gone, unavailable context");
    expect(chip.getAttribute("data-context-unresolved")).to.equal("true");
    expect(chip.title).to.equal("This context is no longer available.");
    expect(chip.querySelector(".t3-chip-icon")!.getAttribute("data-icon")).to.equal("unresolved");
  });

  it("draws the unresolved chip for a custom kind whose payload fails its schema", () => {
    const registry = createChipRegistry({ base: chipRegistry });
    registry.define("jira-issue", { payload: v.object({ key: v.string() }), label: (r) => `${(r as { payload: { key: string } }).payload.key}` });
    const reference = { kind: "jira-issue", contextId: "j1", label: "PROJ-1" };
    const good = { version: 1, contextId: "j1", kind: "jira-issue", label: "PROJ-1", payload: { key: "PROJ-1" } } as const;
    expect(chipOf(good, reference, registry).getAttribute("aria-label")).to.equal("PROJ-1, Jira issue");
    const bad = { ...good, payload: { key: 7 } };
    expect(chipOf(bad, reference, registry).getAttribute("data-context-unresolved")).to.equal("true");
  });

  it("shows a pull-request summary as #number with its state tone", () => {
    const pr: ComposerContextRecord = {
      version: 1, contextId: "review-comment_pr", kind: "review-comment", label: "PR", sectionId: "pull-request:9",
      sectionTitle: "PR", filePath: "PR #9", startIndex: 0, endIndex: 0, rangeLabel: "", text: "", diff: "",
      pullRequest: { number: 9, title: "t", url: "https://example.com/pull/9", headBranch: "h", baseBranch: "b", state: "merged", isDraft: false },
    };
    const chip = chipOf(pr, { kind: "review-comment", contextId: "review-comment_pr", label: "PR" });
    expect(chip.dataset.tone).to.equal("merged");
    expect(chip.getAttribute("aria-label")).to.equal("#9, Merged pull request");
    expect(chip.querySelector(".t3-chip-icon")!.getAttribute("data-icon")).to.equal("pull-request");
  });

  it("writes a hostile label as text, never as markup", () => {
    const hostile = { ...terminal, terminalLabel: '<img src=x onerror="window.__xss=1">' };
    const chip = chipOf(hostile);
    expect(chip.querySelector("img")).to.equal(null);
    expect(chip.querySelector(".t3-chip-label")!.textContent).to.equal('<img src=x onerror="window.__xss=1"> lines 3-4');
  });

  it("degrades to the default body when a presenter throws", () => {
    const registry = createChipRegistry({ base: chipRegistry });
    registry.override("terminal", { render: () => { throw new Error("boom"); }, label: () => "still here" });
    const original = console.error;
    console.error = () => {};
    try {
      expect(chipOf(terminal, undefined, registry).querySelector(".t3-chip-label")!.textContent).to.equal("still here");
    } finally {
      console.error = original;
    }
  });
});

describe("kind definitions in the registry", () => {
  it("takes a kind definition with its looks: the looks draw, the definition checks and names", () => {
    const registry = createChipRegistry({ base: chipRegistry });
    registry.define(jiraKind, jiraLooks);
    const good = chipOf(issue, { kind: "jira-issue", contextId: issue.contextId, label: "x" }, registry);
    expect(good.dataset.contextUnresolved).to.equal(undefined);
    expect(good.querySelector(".t3-chip-label")!.textContent).to.equal("PROJ-42");
    // No kindLabel in the looks: the accessible name takes the definition's display name.
    expect(resolveChip(registry, { kind: "jira-issue", contextId: issue.contextId, label: "x" }, issue).ariaLabel).to.equal("PROJ-42, Jira issue");
    const bad = chipOf(badIssue, { kind: "jira-issue", contextId: badIssue.contextId, label: "PROJ-43" }, registry);
    expect(bad.dataset.contextUnresolved).to.equal("true");
    expect(registry.definition("jira-issue")).to.equal(jiraKind);
    expect(registry.definitions()).to.deep.equal([jiraKind]);
    expect(chipRegistry.definition("jira-issue")).to.equal(undefined);
  });

  it("defines a kind with no looks: the built-in chip body with the definition's name", () => {
    const registry = createChipRegistry();
    registry.define(defineContextKind({ kind: "design-doc", label: "Design document" }));
    const record = { version: 1 as const, contextId: "d1", kind: "design-doc", label: "Spec", payload: {} };
    expect(resolveChip(registry, { kind: "design-doc", contextId: "d1", label: "Spec" }, record).ariaLabel).to.equal("Spec, Design document");
  });

  it("gives the same definitions array until a kind changes, the base's included", () => {
    const base = createChipRegistry();
    const derived = createChipRegistry({ base });
    base.define(jiraKind, jiraLooks);
    const first = derived.definitions();
    expect(derived.definitions()).to.equal(first);
    const doc = defineContextKind({ kind: "design-doc" });
    derived.define(doc);
    expect(derived.definitions()).to.deep.equal([jiraKind, doc]);
    expect(base.definitions()).to.deep.equal([jiraKind]);
  });

  it("projects with registry.definitions() exactly as with entryBodyFromRegistry", () => {
    const registry = createChipRegistry();
    registry.define(jiraKind, jiraLooks);
    const message = { text: `${linkOf(issue)} and ${linkOf(badIssue)}`, records: [issue, badIssue] };
    const withKinds = projectComposerContextForProvider(message, { kinds: registry.definitions() });
    expect(withKinds).to.contain("PROJ-42 (In Progress): Login fails on Safari");
    expect(projectComposerContextForProvider(message, { entryBody: entryBodyFromRegistry(registry) })).to.equal(withKinds);
  });

  it("keeps the presenter-only form with payload and entryBody working, with one warning", () => {
    const warnings: unknown[] = [];
    const original = console.warn;
    console.warn = (message: unknown) => warnings.push(message);
    try {
      const registry = createChipRegistry();
      registry.define("jira-issue", jiraPresenter);
      createChipRegistry().define("jira-issue", jiraPresenter);
      expect(warnings.length).to.be.at.most(1); // once per page: an earlier test file may have used it
      expect(String(warnings[0] ?? "defineContextKind")).to.contain("defineContextKind");
      expect(registry.definition("jira-issue")!.payload).to.equal(jiraPresenter.payload);
      expect(chipOf(badIssue, { kind: "jira-issue", contextId: badIssue.contextId, label: "PROJ-43" }, registry).dataset.contextUnresolved).to.equal("true");
    } finally {
      console.warn = original;
    }
  });

  it("gives a built-in kind, or a custom kind defined by name only, no definition", () => {
    const registry = createChipRegistry({ base: chipRegistry });
    registry.define("thing", { icon: () => "T" });
    expect(registry.definition("thing")).to.equal(undefined);
    expect(registry.definition("terminal")).to.equal(undefined);
    expect(registry.definitions()).to.deep.equal([]);
  });

  it("rejects something that is neither a kind nor a definition, naming it", () => {
    expect(() => createChipRegistry().define({ kind: "jira-issue" } as never, {})).to.throw(TypeError, 'Invalid context kind: {"kind":"jira-issue"}');
  });
});
