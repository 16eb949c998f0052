// Both elements under a strict Content-Security-Policy (fixtures/csp-page.html: no inline script
// or style, Trusted Types required), fed the XSS corpus everywhere a message, a record or a file
// can carry it. The page's `securitypolicyviolation` listener must hear nothing: a payload that
// reached markup would be refused by the policy and reported there, and so would the elements
// themselves if they needed anything the policy does not grant. Live links must be http(s) only.
//
// A canary closes each test: the test breaks the policy on purpose (an inline <style>) and waits
// for that report.
// It proves the policy is enforced and heard, and, as reports arrive in order, that every report
// caused before it has arrived.
import { expect } from "@esm-bundle/chai";
import type { ComposerContextRecord } from "../../../src/contract/types.js";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import type { T3TranscriptElement } from "../../../src/elements/transcript/t3-transcript.js";
import type { TranscriptMessage } from "../../../src/elements/transcript/types.js";
import { XSS_PAYLOADS, XSS_URLS } from "../../support/xss-payloads.js";
import * as fixtures from "../transcript/fixtures.js";
import { clipboardEvent, dragEvent } from "../../support/events.js";

const PAGE = "/test/elements/security/fixtures/csp-page.html";
/** The same policy without `data:` images. */
const ICONS_PAGE = "/test/elements/security/fixtures/csp-icons-page.html";
const LIVE_LINK = new Set(["http:", "https:"]);
const LOADABLE = new Set(["http:", "https:", "blob:"]);
const ALL = XSS_PAYLOADS.join("\n");
const short = (text: string, max: number) => text.slice(0, max);

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

interface CspFrame {
  window: Window & typeof globalThis & { t3csp: { violations: Violation[] } };
  document: Document;
  remove(): void;
}

/** Loads a CSP page in an iframe and waits for its script to run. */
async function openFrame(page = PAGE): Promise<CspFrame> {
  const iframe = document.createElement("iframe");
  iframe.src = page;
  iframe.style.width = iframe.style.height = "800px"; // chips in view get painted, icons and all
  const loaded = new Promise((resolve) => iframe.addEventListener("load", resolve, { once: true }));
  document.body.append(iframe);
  await loaded;
  const win = iframe.contentWindow as CspFrame["window"];
  // The module script runs before `load`; its element definitions are then in place.
  await win.customElements.whenDefined("t3-composer");
  // Pull-request chips open their page in a new tab: a test has no use for the tabs.
  win.open = () => null;
  return { window: win, document: iframe.contentDocument!, remove: () => iframe.remove() };
}

/**
 * Breaks the policy with an inline style element and waits for its own report (see the header),
 * told from the others by its target, the style element: the report of a violation is fired at
 * the element that caused it. Waiting for the next report of any kind would not do: Firefox
 * reports each refused icon of the page on its own, and the icons refused before the probe may
 * still be on their way when it goes in. Answers every other report heard until then.
 */
async function canary(frame: CspFrame): Promise<Violation[]> {
  const { violations } = frame.window.t3csp;
  const probe = frame.document.createElement("style");
  const reported = new Promise<void>((resolve) => {
    const heard = (event: Event) => {
      if (event.target !== probe) return;
      frame.document.removeEventListener("securitypolicyviolation", heard);
      resolve();
    };
    frame.document.addEventListener("securitypolicyviolation", heard);
  });
  probe.textContent = "body { outline: 1px solid red }";
  frame.document.head.append(probe);
  await reported;
  probe.remove();
  // The page's own listener (fixtures/csp-page.ts), added first, has recorded the probe's report last.
  const own = violations.pop();
  expect(own && [own.directive, own.blocked]).to.deep.equal(["style-src-elem", "inline"]);
  return violations.splice(0);
}

/** Waits for two rendering steps of the frame (images start loading, popovers lay out). */
function rendered(frame: CspFrame): Promise<void> {
  return new Promise((resolve) => frame.window.requestAnimationFrame(() => frame.window.requestAnimationFrame(() => resolve())));
}

