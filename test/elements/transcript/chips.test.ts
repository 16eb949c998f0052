import { expect } from "@esm-bundle/chai";
import { chipRegistry, createChipRegistry } from "../../../src/presentation/index.js";
import {
  annotation, article, chip, chips, cleanup, shadow, element, file, image, link, mention, mount, pullRequest, review, screenshot,
  skill, terminal, userMessage, video,
} from "./fixtures.js";

const attachments = [
  { id: "att-1", name: "shot.png", mimeType: "image/png", sizeBytes: 1234, url: "https://cdn.example.com/att-1" },
  { id: "att-2", name: "notes.pdf", mimeType: "application/pdf", sizeBytes: 4096 },
  { id: "att-3", name: "demo.mp4", mimeType: "video/mp4", sizeBytes: 9000 },
  { id: "att-shot", name: "annotation.png", mimeType: "image/png", sizeBytes: 2048 },
];
const all = [terminal, element, review, pullRequest, annotation, screenshot, image, file, video, mention, skill];

describe("<t3-transcript> chips", () => {
  afterEach(cleanup);

  it("draws every built-in kind as a chip with its label and accessible name", async () => {
    const text = all.map(link).join(" ");
    const el = await mount([userMessage("m1", text, { context: { version: 1, records: all }, attachments })]);
    expect(chips(article(el, "m1")).map((c) => [c.getAttribute("aria-label"), c.querySelector(".t3-chip-label")!.textContent])).to.deep.equal([
      ["build lines 3-4, Terminal", "build lines 3-4"],
      ["<Button>, Browser element", "<Button>"],
      ["app.ts L12 to L15, Review comment", "app.ts L12 to L15"],
      ["#9, Open pull request", "#9"],
      ["Make it blue, Preview annotation", "Make it blue"],
      ["annotation.png, Image", "annotation.png"],
      ["shot.png, Image", "shot.png"],
      ["notes.pdf, 4.0 KB, File", "notes.pdf"],
      ["demo.mp4, 8.8 KB, File", "demo.mp4"],
      ["src/app.ts, Mention", "src/app.ts"],
      ["ui, Skill", "ui"],
    ]);
  });

  it("makes each chip a focusable button that shows its label, never the raw link", async () => {
    const el = await mount([userMessage("m1", `see ${link(terminal)} now`, { context: { version: 1, records: [terminal] } })]);
    const body = article(el, "m1").querySelector(".body")!;
    expect(body.textContent).to.equal("see build lines 3-4 now");
    const button = chip(body, "terminal_t1");
    expect([button.tagName, button.type, button.tabIndex]).to.deep.equal(["BUTTON", "button", 0]);
  });

  it("carries the canonical link each chip copies as", async () => {
    const el = await mount([
      userMessage("m1", `${link(terminal)} ${link(image)} [gone  label](t3-context://v1/file/file_x)`, {
        context: { version: 1, records: [terminal, image] },
        attachments,
      }),
    ]);
    expect(chips(article(el, "m1")).map((c) => c.dataset.markdownCopy)).to.deep.equal([
      "[build lines 3-4](t3-context://v1/terminal/terminal_t1)",
      "![shot.png](t3-context://v1/image/image_i1)",
      "[gone label](t3-context://v1/file/file_x)",
    ]);
  });

  it("draws the fallback chip for a missing record, with the composer's aria-label and marker", async () => {
    const el = await mount([userMessage("m1", "[old output](t3-context://v1/terminal/terminal_gone)")]);
    const fallback = chip(article(el, "m1"), "terminal_gone");
    expect(fallback.getAttribute("aria-label")).to.equal("old output, unavailable context");
    expect(fallback.dataset.contextUnresolved).to.equal("true");
    expect(fallback.title).to.equal("This context is no longer available.");
    expect(fallback.dataset.markdownCopy).to.equal("[old output](t3-context://v1/terminal/terminal_gone)");
    expect(fallback.getAttribute("part")).to.equal("chip chip-terminal chip-unresolved");
  });

  it("draws the fallback chip for a kind the registry does not know", async () => {
    const record = { version: 1 as const, contextId: "thread_1", kind: "thread", label: "A thread", payload: { id: 1 } };
    const el = await mount([userMessage("m1", "[A thread](t3-context://v1/thread/thread_1)", { context: { version: 1, records: [record] } })]);
    const fallback = chip(article(el, "m1"), "thread_1");
    expect(fallback.getAttribute("aria-label")).to.equal("A thread, unavailable context");
    expect(fallback.dataset.markdownCopy).to.equal("[A thread](t3-context://v1/thread/thread_1)");
  });

  it("does not resolve a record of another kind under the link's id", async () => {
    const el = await mount([userMessage("m1", "[x](t3-context://v1/file/terminal_t1)", { context: { version: 1, records: [terminal] } })]);
    expect(chip(article(el, "m1"), "terminal_t1").dataset.contextUnresolved).to.equal("true");
  });

  it("resolves an image chip only when its attachment is one of the message's images", async () => {
    const el = await mount([
      userMessage("with", link(image), { context: { version: 1, records: [image] }, attachments }),
      userMessage("without", link(image), { context: { version: 1, records: [image] } }),
      userMessage("not-image", link(image), { context: { version: 1, records: [image] }, attachments: [{ id: "att-1", name: "shot.png", mimeType: "text/plain" }] }),
    ]);
    expect(chip(article(el, "with"), "image_i1").dataset.contextUnresolved).to.equal(undefined);
    expect(chip(article(el, "with"), "image_i1").querySelector("img")!.getAttribute("src")).to.equal("https://cdn.example.com/att-1");
    expect(chip(article(el, "without"), "image_i1").dataset.contextUnresolved).to.equal("true");
    expect(chip(article(el, "not-image"), "image_i1").dataset.contextUnresolved).to.equal("true");
  });

  it("resolves a file chip only when its attachment is in the message", async () => {
    const el = await mount([
      userMessage("with", link(file), { context: { version: 1, records: [file] }, attachments }),
      userMessage("without", link(file), { context: { version: 1, records: [file] } }),
    ]);
    expect(chip(article(el, "with"), "file_f1").querySelector(".t3-chip-suffix")!.textContent).to.equal("4.0 KB");
    expect(chip(article(el, "without"), "file_f1").dataset.contextUnresolved).to.equal("true");
  });

  it("leaves a link whose href does not parse as text", async () => {
    const text = "[bad](t3-context://v1/Bad_Kind/x) and [worse](t3-context://v2/terminal/t1)";
    const el = await mount([userMessage("m1", text)]);
    const body = article(el, "m1").querySelector(".body")!;
    expect(chips(body)).to.deep.equal([]);
    expect(body.textContent).to.equal(text);
    expect(body.querySelector("a")).to.equal(null);
  });

  it("keeps a label with Markdown characters exactly, and a link in a code span as code", async () => {
    const record = { ...mention, contextId: "mention_m2", label: "a*b*`c", path: "a*b*`c" };
    const el = await mount([
      userMessage("m1", "[a*b*`c](t3-context://v1/mention/mention_m2) `[x](t3-context://v1/mention/mention_m2)`", {
        context: { version: 1, records: [record] },
      }),
    ]);
    const body = article(el, "m1").querySelector(".body")!;
    expect(chips(body).map((c) => c.textContent)).to.deep.equal(["a*b*`c"]);
    expect(body.querySelector("code")!.textContent).to.equal("[x](t3-context://v1/mention/mention_m2)");
  });

  it("shows a pull request as #number with its state tone", async () => {
    const el = await mount([userMessage("m1", link(pullRequest), { context: { version: 1, records: [pullRequest] } })]);
    const pr = chip(article(el, "m1"), "review-comment_pr9");
    expect([pr.dataset.tone, pr.textContent, pr.querySelector(".t3-chip-icon")!.getAttribute("data-icon")]).to.deep.equal(["open", "#9", "pull-request"]);
  });

  it("shows a closed pull request with the closed tone: its name, data-tone and the icon's color", async () => {
    const closed = { ...pullRequest, contextId: "review-comment_pr10", label: "#10", sectionId: "pull-request:10", filePath: "PR #10", pullRequest: { ...pullRequest.pullRequest!, number: 10, state: "closed" as const } };
    const el = await mount([userMessage("m1", `${link(pullRequest)} ${link(closed)}`, { context: { version: 1, records: [pullRequest, closed] } })]);
    const look = (pr: HTMLElement) => [pr.getAttribute("aria-label"), pr.dataset.tone, getComputedStyle(pr.querySelector(".t3-chip-icon")!).color];
    expect([look(chip(article(el, "m1"), "review-comment_pr9")), look(chip(article(el, "m1"), "review-comment_pr10"))]).to.deep.equal([
      ["#9, Open pull request", "open", "rgb(26, 127, 55)"],
      ["#10, Closed pull request", "closed", "rgb(207, 34, 46)"],
    ]);
  });

  it("draws chips with the element's own registry", async () => {
    const registry = createChipRegistry({ base: chipRegistry });
    registry.override("terminal", { label: () => "custom terminal" });
    const el = await mount([userMessage("m1", link(terminal), { context: { version: 1, records: [terminal] } })], (t) => {
      t.registry = registry;
    });
    expect(chip(article(el, "m1"), "terminal_t1").textContent).to.equal("custom terminal");
  });

  it("redraws when a kind is defined after the messages were drawn", async () => {
    const registry = createChipRegistry({ base: chipRegistry });
    const record = { version: 1 as const, contextId: "note_1", kind: "note", label: "A note", payload: {} };
    const el = await mount([userMessage("m1", "[A note](t3-context://v1/note/note_1)", { context: { version: 1, records: [record] } })], (t) => {
      t.registry = registry;
    });
    expect(chip(article(el, "m1"), "note_1").dataset.contextUnresolved).to.equal("true");
    registry.define("note", { label: () => "Defined note" });
    await el.updateComplete;
    expect(chip(article(el, "m1"), "note_1").dataset.contextUnresolved).to.equal(undefined);
    expect(chip(article(el, "m1"), "note_1").textContent).to.equal("Defined note");
  });

  it("upgrades a legacy user message in memory: trailing blocks become chips", async () => {
    const text = "Here is the older output\n\n<terminal_context>\n- build lines 1-2:\n  1 $ npm test\n  2 ok\n</terminal_context>";
    const el = await mount([userMessage("m1", text)]);
    const body = article(el, "m1").querySelector(".body")!;
    expect(body.textContent).to.equal("Here is the older outputbuild lines 1-2");
    const legacy = chip(body, "legacy_terminal_1");
    expect([legacy.getAttribute("aria-label"), legacy.dataset.contextUnresolved]).to.deep.equal(["build lines 1-2, Terminal", undefined]);
    expect(legacy.dataset.markdownCopy).to.equal("[build lines 1-2](t3-context://v1/terminal/legacy_terminal_1)");
    expect(el.messages[0]!.text).to.equal(text); // the stored message is never rewritten
  });

  it("binds a legacy placeholder to its terminal excerpt in place", async () => {
    const el = await mount([userMessage("m1", "Check \uFFFC please\n\n<terminal_context>\n- build line 3:\n  3 error\n</terminal_context>")]);
    expect(article(el, "m1").querySelector(".body")!.textContent).to.equal("Check build line 3 please");
  });

  it("never upgrades an assistant's text, nor a message with structured context", async () => {
    const legacy = "Output:\n\n<terminal_context>\n- build line 3:\n  3 error\n</terminal_context>";
    const el = await mount([
      { id: "a", role: "assistant", text: legacy },
      userMessage("u", legacy, { context: { version: 1, records: [] } }),
    ]);
    expect(chips(shadow(el))).to.deep.equal([]);
    expect(article(el, "a").textContent).to.contain("<terminal_context>");
    expect(article(el, "u").textContent).to.contain("<terminal_context>");
  });

  it("degrades records it cannot read to the fallback chip, without throwing", async () => {
    const broken = [null, 7, { version: 1, contextId: "terminal_t1", kind: "terminal" }, { version: 1, contextId: 5, kind: "terminal", label: "x" }];
    const el = await mount([userMessage("m1", link(terminal), { context: { version: 1, records: broken as never } })]);
    expect(chip(article(el, "m1"), "terminal_t1").dataset.contextUnresolved).to.equal("true");
  });
});
