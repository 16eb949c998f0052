import { expect } from "@esm-bundle/chai";
import { sendKeys, sendMouse } from "@web/test-runner-commands";
import type { ComposerContextRecord } from "../../../src/contract/types.js";
import type { ChipActivateDetail } from "../../../src/elements/chip-events.js";
import type { T3TranscriptElement } from "../../../src/elements/transcript/t3-transcript.js";
import {
  annotation, article, centre, chip, cleanup, element, file, image, link, mention, mount, pngUrl, pullRequest, review,
  screenshot, shadow, stubOpen, terminal, until, userMessage, video,
} from "./fixtures.js";

const popoverOf = (el: T3TranscriptElement) => shadow(el).querySelector<HTMLElement>("[part=popover]")!;
const modalOf = (el: T3TranscriptElement) => shadow(el).querySelector<HTMLDialogElement>("dialog[part=modal]")!;
const isOpen = (node: HTMLElement) => node.matches(":popover-open");

async function click(node: Element): Promise<void> {
  const [x, y] = centre(node);
  await sendMouse({ type: "click", position: [x, y] });
}


async function single(record: ComposerContextRecord, extra: Partial<Parameters<typeof userMessage>[2]> = {}) {
  return mount([userMessage("m1", `Look at ${link(record)} please`, { context: { version: 1, records: [record] }, ...extra })]);
}

describe("<t3-transcript> details popovers", () => {
  afterEach(async () => {
    cleanup();
    await sendMouse({ type: "move", position: [0, 0] });
  });

  it("opens a terminal's excerpt on click, with numbered lines", async () => {
    const el = await single(terminal);
    await click(chip(shadow(el), "terminal_t1"));
    const popover = popoverOf(el);
    expect(isOpen(popover)).to.equal(true);
    expect(popover.querySelector(".t3-details-title")!.textContent).to.equal("build lines 3-4");
    expect([...popover.querySelectorAll(".t3-line")].map((line) => [line.getAttribute("data-line"), line.textContent])).to.deep.equal([
      ["3", "npm run build"],
      ["4", "error TS2345"],
    ]);
    expect(popover.getAttribute("aria-label")).to.equal("build lines 3-4, Terminal");
  });

  it("closes on Escape and gives focus back to the chip", async () => {
    const el = await single(terminal);
    const button = chip(shadow(el), "terminal_t1");
    await click(button);
    expect(shadow(el).activeElement).to.equal(popoverOf(el));
    await sendKeys({ press: "Escape" });
    await until(() => !isOpen(popoverOf(el)) && shadow(el).activeElement === button, "popover closed, focus back");
    expect(button.getAttribute("aria-expanded")).to.equal("false");
    expect(button.style.getPropertyValue("anchor-name")).to.equal("");
  });

  it("opens with Enter and with Space from the keyboard", async () => {
    const el = await single(terminal);
    const button = chip(shadow(el), "terminal_t1");
    expect([button.getAttribute("aria-haspopup"), button.getAttribute("aria-expanded")]).to.deep.equal(["dialog", "false"]);
    button.focus();
    await sendKeys({ press: "Enter" });
    expect(isOpen(popoverOf(el))).to.equal(true);
    expect(button.getAttribute("aria-controls")).to.equal(popoverOf(el).id);
    await sendKeys({ press: "Escape" });
    await until(() => shadow(el).activeElement === button, "focus back");
    await sendKeys({ press: " " });
    expect(isOpen(popoverOf(el))).to.equal(true);
    expect(button.getAttribute("aria-expanded")).to.equal("true");
  });

  it("is anchored under its chip with CSS anchor positioning", async () => {
    const el = await single(terminal);
    const button = chip(shadow(el), "terminal_t1");
    await click(button);
    expect(button.style.getPropertyValue("anchor-name")).to.equal("--t3-details-anchor");
    expect(getComputedStyle(popoverOf(el)).positionAnchor).to.equal("--t3-details-anchor");
    const chipBox = button.getBoundingClientRect();
    const box = popoverOf(el).getBoundingClientRect();
    expect(box.top).to.be.at.least(Math.floor(chipBox.bottom));
    expect(Math.round(box.left)).to.equal(Math.round(chipBox.left));
  });

  it("toggles closed when its chip is activated again", async () => {
    const el = await single(terminal);
    const button = chip(shadow(el), "terminal_t1");
    button.focus();
    await sendKeys({ press: "Enter" });
    button.focus();
    await sendKeys({ press: "Enter" });
    await until(() => !isOpen(popoverOf(el)), "closed");
  });

  it("shows a browser element's url, selector, component, source, html and styles", async () => {
    const el = await single(element);
    await click(chip(shadow(el), "element_e1"));
    const popover = popoverOf(el);
    expect(popover.querySelector(".t3-details-title")!.textContent).to.equal("Browser element");
    const rows = [...popover.querySelectorAll("dt")].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]);
    expect(rows).to.deep.equal([
      ["URL", "https://app.example.com/settings opens app.example.com"],
      ["Page", "Settings"],
      ["Element", "<button>"],
      ["Selector", "main > button.save"],
      ["Component", "SaveButton"],
      ["Source", "src/SaveButton.tsx:12:4 (SaveButton)"],
    ]);
    expect([...popover.querySelectorAll(".t3-details-section")].map((s) => [s.firstChild!.textContent, s.querySelector("pre")!.textContent])).to.deep.equal([
      ["HTML", '<button class="save">Save</button>'],
      ["Styles", "color: red;"],
    ]);
    const url = popover.querySelector("dd a")!;
    expect([url.getAttribute("href"), url.getAttribute("rel")]).to.deep.equal(["https://app.example.com/settings", "noopener noreferrer"]);
  });

  it("shows a review comment's file, section and range, comment and diff", async () => {
    const el = await single(review);
    await click(chip(shadow(el), "review-comment_c1"));
    const popover = popoverOf(el);
    expect(popover.querySelector(".t3-details-title")!.textContent).to.equal("src/app.ts");
    expect(popover.querySelector(".t3-details-subtitle")!.textContent).to.equal("Changes · L12 to L15");
    expect(popover.querySelector(".t3-details-text")!.textContent).to.equal("Why is this async?");
    expect([...popover.querySelectorAll(".t3-line")].map((line) => [line.className, line.textContent])).to.deep.equal([
      ["t3-line t3-diff-hunk", "@@ -1,2 +1,2 @@"],
      ["t3-line t3-diff-del", "-old"],
      ["t3-line t3-diff-add", "+new"],
    ]);
  });

  it("shows a preview annotation with its screenshot found through screenshotContextId", async () => {
    const url = pngUrl();
    const el = await mount([
      userMessage("m1", link(annotation), {
        context: { version: 1, records: [annotation, screenshot] },
        attachments: [{ id: "att-shot", name: "annotation.png", mimeType: "image/png", url }],
      }),
    ]);
    await click(chip(shadow(el), "preview-annotation_a1"));
    const popover = popoverOf(el);
    expect(popover.querySelector<HTMLImageElement>("img.t3-details-screenshot")!.getAttribute("src")).to.equal(url);
    const rows = [...popover.querySelectorAll("dt")].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]);
    expect(rows).to.deep.equal([
      ["Page", "Home https://app.example.com/ opens app.example.com"],
      ["Comment", "Make it blue"],
      ["Targets", "1 selected element, 2 marked regions"],
      ["Counts", "2 regions · 1 drawing"],
    ]);
    expect([...popover.querySelectorAll(".t3-details-list li")].map((li) => li.textContent)).to.deep.equal(["color: red → blue"]);
    URL.revokeObjectURL(url);
  });

  it('says "Screenshot unavailable" when the screenshot cannot be found', async () => {
    const el = await single(annotation);
    await click(chip(shadow(el), "preview-annotation_a1"));
    expect(popoverOf(el).querySelector(".t3-details-screenshot")!.textContent).to.equal("Screenshot unavailable");
  });
});

