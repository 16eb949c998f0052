// Hostile input everywhere a message can carry it; nothing may execute, and nothing live may
// point anywhere but http(s).
import { expect } from "@esm-bundle/chai";
import { sendKeys } from "@web/test-runner-commands";
import * as v from "valibot";
import type { ComposerContextRecord } from "../../../src/contract/types.js";
import { chipRegistry, createChipRegistry } from "../../../src/presentation/index.js";
import { annotation, chips, cleanup, element, file, image, mount, pullRequest, rendered, review, shadow, terminal, until } from "./fixtures.js";

const TRAP = "__t3xss";

const PAYLOADS = [
  `<script>${TRAP}("script")</script>`,
  `<img src=x onerror="${TRAP}('img')">`,
  `"><img src=x onerror=${TRAP}('attr')>`,
  `<svg onload="${TRAP}('svg')"><script>${TRAP}('svg-script')</script></svg>`,
  `<svg><a xlink:href="javascript:${TRAP}('svg-a')"><text>x</text></a></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=${TRAP}('mxss')></style></mglyph></table></mtext></math>`,
  `<iframe src="javascript:${TRAP}('iframe')"></iframe>`,
  `<a href="javascript:${TRAP}('a')">a</a>`,
  `<details open ontoggle=${TRAP}('details')>`,
  `javascript:${TRAP}('js')`,
  `JaVaScRiPt:${TRAP}('mixed')`,
  `&#106;avascript:${TRAP}('entity')`,
  `&#x6A;&#x61;vascript&colon;${TRAP}('hex')`,
  `java\tscript:${TRAP}('tab')`,
  ` \u0001javascript:${TRAP}('control')`,
  `data:text/html,<script>${TRAP}('data')</script>`,
  `DATA:text/html;base64,PHNjcmlwdD5fX3QzeHNzKCdiNjQnKTwvc2NyaXB0Pg==`,
  `vbscript:msgbox("${TRAP}")`,
  `VbScRiPt&#58;msgbox(1)`,
  `</style><style>:host,*{background:url("javascript:${TRAP}('css')") !important}</style>`,
  `x" style="background:url(javascript:${TRAP}('style'))`,
  `expression(${TRAP}('expression'))`,
];

const MARKDOWN_LINKS = [
  `[a](javascript:${TRAP}('md'))`,
  `[b](JAVASCRIPT:${TRAP}('md-upper'))`,
  `[c](&#x6A;avascript:${TRAP}('md-entity'))`,
  `[d](java&#x09;script:${TRAP}('md-tab'))`,
  `[e](data:text/html,%3Cscript%3E${TRAP}('md-data')%3C/script%3E)`,
  `[f](vbscript:msgbox(1))`,
  `<javascript:${TRAP}('autolink')>`,
  `[g][ref]\n\n[ref]: javascript:${TRAP}('reflink')`,
  `![h](javascript:${TRAP}('md-image'))`,
  `![i](x" onerror="${TRAP}('md-img-attr'))`,
  `[j](https://ok.example/" onclick="${TRAP}('quote'))`,
  "```html\n<script>" + TRAP + "('fence')</script>\n```",
  `[k](  javascript:${TRAP}('space') )`,
];

const ALLOWED_LINK_PROTOCOLS = new Set(["http:", "https:"]);
const ALLOWED_MEDIA_PROTOCOLS = new Set(["http:", "https:", "blob:"]);
const FORBIDDEN_TAGS = ["script", "iframe", "object", "embed", "svg", "math", "style", "link", "meta", "base", "form", "frame"];
const ALLOWED_INLINE_STYLE = new Set(["anchor-name", "text-align"]);

function hostile(i: number): string {
  return PAYLOADS[i % PAYLOADS.length]!;
}

function hostileRecords(): ComposerContextRecord[] {
  return PAYLOADS.flatMap((payload, i): ComposerContextRecord[] => [
    { ...terminal, contextId: `terminal_x${i}`, label: payload, terminalLabel: payload, text: payload },
    { ...element, contextId: `element_x${i}`, label: payload, pageUrl: payload, pageTitle: payload, selector: payload, htmlPreview: payload, componentName: payload, styles: payload, tagName: payload, source: { functionName: payload, fileName: payload, lineNumber: 1, columnNumber: 1 } },
    { ...review, contextId: `review-comment_x${i}`, label: payload, filePath: payload, sectionTitle: payload, rangeLabel: payload, text: payload, diff: payload },
    { ...pullRequest, contextId: `review-comment_p${i}`, label: payload, pullRequest: { ...pullRequest.pullRequest!, url: payload, title: payload, headBranch: payload, baseBranch: payload } },
    { ...annotation, contextId: `preview-annotation_x${i}`, label: payload, comment: payload, pageUrl: payload, pageTitle: payload, targetSummary: payload, styleChanges: [payload], screenshotContextId: `image_x${i}`, elements: [{ ...element, pageUrl: payload, htmlPreview: payload, tagName: payload }] },
    { ...image, contextId: `image_x${i}`, label: payload, name: payload, attachmentId: `att-i${i}` },
    { ...file, contextId: `file_x${i}`, label: payload, name: payload, mimeType: payload, attachmentId: `att-f${i}` },
    { version: 1, contextId: `mention_x${i}`, kind: "mention", label: payload, path: payload },
    { version: 1, contextId: `skill_x${i}`, kind: "skill", label: payload, name: payload },
    { version: 1, contextId: `jira-issue_x${i}`, kind: "jira-issue", label: payload, payload: { key: payload, summary: payload, url: payload } },
  ]);
}

function linkOf(record: ComposerContextRecord, i: number): string {
  // The link's own label is hostile too (the sanitizer only drops brackets and line breaks).
  const label = hostile(i).replace(/[[\]\n]/g, " ");
  return `${record.kind === "image" ? "!" : ""}[${label}](t3-context://v1/${record.kind}/${record.contextId})`;
}

