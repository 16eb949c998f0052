import { expect } from "@esm-bundle/chai";
import { sendMouse } from "@web/test-runner-commands";
import type { ComposerContextRecord } from "../../../src/contract/types.js";
import { chipRegistry, createChipRegistry } from "../../../src/presentation/index.js";
import { formatComposerContextReference } from "../../../src/codec/references.js";
import { installXssTrap, XSS_PAYLOADS } from "../../support/xss-payloads.js";
import { chipsOf, editorOf, file, focusEnd, frame, image, manualTransport, mention, mount, skill, terminal, type, unmountAll } from "./helpers.js";
import { colorScheme, itIn } from "../../support/engine.js";

const element = {
  version: 1, contextId: "element_e1", kind: "element", label: "", pageUrl: "https://example.com", pageTitle: null, tagName: "button",
  selector: "#go", htmlPreview: "<button>", componentName: "GoButton", source: null, styles: "",
} as const satisfies ComposerContextRecord;
const annotation = {
  version: 1, contextId: "preview-annotation_a1", kind: "preview-annotation", label: "", annotationId: "a1", pageUrl: "https://example.com",
  pageTitle: "Home", comment: "  Make   the header sticky ", targetSummary: "1 selected element", styleChanges: [],
} as const satisfies ComposerContextRecord;
const review = {
  version: 1, contextId: "review-comment_r1", kind: "review-comment", label: "", sectionId: "s1", sectionTitle: "src/a.ts", filePath: "src/lib/a.ts",
  startIndex: 3, endIndex: 5, rangeLabel: "+12 to +15", text: "why?", diff: "-a\n+b",
} as const satisfies ComposerContextRecord;
const pullRequest = {
  ...review, contextId: "review-comment_pr7", sectionId: "pull-request:7", filePath: "PR #7", diff: "",
  pullRequest: { number: 7, title: "Fix", url: "https://example.com/pull/7", headBranch: "fix", baseBranch: "main", state: "open", isDraft: true },
} as const satisfies ComposerContextRecord;

/** `pullRequest` with another state. */
function pullRequestIn(state: "open" | "merged" | "closed", isDraft: boolean, number: number): ComposerContextRecord {
  return { ...pullRequest, contextId: `review-comment_pr${number}`, sectionId: `pull-request:${number}`, filePath: `PR #${number}`, pullRequest: { ...pullRequest.pullRequest, number, state, isDraft } };
}

const all: ComposerContextRecord[] = [image, file, terminal, element, annotation, review, pullRequest, mention, skill];

function linkOf(record: ComposerContextRecord): string {
  return formatComposerContextReference({ kind: record.kind, contextId: record.contextId, label: record.label || record.kind });
}

