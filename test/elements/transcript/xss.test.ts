// The shared XSS corpus everywhere a message can carry it: labels, record payloads, Markdown,
// pull-request and page URLs, attachment names and URLs, custom-kind payloads. Nothing may run,
// and nothing live may point anywhere but http(s).
import { expect } from "@esm-bundle/chai";
import { sendKeys } from "@web/test-runner-commands";
import * as v from "valibot";
import { decodeComposerContextRecord } from "../../../src/contract/decode.js";
import type { ComposerContextRecord, UnknownContextRecord } from "../../../src/contract/types.js";
import { chipRegistry, createChipRegistry } from "../../../src/presentation/index.js";
import { XSS_PAYLOADS, XSS_URLS, installXssTrap } from "../../support/xss-payloads.js";
import { annotation, chips, cleanup, element, file, image, mount, pullRequest, rendered, review, shadow, terminal } from "./fixtures.js";

const LIVE_LINK = new Set(["http:", "https:"]);
const LOADABLE = new Set(["http:", "https:", "blob:"]);
const FORBIDDEN_TAGS = ["script", "iframe", "object", "embed", "svg", "math", "style", "link", "meta", "base", "form", "frame", "template", "noscript", "xmp", "plaintext", "textarea", "select", "audio", "source", "picture", "marquee", "body"];
/** The only inline styles the transcript writes: an open chip's anchor, a table cell's alignment. */
const OWN_INLINE_STYLES = new Set(["anchor-name", "text-align"]);

const ALL = XSS_PAYLOADS.join("\n");

/** Every text field of every built-in kind holds the whole corpus (one chip per kind). */
function corpusRecords(): ComposerContextRecord[] {
  const short = (text: string, max: number) => text.slice(0, max);
  return [
    { ...terminal, terminalLabel: short(XSS_PAYLOADS[0]!, 255), text: ALL },
    { ...element, pageTitle: short(ALL, 2048), selector: short(ALL, 2048), htmlPreview: short(ALL, 8000), componentName: short(XSS_PAYLOADS[1]!, 255), styles: short(ALL, 8000), source: { functionName: XSS_PAYLOADS[2]!, fileName: XSS_PAYLOADS[3]!, lineNumber: 1, columnNumber: 2 } },
    { ...review, filePath: short(ALL, 2048), sectionTitle: short(ALL, 255), rangeLabel: XSS_PAYLOADS[4]!, text: short(ALL, 16000), diff: ALL },
    { ...annotation, comment: short(ALL, 8000), pageTitle: short(ALL, 2048), targetSummary: short(ALL, 2048), styleChanges: XSS_PAYLOADS.slice(0, 200) },
    { version: 1, contextId: "mention_m1", kind: "mention", label: XSS_PAYLOADS[5]!, path: XSS_PAYLOADS[5]! },
    { version: 1, contextId: "skill_s1", kind: "skill", label: XSS_PAYLOADS[6]!, name: XSS_PAYLOADS[6]! },
    { version: 1, contextId: "jira-issue_all", kind: "jira-issue", label: "PROJ-1", payload: { key: ALL, summary: ALL, url: "https://jira.example/PROJ-1" } },
  ];
}

/** One record per hostile URL in every URL field, and one chip per payload as a label. */
function perPayloadRecords(): ComposerContextRecord[] {
  const records: ComposerContextRecord[] = [];
  XSS_URLS.forEach((url, i) => {
    records.push(
      { ...pullRequest, contextId: `review-comment_u${i}`, pullRequest: { ...pullRequest.pullRequest!, url: url.slice(0, 2048), title: url } },
      { ...element, contextId: `element_u${i}`, pageUrl: url.slice(0, 2048) },
      { ...annotation, contextId: `preview-annotation_u${i}`, pageUrl: url.slice(0, 2048), screenshotContextId: `image_u${i}` },
      { ...image, contextId: `image_u${i}`, attachmentId: `att-u${i}`, name: url.slice(0, 255), label: url.slice(0, 200) },
      { ...file, contextId: `file_u${i}`, attachmentId: `att-v${i}`, name: url.slice(0, 255) },
      { version: 1, contextId: `jira-issue_u${i}`, kind: "jira-issue", label: `J-${i}`, payload: { key: url, summary: url, url } } satisfies UnknownContextRecord,
    );
  });
  XSS_PAYLOADS.forEach((payload, i) => records.push({ ...terminal, contextId: `terminal_l${i}`, label: payload.slice(0, 200), terminalLabel: payload.slice(0, 255) }));
  return records;
}