function allNodes(root: ParentNode): Element[] {
  return [...root.querySelectorAll("*")];
}

/** Checks the DOM a person can reach: links, media, tags, attributes, inline styles. */
function checkDom(root: ParentNode): void {
  for (const node of allNodes(root)) {
    const tag = node.localName;
    expect(FORBIDDEN_TAGS, `<${tag}> in the shadow root`).not.to.include(tag);
    for (const attribute of node.getAttributeNames()) {
      expect(attribute.startsWith("on"), `${attribute} on <${tag}>`).to.equal(false);
      expect(attribute, `<${tag}>`).not.to.match(/^(xlink:)?href$/.test(attribute) && tag !== "a" ? /./ : /^$/);
    }
    if (tag === "a" && node.hasAttribute("href")) {
      expect(ALLOWED_LINK_PROTOCOLS.has(new URL((node as HTMLAnchorElement).href).protocol), `live link ${node.getAttribute("href")}`).to.equal(true);
    }
    if ((tag === "img" || tag === "video") && node.hasAttribute("src")) {
      expect(ALLOWED_MEDIA_PROTOCOLS.has(new URL((node as HTMLImageElement).src).protocol), `media ${node.getAttribute("src")}`).to.equal(true);
    }
    const style = (node as HTMLElement).style;
    if (style) for (let i = 0; i < style.length; i++) expect(ALLOWED_INLINE_STYLE.has(style[i]!), `inline style ${style[i]}`).to.equal(true);
  }
}

describe("<t3-transcript> hostile input", () => {
  const hits: string[] = [];
  let originalOpen: typeof window.open;
  const opened: unknown[][] = [];

  before(() => {
    (window as unknown as Record<string, unknown>)[TRAP] = (what: string) => hits.push(what);
    originalOpen = window.open;
    window.open = ((...args: unknown[]) => {
      opened.push(args);
      return null;
    }) as typeof window.open;
  });
  after(() => {
    delete (window as unknown as Record<string, unknown>)[TRAP];
    window.open = originalOpen;
  });
  afterEach(cleanup);

  it("executes nothing and links only http(s), in labels, payloads, Markdown, URLs, attachments and custom kinds", async function () {
    // Hundreds of buttons, each pressed with real input.
    this.timeout(60_000);
    const registry = createChipRegistry({ base: chipRegistry });
    registry.define("jira-issue", {
      payload: v.object({ key: v.string(), summary: v.string(), url: v.string() }),
      label: (record) => (record as { payload: { key: string } }).payload.key,
      href: (record) => (record as { payload: { url: string } }).payload.url,
      details: "popover",
      renderDetails: (record) => {
        const node = document.createElement("div");
        node.textContent = (record as { payload: { summary: string } }).payload.summary;
        return node;
      },
    });
    const records = hostileRecords();
    const attachments = PAYLOADS.flatMap((payload, i) => [
      { id: `att-i${i}`, name: payload, mimeType: "image/png", url: payload },
      { id: `att-f${i}`, name: payload, mimeType: "application/pdf", url: payload },
      { id: `att-u${i}`, name: payload, mimeType: payload, url: payload },
    ]);
    const text = [
      ...PAYLOADS,
      ...MARKDOWN_LINKS,
      ...records.map((record, i) => linkOf(record, i)),
    ].join("\n\n");
    const el = await mount(
      [
        { id: "u1", role: "user", text, context: { version: 1, records }, attachments },
        { id: "a1", role: "assistant", text, context: { version: 1, records } },
        { id: "s1", role: "system", text: PAYLOADS.join(" ") },
      ],
      (t) => {
        t.registry = registry;
        t.resolveAttachmentUrl = (id) => hostile(Number(id.replace(/\D/g, "")) || 0);
      },
    );
    checkDom(shadow(el));

    // Open everything a person could: every chip (popovers, hover cards, the modal) and every
    // gallery and file button.
    const buttons = [...chips(shadow(el)), ...shadow(el).querySelectorAll<HTMLButtonElement>("[part=gallery] button, [part=files] button")];
    expect(buttons.length).to.be.greaterThan(PAYLOADS.length * 10);
    for (const button of buttons) {
      button.focus();
      await sendKeys({ press: "Enter" });
      // The overlays hold what was just opened; the whole root is checked again at the end.
      for (const overlay of shadow(el).querySelectorAll("[popover], dialog")) checkDom(overlay);
      const modal = shadow(el).querySelector("dialog")!;
      if (modal.open) modal.close();
      shadow(el).querySelector<HTMLElement>("[part=popover]")!.hidePopover?.();
    }
    // Give image errors and any queued task the chance to run before asserting nothing did.
    await rendered();
    await new Promise((resolve) => setTimeout(resolve, 100));
    checkDom(shadow(el));
    expect(hits).to.deep.equal([]);
    expect(opened.every(([url]) => ALLOWED_LINK_PROTOCOLS.has(new URL(String(url)).protocol))).to.equal(true);
    expect(getComputedStyle(document.body).backgroundImage).to.equal("none");
  });

  it("shows hostile text as the very text it is", async () => {
    const payload = PAYLOADS[1]!;
    const record = { ...terminal, terminalLabel: payload };
    const el = await mount([{ id: "m", role: "user", text: `${payload} [t](t3-context://v1/terminal/terminal_t1)`, context: { version: 1, records: [record] } }]);
    const body = shadow(el).querySelector(".body")!;
    expect(body.textContent).to.equal(`${payload} ${payload} lines 3-4`);
    expect(body.querySelector("img")).to.equal(null);
    await until(() => true);
  });
});