/** Every link, source and action under `root`, with whether each is allowed. */
function liveReferences(root: ParentNode): string[] {
  const bad: string[] = [];
  for (const node of root.querySelectorAll("*")) {
    for (const name of node.getAttributeNames()) {
      if (/^on/i.test(name)) bad.push(`${node.localName} ${name}`);
      if (/(^|:)href$|^action$|^formaction$|^srcdoc$|^data$/i.test(name) && node.localName !== "a") bad.push(`${node.localName} ${name}`);
    }
    if (node.localName === "a" && node.hasAttribute("href") && !LIVE_LINK.has(new URL((node as HTMLAnchorElement).href).protocol)) {
      bad.push(`a ${node.getAttribute("href")}`);
    }
    if (node.hasAttribute("src") && !LOADABLE.has(new URL((node as HTMLImageElement).src).protocol)) bad.push(`${node.localName} ${node.getAttribute("src")}`);
  }
  return bad;
}

/** Records of every kind with the corpus in each text field and a hostile URL in each URL field. */
function hostileRecords(): ComposerContextRecord[] {
  const records: ComposerContextRecord[] = [
    { ...fixtures.terminal, terminalLabel: short(XSS_PAYLOADS[0]!, 255), text: ALL },
    { ...fixtures.element, pageTitle: short(ALL, 2048), selector: short(ALL, 2048), htmlPreview: short(ALL, 8000), styles: short(ALL, 8000) },
    { ...fixtures.review, filePath: short(ALL, 2048), sectionTitle: short(ALL, 255), text: short(ALL, 16000), diff: ALL },
    { ...fixtures.annotation, comment: short(ALL, 8000), targetSummary: short(ALL, 2048), styleChanges: XSS_PAYLOADS.slice(0, 200) },
    { ...fixtures.mention, label: short(XSS_PAYLOADS[5]!, 200), path: XSS_PAYLOADS[5]! },
    { ...fixtures.skill, label: short(XSS_PAYLOADS[6]!, 200), name: XSS_PAYLOADS[6]! },
  ];
  XSS_URLS.forEach((url, i) => {
    records.push(
      { ...fixtures.pullRequest, contextId: `review-comment_u${i}`, pullRequest: { ...fixtures.pullRequest.pullRequest!, url: short(url, 2048), title: url } },
      { ...fixtures.element, contextId: `element_u${i}`, pageUrl: short(url, 2048) },
      { ...fixtures.image, contextId: `image_u${i}`, attachmentId: `att-u${i}`, name: short(url, 255), label: short(url, 200) },
      { ...fixtures.file, contextId: `file_u${i}`, attachmentId: `att-v${i}`, name: short(url, 255) },
    );
  });
  return records;
}

function linkOf(record: ComposerContextRecord): string {
  const label = record.label.replace(/[[\]\\\r\n]/g, " ").slice(0, 200) || record.kind;
  return `${record.kind === "image" ? "!" : ""}[${label}](t3-context://v1/${record.kind}/${record.contextId})`;
}