function linkOf(record: ComposerContextRecord, label = record.label): string {
  const clean = label.replace(/[[\]\\\r\n]/g, " ").slice(0, 200) || record.kind;
  return `${record.kind === "image" ? "!" : ""}[${clean}](t3-context://v1/${record.kind}/${record.contextId})`;
}

/** Checks everything a person can reach under `root`: tags, attributes, links, media, styles. */
function checkDom(root: ParentNode): void {
  for (const node of root.querySelectorAll("*")) {
    const tag = node.localName;
    expect(FORBIDDEN_TAGS, `<${tag}>`).not.to.include(tag);
    for (const name of node.getAttributeNames()) {
      expect(name.startsWith("on"), `${name} on <${tag}>`).to.equal(false);
      if (/href$/i.test(name)) expect(tag, `${name} outside a link`).to.equal("a");
    }
    if (tag === "a" && node.hasAttribute("href")) {
      expect(LIVE_LINK.has(new URL((node as HTMLAnchorElement).href).protocol), `live link ${node.getAttribute("href")}`).to.equal(true);
    }
    if (node.hasAttribute("src")) {
      expect(["img", "video"]).to.include(tag);
      const source = new URL((node as HTMLImageElement).src);
      expect(LOADABLE.has(source.protocol), `source ${node.getAttribute("src")}`).to.equal(true);
      if (source.protocol === "blob:") expect(source.origin).to.equal(location.origin);
    }
    const style = (node as HTMLElement).style;
    for (let i = 0; i < (style?.length ?? 0); i++) expect(OWN_INLINE_STYLES.has(style[i]!), `inline style ${style[i]}`).to.equal(true);
  }
}