describe("<t3-transcript> t3-chip-activate", () => {
  afterEach(cleanup);

  it("fires before the default action with the record, kind, id, surface and message", async () => {
    const el = await single(terminal);
    const details: ChipActivateDetail[] = [];
    let openWhenFired: boolean | undefined;
    el.addEventListener("t3-chip-activate", (event) => {
      details.push(event.detail);
      openWhenFired = isOpen(popoverOf(el));
      expect([event.bubbles, event.composed, event.cancelable]).to.deep.equal([true, true, true]);
    });
    await click(chip(shadow(el), "terminal_t1"));
    expect(details).to.deep.equal([{ record: terminal, kind: "terminal", contextId: "terminal_t1", surface: "transcript", messageId: "m1" }]);
    expect(openWhenFired).to.equal(false);
    expect(isOpen(popoverOf(el))).to.equal(true);
  });

  it("runs no default action when canceled", async () => {
    const el = await single(terminal);
    el.addEventListener("t3-chip-activate", (event) => event.preventDefault());
    const button = chip(shadow(el), "terminal_t1");
    button.focus();
    await sendKeys({ press: "Enter" });
    expect(isOpen(popoverOf(el))).to.equal(false);
  });

  it("fires for an unresolved chip with no record, and does nothing else", async () => {
    const el = await mount([userMessage("m1", "[gone](t3-context://v1/terminal/terminal_gone)")]);
    const details: ChipActivateDetail[] = [];
    el.addEventListener("t3-chip-activate", (event) => details.push(event.detail));
    await click(chip(shadow(el), "terminal_gone"));
    expect(details).to.deep.equal([{ record: undefined, kind: "terminal", contextId: "terminal_gone", surface: "transcript", messageId: "m1" }]);
    expect(isOpen(popoverOf(el))).to.equal(false);
    expect(modalOf(el).open).to.equal(false);
  });

  it("fires for a mention, which has no default action", async () => {
    const el = await single(mention);
    let fired = 0;
    el.addEventListener("t3-chip-activate", () => fired++);
    chip(shadow(el), "mention_m1").focus();
    await sendKeys({ press: " " });
    expect(fired).to.equal(1);
    expect(isOpen(popoverOf(el))).to.equal(false);
  });
});

