// What `composer.preview()` shows is what the reference host gives a model for the sent message
// (docs/preview-and-stale.md): a draft with a chip of every built-in kind and of the demo's custom
// `jira-issue` kind, with a real image and file uploaded to the host, is previewed, sent, and read
// back from the host's provider view. The two strings are equal once the pending attachment ids
// of the draft are swapped for the ids the host gave the stored attachments.
import { expect } from "@esm-bundle/chai";
import { defineJiraKind } from "../../demo/app/jira-kind.js";
import { defineContextKind } from "../../src/codec/index.js";
import type { ComposerContextRecord } from "../../src/contract/types.js";
import type { T3ComposerElement } from "../../src/elements/composer/t3-composer.js";
import { createFetchTransport } from "../../src/transport/index.js";
import { startHost, type TestHost } from "../support/host.js";
import { mention, mount, pngFile, skill, terminal, unmountAll } from "../elements/composer/helpers.js";

const element = {
  version: 1, kind: "element", contextId: "element_btn-go", label: "", pageUrl: "http://localhost:3000/", pageTitle: "Shop",
  tagName: "button", selector: "main > button.go", htmlPreview: '<button class="go">Buy</button>', componentName: "BuyButton",
  source: { functionName: "BuyButton", fileName: "src/BuyButton.tsx", lineNumber: 12, columnNumber: 3 }, styles: "color: red;",
} as const satisfies ComposerContextRecord;
const annotation = {
  version: 1, kind: "preview-annotation", contextId: "preview-annotation_a1", label: "", annotationId: "a1",
  pageUrl: "http://localhost:3000/", pageTitle: "Shop", comment: "Make the header sticky", targetSummary: "1 selected element", styleChanges: ["background: #fff → #222"],
} as const satisfies ComposerContextRecord;
const review = {
  version: 1, kind: "review-comment", contextId: "review-comment_c42", label: "", sectionId: "s1", sectionTitle: "src/app.ts",
  filePath: "src/app.ts", startIndex: 3, endIndex: 5, rangeLabel: "+12 to +15", text: "Why not a Map here?", diff: "-const a = {}\n+const a = new Map()",
} as const satisfies ComposerContextRecord;
const jira = {
  version: 1, kind: "jira-issue", contextId: "jira-issue_proj-42", label: "PROJ-42",
  payload: { key: "PROJ-42", summary: "Login fails on Safari 18", status: "In Progress" },
} as const;

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe("composer.preview() and the reference host", () => {
  let host: TestHost;
  before(async () => {
    host = await startHost();
  });
  after(() => host.dispose());
  afterEach(unmountAll);

  it("previews exactly what the host projects for the sent message, apart from attachment ids", async () => {
    const el: T3ComposerElement = await mount();
    el.kinds = [defineJiraKind(defineContextKind)]; // the same definition the demo host projects with
    el.transport = createFetchTransport({ baseUrl: host.apiUrl, threadId: "preview" });
    el.value = { text: "Fix this, see" };
    for (const record of [terminal, element, annotation, review, mention, skill, jira]) el.insertContext(record, { at: "end" });
    el.attachFiles([pngFile("shot.png"), new File(["GET /api 500\n"], "trace.log", { type: "text/plain" })]);
    await until(() => el.attachments.length === 2 && el.attachments.every((attachment) => attachment.status === "ready"));
    const preview = await el.preview();
    const pending = new Map(el.value.context!.records.filter((record) => "attachmentId" in record).map((record) => [record.contextId, (record as { attachmentId: string }).attachmentId]));
    expect(pending.size).to.equal(2);

    const sent = await el.send();
    const response = await fetch(`${host.apiUrl}/threads/preview/messages/${sent!.id}/provider`);
    const projected = await response.text();
    let expected = preview;
    for (const record of sent!.context!.records) {
      const before = pending.get(record.contextId);
      if (before) expected = expected.replaceAll(before, (record as { attachmentId: string }).attachmentId);
    }
    expect(expected).to.not.equal(preview); // the host gave the attachments new ids
    expect(projected).to.equal(expected);
    for (const kind of ["terminal", "element", "preview-annotation", "review-comment", "mention", "skill", "image", "file", "jira-issue"]) {
      expect(projected).to.contain(`<context kind="${kind}"`);
    }
    expect(projected).to.contain("PROJ-42 (In Progress): Login fails on Safari 18");
  });
});
