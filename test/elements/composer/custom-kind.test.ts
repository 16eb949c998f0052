// A host's own kind in the composer: a valid record is drawn by the host's presenter, one whose
// payload fails the presenter's schema by the unresolved chip (or the registry's fallback), and
// `value` gives back every record as it came, whichever chip drew it.
import { expect } from "@esm-bundle/chai";
import { UNRESOLVED_TOOLTIP, chipRegistry, createChipRegistry, type ChipRegistry } from "../../../src/presentation/index.js";
import { badIssue, issue, jiraPresenter, linkOf, recordingFallback } from "../../support/jira-kind.js";
import { CONTEXT_FRAGMENT_MIME, copyFrom, selectAll } from "../clipboard/helpers.js";
import { chipsOf, editorOf, mount, unmountAll } from "./helpers.js";

const text = `Fix ${linkOf(issue)} before ${linkOf(badIssue)}`;
const value = { text, context: { version: 1 as const, records: [issue, badIssue] } };

function hostRegistry(options: Parameters<typeof createChipRegistry>[0] = {}): ChipRegistry {
  const registry = createChipRegistry({ base: chipRegistry, ...options });
  registry.define("jira-issue", jiraPresenter);
  return registry;
}

describe("<t3-composer> custom kinds (jira-issue)", () => {
  afterEach(unmountAll);

  it("draws a valid record with the host's chip and one that fails the schema as the unresolved chip", async () => {
    const el = await mount();
    el.registry = hostRegistry();
    el.value = value;
    await el.updateComplete;
    const [valid, failed] = chipsOf(el);
    expect(valid!.getAttribute("aria-label")).to.equal("PROJ-42, Jira issue");
    expect(valid!.getAttribute("part")).to.equal("chip chip-jira-issue");
    expect(valid!.dataset.tone).to.equal("open");
    expect(valid!.hasAttribute("data-context-unresolved")).to.equal(false);
    expect([...valid!.children].map((child) => [child.className, child.textContent])).to.deep.equal([
      ["t3-chip-icon-text", "◆"],
      ["t3-chip-label", "PROJ-42"],
    ]);
    expect(failed!.getAttribute("aria-label")).to.equal("PROJ-43, unavailable context");
    expect(failed!.dataset.contextUnresolved).to.equal("true");
    expect(failed!.getAttribute("part")).to.equal("chip chip-jira-issue chip-unresolved");
    expect(failed!.title).to.equal(UNRESOLVED_TOOLTIP.composer);
    expect(getComputedStyle(failed!).borderTopStyle).to.equal("dashed");
  });

  it("keeps both records in value, the one that fails the schema included", async () => {
    const el = await mount();
    el.registry = hostRegistry();
    el.value = value;
    await el.updateComplete;
    expect(el.value).to.deep.equal(value);
  });

  it("copies both chips as their links, with both records in the fragment", async () => {
    const el = await mount();
    el.registry = hostRegistry();
    el.value = value;
    await selectAll(el);
    const data = copyFrom(editorOf(el));
    expect(data.getData("text/plain")).to.equal(text);
    expect(JSON.parse(data.getData(CONTEXT_FRAGMENT_MIME)).records).to.deep.equal([issue, badIssue]);
  });

  it("draws the unresolved chip with the registry's fallback, given the record", async () => {
    const { fallback, seen } = recordingFallback();
    const el = await mount();
    el.registry = hostRegistry({ fallback });
    el.value = value;
    await el.updateComplete;
    const failed = chipsOf(el)[1]!;
    expect(seen.at(-1)).to.deep.equal(badIssue);
    expect([...failed.children].map((child) => [child.className, child.textContent])).to.deep.equal([
      ["t3-chip-icon-text", "⌀"],
      ["t3-chip-label", "PROJ-43 (gone)"],
    ]);
    expect(failed.getAttribute("aria-label")).to.equal("PROJ-43 (gone), unavailable context");
    expect(failed.dataset.contextUnresolved).to.equal("true");
    expect(failed.title).to.equal(UNRESOLVED_TOOLTIP.composer);
    expect(el.value).to.deep.equal(value);
  });

  it("gives the fallback the link's fields when a link has no record", async () => {
    const { fallback, seen } = recordingFallback();
    const el = await mount();
    el.registry = hostRegistry({ fallback });
    el.value = { text: "See [PROJ-9](t3-context://v1/jira-issue/jira-issue_proj-9)" };
    await el.updateComplete;
    expect(seen.at(-1)).to.deep.equal({ version: 1, kind: "jira-issue", contextId: "jira-issue_proj-9", label: "PROJ-9" });
    expect(chipsOf(el)[0]!.querySelector(".t3-chip-label")!.textContent).to.equal("PROJ-9 (gone)");
    expect(el.value).to.deep.equal({ text: "See [PROJ-9](t3-context://v1/jira-issue/jira-issue_proj-9)" });
  });
});