describe("<t3-composer> looks", () => {
  afterEach(async () => {
    unmountAll();
    await colorScheme("light");
  });

  it("draws the eight built-in kinds through the registry, each with its name, icon and part", async () => {
    const el = await mount();
    el.value = { text: all.map(linkOf).join(" "), context: { version: 1, records: all } };
    const chips = chipsOf(el);
    expect(chips.map((chip) => chip.getAttribute("aria-label"))).to.deep.equal([
      "shot.png, Image",
      "notes.txt, 42 B, File",
      "build lines 3-4, Terminal",
      "<GoButton>, Browser element",
      "Make the header sticky, Preview annotation",
      "a.ts L12 to L15, Review comment",
      "#7, Draft pull request",
      "src/a.ts, Mention",
      "ui, Skill",
    ]);
    expect(chips.map((chip) => chip.querySelector(".t3-chip-icon")?.getAttribute("data-icon"))).to.deep.equal([
      "image", "file", "terminal", "element", "preview-annotation", "review-comment", "pull-request", "mention", "skill",
    ]);
    expect(chips.map((chip) => chip.getAttribute("part"))).to.deep.equal([
      "chip chip-image", "chip chip-file", "chip chip-terminal", "chip chip-element", "chip chip-preview-annotation",
      "chip chip-review-comment", "chip chip-review-comment", "chip chip-mention", "chip chip-skill",
    ]);
    expect(chips[1]!.querySelector(".t3-chip-suffix")!.textContent).to.equal("42 B");
    expect(chips[6]!.dataset.tone).to.equal("draft");
    expect(chips[8]!.title).to.equal("$ui");
  });

  // Chromium only: the dark scheme is emulated through the DevTools protocol (emulateMedia);
  // no other engine's driver can emulate prefers-color-scheme.
  itIn(["chromium"], "tells the four pull-request states apart by name, data-tone and icon color, closed included", async () => {
    const states = [pullRequestIn("open", false, 1), pullRequestIn("open", true, 2), pullRequestIn("merged", false, 3), pullRequestIn("closed", false, 4)];
    const el = await mount();
    el.value = { text: states.map(linkOf).join(" "), context: { version: 1, records: states } };
    const look = () => chipsOf(el).map((chip) => [chip.getAttribute("aria-label"), chip.dataset.tone, getComputedStyle(chip.querySelector(".t3-chip-icon")!).color]);
    expect(look()).to.deep.equal([
      ["#1, Open pull request", "open", "rgb(26, 127, 55)"],
      ["#2, Draft pull request", "draft", "rgb(89, 99, 110)"],
      ["#3, Merged pull request", "merged", "rgb(130, 80, 223)"],
      ["#4, Closed pull request", "closed", "rgb(207, 34, 46)"],
    ]);
    await colorScheme("dark");
    expect(look().map(([, tone, color]) => [tone, color])).to.deep.equal([
      ["open", "rgb(63, 185, 80)"], ["draft", "rgb(145, 152, 161)"], ["merged", "rgb(171, 125, 248)"], ["closed", "rgb(248, 81, 73)"],
    ]);
  });

  it("draws an unresolved chip dashed, with the reason in its tooltip", async () => {
    const el = await mount();
    el.value = { text: linkOf(terminal) };
    const [chip] = chipsOf(el);
    expect(getComputedStyle(chip!).borderStyle).to.equal("dashed");
    expect(chip!.title).to.equal("This context is no longer available. Remove it or attach it again.");
  });

  it("uses the element's own registry, and redraws when a kind is defined later", async () => {
    const el = await mount();
    const registry = createChipRegistry({ base: chipRegistry });
    el.registry = registry;
    const jira = { version: 1, contextId: "jira_1", kind: "jira-issue", label: "PROJ-1", payload: { key: "PROJ-1" } } as const;
    el.value = { text: linkOf(jira), context: { version: 1, records: [jira] } };
    await el.updateComplete;
    expect(chipsOf(el)[0]!.dataset.contextUnresolved).to.equal("true");
    registry.define("jira-issue", { label: () => "Jira PROJ-1" });
    expect(chipsOf(el)[0]!.getAttribute("aria-label")).to.equal("Jira PROJ-1, Jira issue");
  });

  it("takes --t3-* custom properties and ::part() rules from the page", async () => {
    const style = document.createElement("style");
    style.textContent = `
      .themed t3-composer { --t3-chip-bg: rgb(1, 2, 3); }
      .themed t3-composer::part(editor) { color: rgb(4, 5, 6); }
      .themed t3-composer::part(frame) { border-color: rgb(7, 8, 9); }`;
    document.head.append(style);
    const el = await mount();
    el.parentElement!.classList.add("themed");
    el.value = { text: linkOf(skill), context: { version: 1, records: [skill] } };
    expect(getComputedStyle(chipsOf(el)[0]!).backgroundColor).to.equal("rgb(1, 2, 3)");
    expect(getComputedStyle(el.shadowRoot!.querySelector(".editor")!).color).to.equal("rgb(4, 5, 6)");
    expect(getComputedStyle(el.shadowRoot!.querySelector(".frame")!).borderTopColor).to.equal("rgb(7, 8, 9)");
    style.remove();
  });

  // Chromium only: the dark scheme is emulated through the DevTools protocol (emulateMedia);
  // no other engine's driver can emulate prefers-color-scheme.
  itIn(["chromium"], "follows the dark color scheme", async () => {
    const el = await mount();
    el.value = { text: linkOf(skill), context: { version: 1, records: [skill] } };
    const light = getComputedStyle(chipsOf(el)[0]!).backgroundColor;
    await colorScheme("dark");
    const dark = getComputedStyle(chipsOf(el)[0]!).backgroundColor;
    expect([light, dark]).to.deep.equal(["rgb(238, 242, 246)", "rgb(33, 40, 48)"]);
  });

  it("puts slotted toolbar and actions content in place", async () => {
    const el = await mount();
    el.innerHTML = `<button slot="toolbar">Attach</button><button slot="actions">Send</button>`;
    await el.updateComplete;
    const slots = [...el.shadowRoot!.querySelectorAll("slot")].map((slot) => [slot.name, slot.assignedElements().map((node) => node.textContent)]);
    expect(slots).to.deep.equal([["toolbar", ["Attach"]], ["toolbar-start", []], ["actions", ["Send"]], ["toolbar-end", []]]);
  });

  it("stacks the frame's rows half a --t3-space apart: header, shelf, editor, toolbar", async () => {
    const el = await mount({ style: "--t3-space: 20px" });
    el.value = { text: `${linkOf(image)} look`, context: { version: 1, records: [image] } };
    await el.updateComplete;
    const parts = ["header", "shelf", "editor", "toolbar"].map((part) => el.shadowRoot!.querySelector(`[part~="${part}"]`)!.getBoundingClientRect());
    const gaps = parts.slice(1).map((rect, index) => Math.round(rect.top - parts[index]!.bottom));
    expect(gaps).to.deep.equal([10, 10, 10]);
    // Each row is as wide as the frame's content box (20px padding and a 1px border on each side).
    const frame = el.shadowRoot!.querySelector('[part="frame"]')!.getBoundingClientRect();
    expect(parts.map((rect) => Math.round(rect.width))).to.deep.equal(parts.map(() => Math.round(frame.width) - 42));
  });

  it("writes hostile labels, names and paths as text only (XSS corpus)", async () => {
    const trap = installXssTrap();
    try {
      const el = await mount();
      el.transport = manualTransport().transport;
      const records: ComposerContextRecord[] = XSS_PAYLOADS.map((payload, index) =>
        index % 2 === 0
          ? { ...terminal, contextId: `terminal_x${index}`, terminalLabel: payload.slice(0, 255), label: "" }
          : { ...mention, contextId: `mention_x${index}`, path: payload.slice(0, 2048), label: payload.slice(0, 200) },
      );
      const links = XSS_PAYLOADS.map((payload, index) => `[${payload.slice(0, 200)}](t3-context://v1/${index % 2 ? "mention" : "terminal"}/${index % 2 ? "mention" : "terminal"}_x${index})`);
      el.value = { text: links.join(" "), context: { version: 1, records } };
      for (const record of records.slice(0, 20)) el.insertContext(record, { label: XSS_PAYLOADS[0]! });
      el.attachFiles([new File(["x"], XSS_PAYLOADS[7]!.slice(0, 200), { type: "text/plain" })]);
      await el.updateComplete;
      await frame();
      // A label is a `<bdi>` (docs/security.md, "Labels"); nothing else but spans.
      const allowed = new Set(["SPAN", "BDI"]);
      const foreign = chipsOf(el).flatMap((chip) => [...chip.querySelectorAll("*")].filter((node) => !allowed.has(node.tagName)));
      expect(foreign).to.deep.equal([]);
      expect(trap.hits).to.deep.equal([]);
    } finally {
      trap.restore();
    }
  });
});