describe("<t3-transcript> hostile input", () => {
  let trap: ReturnType<typeof installXssTrap>;
  let originalOpen: typeof window.open;
  const opened: unknown[][] = [];

  beforeEach(() => {
    trap = installXssTrap();
    originalOpen = window.open;
    opened.length = 0;
    window.open = ((...args: unknown[]) => {
      opened.push(args);
      return null;
    }) as typeof window.open;
  });
  afterEach(() => {
    trap.restore();
    window.open = originalOpen;
    cleanup();
  });

  it("decodes the hostile records, so every chip below is drawn by its presenter", () => {
    for (const record of [...corpusRecords(), ...perPayloadRecords()]) {
      expect(decodeComposerContextRecord(record).success, record.contextId).to.equal(true);
    }
  });

  it("runs nothing and links only http(s), wherever a message carries the corpus", async function () {
    // A few hundred buttons, each pressed with real input: 32 s to over 60 s seen on this 2-core
    // machine, so the bound leaves room for a loaded one (it bounds a hang, it does not time the code).
    this.timeout(180_000);
    const registry = createChipRegistry({ base: chipRegistry });
    registry.define("jira-issue", {
      payload: v.object({ key: v.string(), summary: v.string(), url: v.string() }),
      label: (record) => (record as UnknownContextRecord & { payload: { key: string } }).payload.key,
      href: (record) => (record as UnknownContextRecord & { payload: { url: string } }).payload.url,
      details: "popover",
      renderDetails: (record) => {
        const node = document.createElement("div");
        node.textContent = (record as UnknownContextRecord & { payload: { summary: string } }).payload.summary;
        return node;
      },
    });
    const corpus = corpusRecords();
    const perPayload = perPayloadRecords();
    const attachments = [
      ...XSS_URLS.flatMap((url, i) => [
        { id: `att-u${i}`, name: url, mimeType: "image/png", url },
        { id: `att-v${i}`, name: url, mimeType: "application/pdf", url },
      ]),
      ...XSS_PAYLOADS.map((payload, i) => ({ id: `att-n${i}`, name: payload, mimeType: payload, url: XSS_URLS[i % XSS_URLS.length]! })),
      { id: "att-shot", name: ALL, mimeType: "image/png", url: "javascript:__xss(0)" },
    ];
    // A context holds at most 200 records: the records travel in several messages.
    const groups = [corpus, perPayload.slice(0, 150), perPayload.slice(150, 300), perPayload.slice(300)];
    expect(groups.every((group) => group.length <= 200) && groups.flat().length === corpus.length + perPayload.length).to.equal(true);
    const users = groups.map((records, i) => ({
      id: `user-${i}`,
      role: "user" as const,
      text: [...(i === 0 ? XSS_PAYLOADS : []), ...records.map((record) => linkOf(record, i === 0 ? ALL : record.label))].join("\n\n"),
      context: { version: 1 as const, records },
      // Each message carries the attachments its records bind, the first also the hostile names.
      attachments: attachments.filter((a) => records.some((r) => "attachmentId" in r && r.attachmentId === a.id) || (i === 0 && a.id.startsWith("att-n"))),
    }));
    const el = await mount(
      [
        ...users,
        // A legacy message (no context): the in-memory upgrade reads hostile blocks too.
        {
          id: "legacy",
          role: "user",
          text: `${XSS_PAYLOADS.slice(0, 20).join(" \uFFFC ")}\n\n<terminal_context>\n${XSS_PAYLOADS.slice(0, 20).map((p, i) => `- ${p.replace(/\n/g, " ")} line ${i + 1}:\n  ${i + 1} ${p.replace(/\n/g, " ")}`).join("\n")}\n</terminal_context>`,
        },
        { id: "assistant", role: "assistant", text: XSS_PAYLOADS.join("\n\n") },
        { id: "system", role: "system", text: ALL },
      ],
      (t) => {
        t.registry = registry;
        // Urls from the host are checked too: here each attachment resolves to a hostile one.
        t.resolveAttachmentUrl = (id) => XSS_URLS[Number(id.replace(/\D/g, "")) % XSS_URLS.length];
      },
    );
    const root = shadow(el);
    checkDom(root);
    const drawn = chips(root);
    // Only the corpus's own Markdown links (which have no records) are unresolved.
    const unresolved = new Set(drawn.filter((c) => c.dataset.contextUnresolved).map((c) => c.dataset.contextId));
    expect([...unresolved]).to.deep.equal(["t1", "i1"]);
    expect(drawn.length).to.be.greaterThan(corpus.length + perPayload.length);

    // Open what a person could: every chip (popovers, hover cards, the modal, file opens) and
    // every gallery and file button; each overlay is checked while it holds its content.
    const buttons = [...drawn, ...root.querySelectorAll<HTMLButtonElement>("[part=gallery] button, [part=files] button")];
    for (const button of buttons) {
      button.focus();
      await sendKeys({ press: "Enter" });
      for (const overlay of root.querySelectorAll("[popover], dialog")) checkDom(overlay);
      const modal = root.querySelector("dialog")!;
      if (modal.open) modal.close();
    }
    await rendered();
    await new Promise((resolve) => setTimeout(resolve, 100)); // let image errors and queued tasks run
    checkDom(root);
    expect(trap.hits).to.deep.equal([]);
    expect(opened.map(([url]) => new URL(String(url)).protocol).filter((p) => !LIVE_LINK.has(p))).to.deep.equal([]);
    expect(opened.every(([, target, features]) => target === "_blank" && features === "noopener,noreferrer")).to.equal(true);
    expect(getComputedStyle(document.body).backgroundImage).to.equal("none");
  });

  it("shows hostile text as the very text it is", async () => {
    const payload = "<img src=x onerror=__xss(1)>";
    const record = { ...terminal, terminalLabel: payload };
    const el = await mount([{ id: "m", role: "user", text: `${payload} [t](t3-context://v1/terminal/terminal_t1)`, context: { version: 1, records: [record] } }]);
    const body = shadow(el).querySelector(".body")!;
    expect(body.textContent).to.equal(`${payload} ${payload} lines 3-4`);
    expect(body.querySelector("img")).to.equal(null);
  });
});
