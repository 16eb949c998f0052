// A host's own kind, end to end: define it with a payload schema and a chip, render a record of
// it from the wire's unknown-record form, fall back when the payload fails, project it.
import { expect } from "@esm-bundle/chai";
import { sendKeys } from "@web/test-runner-commands";
import * as v from "valibot";
import { projectComposerContextForProvider } from "../../../src/codec/projection.js";
import { decodeComposerContextRecord } from "../../../src/contract/decode.js";
import type { ComposerContextRecord, UnknownContextRecord } from "../../../src/contract/types.js";
import { chipRegistry, createChipRegistry, entryBodyFromRegistry, type ChipPresenter } from "../../../src/presentation/index.js";
import { article, chip, cleanup, mount, shadow, stubOpen, terminal, userMessage } from "./fixtures.js";

const JiraPayload = v.object({
  key: v.pipe(v.string(), v.regex(/^[A-Z]+-\d+$/)),
  summary: v.string(),
  status: v.picklist(["To Do", "In Progress", "Done"]),
  url: v.pipe(v.string(), v.url()),
});
type JiraRecord = UnknownContextRecord & { payload: v.InferOutput<typeof JiraPayload> };

const jiraPresenter: ChipPresenter = {
  payload: JiraPayload,
  label: (record) => (record as JiraRecord).payload.key,
  kindLabel: () => "Jira issue",
  icon: () => "◆",
  tone: (record) => ((record as JiraRecord).payload.status === "Done" ? "merged" : "open"),
  href: (record) => (record as JiraRecord).payload.url,
  details: "popover",
  renderDetails: (record) => {
    const card = document.createElement("div");
    card.className = "jira-card";
    card.textContent = `${(record as JiraRecord).payload.key}: ${(record as JiraRecord).payload.summary}`;
    return card;
  },
  entryBody: (record) => {
    const { key, summary, status } = (record as JiraRecord).payload;
    return `${key} (${status}): ${summary}`;
  },
};

const issue: JiraRecord = {
  version: 1,
  contextId: "jira-issue_proj-42",
  kind: "jira-issue",
  label: "PROJ-42",
  payload: { key: "PROJ-42", summary: "Login fails on Safari", status: "In Progress", url: "https://jira.example.com/browse/PROJ-42" },
};
const link = "[PROJ-42](t3-context://v1/jira-issue/jira-issue_proj-42)";

function hostRegistry() {
  const registry = createChipRegistry({ base: chipRegistry });
  registry.define("jira-issue", jiraPresenter);
  return registry;
}