// prosemirror-view's stylesheet lives in the shadow root (editor.styles.ts): a page stylesheet
// cannot reach the editor, so without these rules spaces collapse and selected chips show a caret.
describe("<t3-composer> ProseMirror's stylesheet", () => {
  afterEach(unmountAll);

  it("gives the editable the white-space, wrapping and ligature rules ProseMirror relies on", async () => {
    const el = await mount();
    const editor = editorOf(el);
    const style = getComputedStyle(editor);
    expect(editor.classList.contains("ProseMirror")).to.equal(true);
    expect([style.position, style.whiteSpaceCollapse, style.textWrapMode, style.overflowWrap, style.fontVariantLigatures, style.fontFeatureSettings]).to.deep.equal([
      "relative", "break-spaces", "wrap", "break-word", "none", '"liga" 0',
    ]);
  });

  it("keeps two typed spaces as two visible spaces, in the DOM and in the value", async () => {
    const el = await mount();
    await focusEnd(el);
    await type("a  b");
    await frame();
    const line = editorOf(el).querySelector("p")!;
    expect([line.textContent, el.value.text]).to.deep.equal(["a  b", "a  b"]);
    // Collapsed, the second space would be zero wide: the two must measure twice one.
    const text = line.firstChild as Text;
    const width = (from: number, to: number) => {
      const range = document.createRange();
      range.setStart(text, from);
      range.setEnd(text, to);
      return range.getBoundingClientRect().width;
    };
    const one = width(1, 2);
    expect([one > 0, Math.abs(width(1, 3) - 2 * one) < 0.5]).to.deep.equal([true, true]);
  });

  it("hides the caret and the text selection while a chip is selected, and outlines the chip", async () => {
    const el = await mount();
    el.value = { text: `a ${linkOf(skill)} b`, context: { version: 1, records: [skill] } };
    await focusEnd(el);
    const editor = editorOf(el);
    const caret = getComputedStyle(editor).caretColor;
    const [chip] = chipsOf(el);
    const box = chip!.getBoundingClientRect();
    await sendMouse({ type: "click", position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] }); // a node selection
    await sendMouse({ type: "move", position: [0, 0] });
    await frame();
    const chipStyle = getComputedStyle(chip!);
    expect([
      caret === "rgba(0, 0, 0, 0)",
      editor.classList.contains("ProseMirror-hideselection"),
      getComputedStyle(editor).caretColor,
      chip!.classList.contains("ProseMirror-selectednode"),
      chipStyle.outlineStyle,
      chipStyle.outlineWidth,
    ]).to.deep.equal([false, true, "rgba(0, 0, 0, 0)", true, "solid", "2px"]);
    // Chromium computes no ::selection background for an element, so the rule is read instead.
    const rules = el.shadowRoot!.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules]) as CSSStyleRule[];
    const hidden = rules.find((rule) => rule.selectorText === ".ProseMirror-hideselection ::selection"); // as Chromium writes "*::selection"
    expect(hidden?.style.backgroundColor).to.equal("transparent");
  });
  it("reports a label or kindLabel presenter that throws as presenter-failed, and names the chip from the record", async () => {
    const el = await mount();
    const registry = createChipRegistry({ base: chipRegistry });
    registry.override("skill", {
      label: () => { throw new Error("label boom"); },
      kindLabel: () => { throw new Error("kind boom"); },
    });
    el.registry = registry;
    await el.updateComplete;
    const errors: { code: string; message: string; cause?: unknown }[] = [];
    el.addEventListener("t3-error", (event) => errors.push((event as CustomEvent).detail));
    const original = console.error;
    console.error = () => {};
    try {
      el.insertContext(skill);
    } finally {
      console.error = original;
    }
    const reported = errors.filter((error) => error.code === "presenter-failed").map((error) => (error.cause as Error).message);
    // A chip is resolved at each redraw, so a failure may be reported more than once: these two, only.
    expect([...new Set(reported)].sort()).to.deep.equal(["kind boom", "label boom"]);
    expect(chipsOf(el)[0]!.getAttribute("aria-label")).to.equal("ui, Skill");
  });
});
