// Spoofed labels and links (issue 14): a chip shows what its label is, and a details card shows
// the host a URL really opens.
import { expect } from "@esm-bundle/chai";
import type { FileContextRecord, ReviewCommentContextRecord } from "../../../src/contract/types.js";
import { renderPullRequestCard } from "../../../src/presentation/details/review-comment.js";
import { linkWithHost } from "../../../src/presentation/details/card.js";
import { chipRegistry, fillChip, resolveChip } from "../../../src/presentation/index.js";

const file: FileContextRecord = {
  version: 1,
  contextId: "file_f1",
  kind: "file",
  label: "invoice\u202Efdp.exe",
  name: "invoice\u202Efdp.exe",
  mimeType: "application/octet-stream",
  sizeBytes: 10,
  attachmentId: "att_1",
};

function chipFor(record: FileContextRecord): HTMLElement {
  const target = document.createElement("span");
  fillChip(target, resolveChip(chipRegistry, { kind: "file", contextId: record.contextId, label: "x" }, record), { name: "transcript", host: document.body });
  document.body.append(target);
  return target;
}

describe("spoofed labels", () => {
  afterEach(() => document.querySelectorAll("body > span").forEach((node) => node.remove()));

  it("shows a bidi override in a record's label as a visible mark, not as reordering", () => {
    const label = chipFor(file).querySelector(".t3-chip-label")!;
    expect(label.textContent).to.equal("invoice\u27E8U+202E\u27E9fdp.exe");
  });

  it("isolates the label, so its direction cannot reorder the text around the chip", () => {
    const label = chipFor({ ...file, label: "\u05D0\u05D1 a.pdf", name: "\u05D0\u05D1 a.pdf" }).querySelector(".t3-chip-label")!;
    expect(label.localName).to.equal("bdi");
    expect(getComputedStyle(label).unicodeBidi).to.equal("isolate");
  });

  it("shows zero-width characters as visible marks and keeps emoji joiners", () => {
    const name = "pay\u200Bpal \u{1F468}\u200D\u{1F469}";
    const label = chipFor({ ...file, label: name, name }).querySelector(".t3-chip-label")!;
    expect(label.textContent).to.equal("pay\u27E8U+200B\u27E9pal \u{1F468}\u200D\u{1F469}");
  });
});

describe("spoofed links", () => {
  const hostOf = (node: Node) => {
    const box = document.createElement("div");
    box.append(node);
    return box.querySelector(".t3-details-host");
  };

  it("shows the host a pull request's URL opens, and flags look-alike slashes and a user name", () => {
    const pullRequest: NonNullable<ReviewCommentContextRecord["pullRequest"]> = {
      number: 7,
      title: "Fix",
      url: "https://github.com\u2215acme\u2215app\u2215pull\u22157@evil.example/",
      state: "open",
      isDraft: false,
      headBranch: "a",
      baseBranch: "main",
    };
    const host = renderPullRequestCard(pullRequest).querySelector(".t3-details-host")!;
    expect(host.textContent).to.equal("opens evil.example · look-alike slashes · user name in URL");
    expect(host.getAttribute("data-warning")).to.equal("true");
  });

  it("shows an internationalized host in punycode", () => {
    expect(hostOf(linkWithHost("https://b\u00FCcher.example/x"))!.textContent).to.equal("opens xn--bcher-kva.example");
  });

  it("shows a plain host without a warning", () => {
    const host = hostOf(linkWithHost("https://github.com/acme/app/pull/7"))!;
    expect(host.textContent).to.equal("opens github.com");
    expect(host.hasAttribute("data-warning")).to.equal(false);
  });

  it("shows no host for a URL that is not http(s)", () => {
    expect(hostOf(linkWithHost("javascript:alert(1)"))).to.equal(null);
  });
});