describe("custom kinds (jira-issue)", () => {
  afterEach(cleanup);

  it("travels in the unknown-record form that every v1 reader keeps", () => {
    const decoded = decodeComposerContextRecord(JSON.parse(JSON.stringify(issue)));
    expect(decoded).to.deep.equal({ success: true, output: issue });
  });

  it("renders with the host's chip: label, accessible name, icon and tone", async () => {
    const el = await mount([userMessage("m1", `Fix ${link} first`, { context: { version: 1, records: [issue] } })], (t) => (t.registry = hostRegistry()));
    const jira = chip(article(el, "m1"), "jira-issue_proj-42");
    expect(jira.getAttribute("aria-label")).to.equal("PROJ-42, Jira issue");
    expect(jira.getAttribute("part")).to.equal("chip chip-jira-issue");
    expect(jira.dataset.tone).to.equal("open");
    expect([...jira.children].map((child) => [child.className, child.textContent])).to.deep.equal([
      ["t3-chip-icon-text", "◆"],
      ["t3-chip-label", "PROJ-42"],
    ]);
    expect(jira.dataset.markdownCopy).to.equal(link);
  });

  it("draws the host's whole chip when the presenter renders it", async () => {
    const registry = hostRegistry();
    registry.override("jira-issue", {
      ...jiraPresenter,
      render: (record) => {
        const body = document.createElement("span");
        body.className = "jira-chip";
        body.textContent = `${(record as JiraRecord).payload.key} · ${(record as JiraRecord).payload.status}`;
        return body;
      },
    });
    const el = await mount([userMessage("m1", link, { context: { version: 1, records: [issue] } })], (t) => (t.registry = registry));
    expect(chip(shadow(el), "jira-issue_proj-42").innerHTML).to.equal('<span class="jira-chip">PROJ-42 · In Progress</span>');
  });

  it("opens the host's details and its URL", async () => {
    const el = await mount([userMessage("m1", link, { context: { version: 1, records: [issue] } })], (t) => (t.registry = hostRegistry()));
    const { calls, restore } = stubOpen();
    try {
      chip(shadow(el), "jira-issue_proj-42").focus();
      // Focus shows the hover card with the host's details; Enter opens the issue.
      expect(shadow(el).querySelector("[part=hover-card] .jira-card")!.textContent).to.equal("PROJ-42: Login fails on Safari");
      await sendKeys({ press: "Enter" });
      expect(calls).to.deep.equal([["https://jira.example.com/browse/PROJ-42", "_blank", "noopener,noreferrer"]]);
    } finally {
      restore();
    }
  });

  it("falls back to the unresolved chip when the payload fails the schema", async () => {
    const bad: UnknownContextRecord = { ...issue, contextId: "jira-issue_bad", payload: { ...issue.payload, status: "Someday" } };
    const el = await mount(
      [userMessage("m1", "[PROJ-43](t3-context://v1/jira-issue/jira-issue_bad)", { context: { version: 1, records: [bad] } })],
      (t) => (t.registry = hostRegistry()),
    );
    const fallback = chip(shadow(el), "jira-issue_bad");
    expect(fallback.getAttribute("aria-label")).to.equal("PROJ-43, unavailable context");
    expect(fallback.dataset.contextUnresolved).to.equal("true");
    expect(fallback.dataset.markdownCopy).to.equal("[PROJ-43](t3-context://v1/jira-issue/jira-issue_bad)");
  });

  it("falls back to the unresolved chip where the kind is not defined", async () => {
    const el = await mount([userMessage("m1", link, { context: { version: 1, records: [issue] } })]);
    expect(chip(shadow(el), "jira-issue_proj-42").dataset.contextUnresolved).to.equal("true");
  });

  it("gives the projection the host's entry body, and the default for everything else", () => {
    const entryBody = entryBodyFromRegistry(hostRegistry());
    expect(entryBody(issue)).to.equal("PROJ-42 (In Progress): Login fails on Safari");
    expect(entryBody({ ...issue, payload: { key: "nope" } } as ComposerContextRecord)).to.equal(undefined);
    expect(entryBody({ version: 1, contextId: "x_1", kind: "x", label: "x", payload: 1 })).to.equal(undefined);
    expect(entryBody(terminal)).to.equal(undefined);
  });

  it("projects for the model with the host's entry body, end to end", async () => {
    const registry = hostRegistry();
    const bad: UnknownContextRecord = { ...issue, contextId: "jira-issue_bad", label: "PROJ-43", payload: { key: "PROJ-43" } };
    const message = {
      text: `Fix ${link} first, then [PROJ-43](t3-context://v1/jira-issue/jira-issue_bad)`,
      records: [issue, bad],
    };
    // What a host stores and a server later projects: the records survive the wire as they are.
    const stored = JSON.parse(JSON.stringify({ version: 1, records: message.records }));
    const el = await mount([userMessage("m1", message.text, { context: stored })], (t) => (t.registry = registry));
    expect(chip(shadow(el), "jira-issue_proj-42").dataset.contextUnresolved).to.equal(undefined);
    expect(chip(shadow(el), "jira-issue_bad").dataset.contextUnresolved).to.equal("true");
    expect(projectComposerContextForProvider({ text: message.text, records: stored.records }, { entryBody: entryBodyFromRegistry(registry) })).to.equal(
      "Fix [Jira issue: PROJ-42; ref=jira-issue_proj-42] first, then [Jira issue: PROJ-43; ref=jira-issue_bad]\n\n" +
        '<t3_context version="1">\n' +
        '<context kind="jira-issue" id="jira-issue_proj-42">\nPROJ-42 (In Progress): Login fails on Safari\n</context>\n' +
        // The payload that fails the schema gets the default body: its compact JSON.
        '<context kind="jira-issue" id="jira-issue_bad">\n{"key":"PROJ-43"}\n</context>\n' +
        "</t3_context>",
    );
  });

  it("treats an entry body that throws as no body", () => {
    const registry = createChipRegistry();
    registry.define("jira-issue", { entryBody: () => { throw new Error("boom"); } });
    const original = console.error;
    console.error = () => {};
    try {
      expect(entryBodyFromRegistry(registry)(issue)).to.equal(undefined);
    } finally {
      console.error = original;
    }
  });

  it("rejects something that is not a registry", () => {
    expect(() => entryBodyFromRegistry({} as never)).to.throw(TypeError, "entryBodyFromRegistry: expected a chip registry, got [object Object]");
  });
});