describe("the elements under a strict Content-Security-Policy", function () {
  this.timeout(60_000);
  let frame: CspFrame;

  beforeEach(async () => {
    frame = await openFrame();
  });
  afterEach(() => frame.remove());

  it("hears its own canary (the policy is enforced and the listener works)", async () => {
    expect(await canary(frame)).to.deep.equal([]);
  });

  it("<t3-transcript>: no violation and only http(s) links, whatever the messages carry", async () => {
    const records = hostileRecords();
    const attachments = XSS_URLS.flatMap((url, i) => [
      { id: `att-u${i}`, name: url, mimeType: "image/png", url },
      { id: `att-v${i}`, name: url, mimeType: "application/pdf", url },
    ]);
    const messages: TranscriptMessage[] = [0, 1].map((part) => {
      const own = records.slice(part * 100, part * 100 + 100);
      return {
        id: `user-${part}`,
        role: "user",
        text: [...(part === 0 ? XSS_PAYLOADS : []), ...own.map(linkOf)].join("\n\n"),
        context: { version: 1, records: own },
        attachments: attachments.filter((a) => own.some((r) => "attachmentId" in r && r.attachmentId === a.id)),
      };
    });
    messages.push({ id: "rest", role: "user", text: records.slice(200).map(linkOf).join(" "), context: { version: 1, records: records.slice(200) } });
    messages.push({ id: "assistant", role: "assistant", text: ALL }, { id: "system", role: "system", text: ALL });
    const el = frame.document.createElement("t3-transcript") as T3TranscriptElement;
    // Hosts' URLs are checked too: each attachment resolves to a hostile one.
    el.resolveAttachmentUrl = (id) => XSS_URLS[Number(id.replace(/\D/g, "")) % XSS_URLS.length];
    el.messages = messages;
    frame.document.body.append(el);
    await el.updateComplete;
    await rendered(frame);
    const root = el.shadowRoot!;
    const chips = [...root.querySelectorAll<HTMLElement>("button.t3-chip")];
    expect(chips.length).to.be.greaterThan(records.length);
    // Everything a person can open: popovers, hover cards, the media modal, files.
    for (const button of [...chips, ...root.querySelectorAll<HTMLElement>("[part=gallery] button, [part=files] button")]) {
      button.click();
      for (const overlay of root.querySelectorAll("[popover], dialog")) expect(liveReferences(overlay)).to.deep.equal([]);
      const modal = root.querySelector("dialog");
      if (modal?.open) modal.close();
    }
    await rendered(frame);
    expect(liveReferences(root)).to.deep.equal([]);
    expect(await canary(frame)).to.deep.equal([]);
  });

  it("<t3-composer>: no violation and no live link, whatever the draft, the records and the files carry", async () => {
    const records = hostileRecords();
    const el = frame.document.createElement("t3-composer") as T3ComposerElement;
    el.transport = { send: () => new Promise(() => {}), upload: (_file, { localId }) => Promise.resolve({ attachmentId: localId }) };
    frame.document.body.append(el);
    await el.updateComplete;
    el.value = { text: [...XSS_PAYLOADS, ...records.slice(0, 150).map(linkOf)].join(" "), context: { version: 1, records: records.slice(0, 150) } };
    for (const record of records.slice(150)) el.insertContext(record, { label: XSS_PAYLOADS[0]! });
    const { File: FrameFile } = frame.window; // attachFiles takes Files of the element's own realm
    el.attachFiles(XSS_PAYLOADS.slice(0, 20).map((payload, i) => new FrameFile(["x"], short(payload, 200), { type: i % 2 ? "image/png" : "text/html" })));
    await el.updateComplete;
    el.focus();
    await rendered(frame);
    const root = el.shadowRoot!;
    expect(root.querySelectorAll(".t3-chip").length).to.be.greaterThan(records.length);
    expect(liveReferences(root)).to.deep.equal([]);
    expect(await canary(frame)).to.deep.equal([]);
  });

  // ProseMirror parses dropped or pasted HTML through a Trusted Types policy of its own
  // (`ProseMirrorClipboard`), which the page's policy does not list: creating it would be refused
  // and reported. The composer takes both before ProseMirror does and never parses the HTML.
  it("<t3-composer>: dropped and pasted HTML is never parsed, so ProseMirror needs no policy", async () => {
    const el = frame.document.createElement("t3-composer") as T3ComposerElement;
    frame.document.body.append(el);
    await el.updateComplete;
    el.focus();
    const editor = el.shadowRoot!.querySelector<HTMLElement>(".editor")!;
    const html = `<span data-t3-chip="" data-kind="terminal" data-context-id="terminal_t1">x</span>${ALL}`;
    const { DataTransfer: FrameDataTransfer } = frame.window;
    const data = (text: string) => {
      const transfer = new FrameDataTransfer();
      transfer.setData("text/html", html);
      transfer.setData("text/plain", text);
      return transfer;
    };
    const box = editor.getBoundingClientRect();
    const at = { clientX: Math.round(box.left + 4), clientY: Math.round(box.top + box.height / 2) };
    const drop = dragEvent("drop", data("dropped"), at, frame.window);
    editor.dispatchEvent(drop);
    editor.dispatchEvent(clipboardEvent("paste", data(" pasted"), frame.window));
    await el.updateComplete;
    await rendered(frame);
    expect(await canary(frame)).to.deep.equal([]);
    expect(drop.defaultPrevented).to.equal(true);
    expect(el.value).to.deep.equal({ text: "dropped pasted" });
  });

  it("without data: images, refuses the built-in chip icons and nothing else", async () => {
    frame.remove();
    frame = await openFrame(ICONS_PAGE);
    const el = frame.document.createElement("t3-transcript") as T3TranscriptElement;
    const records = [fixtures.terminal, fixtures.mention, fixtures.skill];
    el.messages = [{ id: "m", role: "user", text: records.map(linkOf).join(" "), context: { version: 1, records } }];
    frame.document.body.append(el);
    await el.updateComplete;
    const refused = new Promise<void>((resolve) => frame.document.addEventListener("securitypolicyviolation", () => resolve(), { once: true }));
    await rendered(frame); // chips are painted: their icons are fetched
    await refused;
    const others = await canary(frame);
    expect([...new Set(others.map((v) => `${v.directive} ${v.blocked}`))]).to.deep.equal(["img-src data"]);
  });
});

