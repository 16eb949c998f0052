// demo/custom-kind.html, as a person opens it: the host's `jira-issue` presenter draws the chips
// of the transcript and of the composer's draft, the record whose payload fails the schema shows
// the unresolved chip in both, and the draft's value keeps every record; the reference host
// projects the same records with the same kind definition (demo/app/jira-kind.js).
import { expect } from "@esm-bundle/chai";
import { defineJiraKind } from "../../demo/app/jira-kind.js";
import { defineContextKind, projectComposerContextForProvider } from "../../src/codec/index.js";
import type { T3ComposerElement, T3TranscriptElement } from "../../src/index.js";
import { createFetchTransport } from "../../src/transport/index.js";
import { startHost } from "../support/host.js";
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
      ["PROJ-42, Jira issue", false],
      ["PROJ-7, Jira issue", false],
      ["PROJ-99, unavailable context", true],
    ]);
    expect(chipsIn(composer.shadowRoot!)).to.deep.equal([
      ["PROJ-42, Jira issue", false],
      ["PROJ-99, unavailable context", true],
    ]);
    const value = composer.value;
    expect(value.context!.records.map((record) => [record.contextId, "payload" in record && record.payload])).to.deep.equal([
      ["jira-issue_proj-42", { key: "PROJ-42", summary: "Login fails on Safari 18", status: "In Progress" }],
      ["jira-issue_proj-99", { key: "PROJ-99", summary: "Broken payload", status: "Someday" }],
    ]);
    expect(JSON.parse(doc.querySelector("#value")!.textContent!)).to.deep.equal(value);
  });
});

describe("demo/custom-kind.html and the reference host", () => {
  it("projects the demo's records on the server exactly as the page projects them in the browser", async () => {
    const frame = await openFrame(PAGE);
    const doc = frameDocument(frame);
    const pageProjection = await waitFor(() => doc.querySelector("#projection")?.textContent || undefined, "the page's projection");
    const transcript = doc.querySelector<T3TranscriptElement>("t3-transcript")!;
    const [message] = transcript.messages;
    const host = await startHost();
    try {
      const sent = await createFetchTransport({ baseUrl: host.apiUrl, threadId: "custom-kind" }).send(
        { clientMessageId: "msg_customkind", text: message!.text, context: message!.context!, attachments: [] },
        { signal: new AbortController().signal },
      );
      const response = await fetch(`${host.apiUrl}/threads/custom-kind/messages/${sent.id}/provider`);
      const serverProjection = await response.text();
      expect(serverProjection).to.equal(pageProjection);
      // The host used the kind's entry body, not the payload's JSON, and the JSON only for the payload that fails.
      expect(serverProjection).to.contain('<context kind="jira-issue" id="jira-issue_proj-42">\nPROJ-42 (In Progress): Login fails on Safari 18\n</context>');
      expect(serverProjection).to.contain('{"key":"PROJ-99","summary":"Broken payload","status":"Someday"}');
      // And the codec in this browser, given the same definition file, agrees with both.
      const kinds = [defineJiraKind(defineContextKind)];
      expect(projectComposerContextForProvider({ text: message!.text, records: message!.context!.records }, { kinds })).to.equal(serverProjection);
    } finally {
      await host.dispose();
    }
  });
});
