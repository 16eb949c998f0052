// demo/custom-kind.html, as a person opens it: the host's `jira-issue` presenter draws the chips
// of the transcript and of the composer's draft, the record whose payload fails the schema shows
// the unresolved chip in both, and the draft's value keeps every record.
import { expect } from "@esm-bundle/chai";
import type { T3ComposerElement, T3TranscriptElement } from "../../src/index.js";
import { fitFrames, frameDocument, openFrame, waitFor } from "./support/frames.js";

const PAGE = "/demo/custom-kind.html";

/** `[aria-label, unresolved]` of each chip under `root`. */
function chipsIn(root: ParentNode): [string | null, boolean][] {
  return [...root.querySelectorAll(".t3-chip")].map((chip) => [chip.getAttribute("aria-label"), chip.getAttribute("data-context-unresolved") === "true"]);
}

before(() => fitFrames(1));
afterEach(() => document.querySelectorAll("iframe").forEach((frame) => frame.remove()));

describe("demo/custom-kind.html", () => {
  it("draws jira-issue chips in the transcript and the composer, and the broken one unresolved", async () => {
    const frame = await openFrame(PAGE);
    const doc = frameDocument(frame);
    const transcript = await waitFor(() => doc.querySelector<T3TranscriptElement>("t3-transcript")?.shadowRoot?.querySelector(".t3-chip") && doc.querySelector<T3TranscriptElement>("t3-transcript"), "the transcript's chips");
    const composer = await waitFor(() => doc.querySelector<T3ComposerElement>("t3-composer")?.shadowRoot?.querySelector(".t3-chip") && doc.querySelector<T3ComposerElement>("t3-composer"), "the composer's chips");

    expect(chipsIn(transcript.shadowRoot!)).to.deep.equal([
      ["Jira issue: PROJ-42", false],
      ["Jira issue: PROJ-7", false],
      ["Unavailable context, PROJ-99", true],
    ]);
    expect(chipsIn(composer.shadowRoot!)).to.deep.equal([
      ["Jira issue: PROJ-42", false],
      ["Unavailable context, PROJ-99", true],
    ]);
    const value = composer.value;
    expect(value.context!.records.map((record) => [record.contextId, "payload" in record && record.payload])).to.deep.equal([
      ["jira-issue_proj-42", { key: "PROJ-42", summary: "Login fails on Safari 18", status: "In Progress" }],
      ["jira-issue_proj-99", { key: "PROJ-99", summary: "Broken payload", status: "Someday" }],
    ]);
    expect(JSON.parse(doc.querySelector("#value")!.textContent!)).to.deep.equal(value);
  });
});