describe("<t3-transcript> pull requests", () => {
  afterEach(async () => {
    cleanup();
    await sendMouse({ type: "move", position: [0, 0] });
  });

  it("shows a hover card with the snapshot while hovered", async () => {
    const el = await single(pullRequest);
    const button = chip(shadow(el), "review-comment_pr9");
    const card = shadow(el).querySelector<HTMLElement>("[part=hover-card]")!;
    const [x, y] = centre(button);
    await sendMouse({ type: "move", position: [x, y] });
    await until(() => isOpen(card), "hover card");
    expect(card.querySelector(".t3-details-title")!.textContent).to.equal("Fix the build");
    expect(card.querySelector(".t3-details-meta")!.textContent).to.equal("#9Open");
    expect(card.querySelector<HTMLElement>(".t3-details-state")!.dataset.tone).to.equal("open");
    expect([...card.querySelectorAll("dt")].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent])).to.deep.equal([
      ["Branches", "fix-build → main"],
      ["URL", "https://github.com/acme/app/pull/9 opens github.com"],
    ]);
    expect(button.getAttribute("aria-describedby")).to.equal("hover-card");
    await sendMouse({ type: "move", position: [0, 0] });
    await until(() => !isOpen(card), "hover card hidden");
  });

  it("shows the hover card while focused", async () => {
    const el = await single(pullRequest);
    const card = shadow(el).querySelector<HTMLElement>("[part=hover-card]")!;
    chip(shadow(el), "review-comment_pr9").focus();
    expect(isOpen(card)).to.equal(true);
    chip(shadow(el), "review-comment_pr9").blur();
    expect(isOpen(card)).to.equal(false);
  });

  it("opens the URL in a new tab without opener or referrer when activated", async () => {
    const el = await single(pullRequest);
    const open = stubOpen();
    try {
      chip(shadow(el), "review-comment_pr9").focus();
      await sendKeys({ press: "Enter" });
      expect(open.calls).to.deep.equal([["https://github.com/acme/app/pull/9", "_blank", "noopener,noreferrer"]]);
    } finally {
      open.restore();
    }
  });

  it("does not open a URL that is not http(s)", async () => {
    const record = { ...pullRequest, pullRequest: { ...pullRequest.pullRequest!, url: "javascript:alert(1)" } };
    const el = await single(record);
    const open = stubOpen();
    try {
      chip(shadow(el), "review-comment_pr9").focus();
      await sendKeys({ press: "Enter" });
      expect(open.calls).to.deep.equal([]);
    } finally {
      open.restore();
    }
  });
});

describe("<t3-transcript> media and files", () => {
  let url: string;
  beforeEach(() => (url = pngUrl()));
  afterEach(() => {
    cleanup();
    URL.revokeObjectURL(url);
  });

  const imageAttachments = () => [
    { id: "att-0", name: "first.png", mimeType: "image/png", url },
    { id: "att-1", name: "shot.png", mimeType: "image/png", url },
  ];

  it("shows every image in a gallery strip", async () => {
    const el = await mount([userMessage("m1", "two images", { attachments: imageAttachments() })]);
    const gallery = article(el, "m1").querySelector("[part=gallery]")!;
    expect([...gallery.querySelectorAll("button")].map((b) => [b.getAttribute("aria-label"), b.querySelector("img")!.getAttribute("src")])).to.deep.equal([
      ["Open image first.png", url],
      ["Open image shot.png", url],
    ]);
  });

  it("opens the media modal at the image a chip references, and Escape gives focus back", async () => {
    const el = await mount([userMessage("m1", `see ${link(image)}`, { context: { version: 1, records: [image] }, attachments: imageAttachments() })]);
    const button = chip(shadow(el), "image_i1");
    await click(button);
    const modal = modalOf(el);
    expect(modal.open).to.equal(true);
    expect(modal.querySelector(".caption")!.textContent).to.equal("shot.png");
    expect(modal.querySelector(".counter")!.textContent).to.equal("2 / 2");
    expect(modal.querySelector<HTMLImageElement>(".stage img")!.getAttribute("src")).to.equal(url);
    await sendKeys({ press: "Escape" });
    await until(() => !modal.open && shadow(el).activeElement === button, "modal closed, focus back");
    expect(modal.querySelector(".stage")!.childElementCount).to.equal(0);
  });

  it("closes the modal on a click on its backdrop", async () => {
    const el = await mount([userMessage("m1", "", { attachments: imageAttachments() })]);
    const thumb = article(el, "m1").querySelector("[part=gallery] button")!;
    await click(thumb);
    expect(modalOf(el).open).to.equal(true);
    await sendMouse({ type: "click", position: [2, 2] });
    await until(() => !modalOf(el).open && shadow(el).activeElement === thumb, "modal closed, focus back");
  });

  it("steps through the gallery with the arrow keys", async () => {
    const el = await mount([userMessage("m1", "", { attachments: imageAttachments() })]);
    await click(article(el, "m1").querySelector("[part=gallery] button")!);
    const modal = modalOf(el);
    expect(modal.querySelector(".caption")!.textContent).to.equal("first.png");
    await sendKeys({ press: "ArrowRight" });
    expect(modal.querySelector(".caption")!.textContent).to.equal("shot.png");
    await sendKeys({ press: "ArrowRight" });
    expect(modal.querySelector(".caption")!.textContent).to.equal("first.png");
    await sendKeys({ press: "ArrowLeft" });
    expect(modal.querySelector(".counter")!.textContent).to.equal("2 / 2");
  });

  it("previews a video file chip in the modal", async () => {
    const el = await mount([
      userMessage("m1", link(video), { context: { version: 1, records: [video] }, attachments: [{ id: "att-3", name: "demo.mp4", mimeType: "video/mp4", url: "https://cdn.example.com/demo.mp4" }] }),
    ]);
    chip(shadow(el), "file_v1").focus();
    await sendKeys({ press: "Enter" });
    const videoNode = modalOf(el).querySelector<HTMLVideoElement>(".stage video")!;
    expect([videoNode.getAttribute("src"), videoNode.controls]).to.deep.equal(["https://cdn.example.com/demo.mp4", true]);
  });

  it("opens other files through resolveAttachmentUrl", async () => {
    const el = await mount(
      [userMessage("m1", link(file), { context: { version: 1, records: [file] }, attachments: [{ id: "att-2", name: "notes.pdf", mimeType: "application/pdf", url: "https://cdn.example.com/ignored" }] })],
      (t) => (t.resolveAttachmentUrl = (id) => `https://files.example.com/${id}`),
    );
    const open = stubOpen();
    try {
      chip(shadow(el), "file_f1").focus();
      await sendKeys({ press: "Enter" });
      expect(open.calls).to.deep.equal([["https://files.example.com/att-2", "_blank", "noopener,noreferrer"]]);
    } finally {
      open.restore();
    }
  });

  it("never opens a file from a URL that is not http(s) or an object URL", async () => {
    const el = await mount(
      [userMessage("m1", link(file), { context: { version: 1, records: [file] }, attachments: [{ id: "att-2", name: "notes.pdf", mimeType: "application/pdf" }] })],
      (t) => (t.resolveAttachmentUrl = () => "javascript:alert(1)"),
    );
    const open = stubOpen();
    try {
      chip(shadow(el), "file_f1").focus();
      await sendKeys({ press: "Enter" });
      expect(open.calls).to.deep.equal([]);
    } finally {
      open.restore();
    }
  });

  it("lists only the files that no chip references in the file row", async () => {
    const el = await mount([
      userMessage("m1", link(file), {
        context: { version: 1, records: [file] },
        attachments: [
          { id: "att-2", name: "notes.pdf", mimeType: "application/pdf" },
          { id: "att-9", name: "extra.zip", mimeType: "application/zip", sizeBytes: 2048, url: "https://cdn.example.com/extra.zip" },
          { id: "att-0", name: "first.png", mimeType: "image/png", url },
        ],
      }),
    ]);
    const row = article(el, "m1").querySelector("[part=files]")!;
    expect([...row.querySelectorAll("button")].map((b) => b.textContent)).to.deep.equal(["extra.zip 2.0 KB"]);
    // The name begins with what the button shows, name then size (WCAG 2.5.3).
    expect([...row.querySelectorAll("button")].map((b) => b.getAttribute("aria-label"))).to.deep.equal(["extra.zip, 2.0 KB, file"]);
    const open = stubOpen();
    try {
      await click(row.querySelector("button")!);
      expect(open.calls).to.deep.equal([["https://cdn.example.com/extra.zip", "_blank", "noopener,noreferrer"]]);
    } finally {
      open.restore();
    }
  });
});
