// Records, messages and helpers shared by the transcript tests.
import "../../../src/elements/define.js";
import type {
  ElementContextRecord,
  FileContextRecord,
  ImageContextRecord,
  MentionContextRecord,
  PreviewAnnotationContextRecord,
  ReviewCommentContextRecord,
  SkillContextRecord,
  TerminalContextRecord,
} from "../../../src/contract/types.js";
import type { T3TranscriptElement } from "../../../src/elements/transcript/t3-transcript.js";
import type { TranscriptMessage } from "../../../src/elements/transcript/types.js";

export const terminal: TerminalContextRecord = {
  version: 1, contextId: "terminal_t1", kind: "terminal", label: "build lines 3-4",
  terminalId: "t1", terminalLabel: "build", lineStart: 3, lineEnd: 4, text: "npm run build\nerror TS2345",
};

export const element: ElementContextRecord = {
  version: 1, contextId: "element_e1", kind: "element", label: "<Button>",
  pageUrl: "https://app.example.com/settings", pageTitle: "Settings", tagName: "button",
  selector: "main > button.save", htmlPreview: '<button class="save">Save</button>', componentName: "SaveButton",
  source: { functionName: "SaveButton", fileName: "src/SaveButton.tsx", lineNumber: 12, columnNumber: 4 },
  styles: "color: red;",
};

export const review: ReviewCommentContextRecord = {
  version: 1, contextId: "review-comment_c1", kind: "review-comment", label: "app.ts L12 to L15",
  sectionId: "s1", sectionTitle: "Changes", filePath: "src/app.ts", startIndex: 0, endIndex: 3,
  rangeLabel: "+12 to +15", text: "Why is this async?", diff: "@@ -1,2 +1,2 @@\n-old\n+new",
};

export const pullRequest: ReviewCommentContextRecord = {
  version: 1, contextId: "review-comment_pr9", kind: "review-comment", label: "#9",
  sectionId: "pull-request:9", sectionTitle: "Pull request", filePath: "PR #9", startIndex: 0, endIndex: 0,
  rangeLabel: "", text: "", diff: "",
  pullRequest: { number: 9, title: "Fix the build", url: "https://github.com/acme/app/pull/9", headBranch: "fix-build", baseBranch: "main", state: "open", isDraft: false },
};

export const screenshot: ImageContextRecord = {
  version: 1, contextId: "image_a1", kind: "image", label: "annotation.png",
  attachmentId: "att-shot", name: "annotation.png", mimeType: "image/png", sizeBytes: 2048,
};

export const annotation: PreviewAnnotationContextRecord = {
  version: 1, contextId: "preview-annotation_a1", kind: "preview-annotation", label: "Make it blue",
  annotationId: "a1", pageUrl: "https://app.example.com/", pageTitle: "Home", comment: "Make it blue",
  targetSummary: "1 selected element, 2 marked regions", styleChanges: ["color: red → blue"],
  screenshotContextId: "image_a1", regionCount: 2, strokeCount: 1,
};

export const image: ImageContextRecord = {
  version: 1, contextId: "image_i1", kind: "image", label: "shot.png",
  attachmentId: "att-1", name: "shot.png", mimeType: "image/png", sizeBytes: 1234,
};

export const file: FileContextRecord = {
  version: 1, contextId: "file_f1", kind: "file", label: "notes.pdf",
  attachmentId: "att-2", name: "notes.pdf", mimeType: "application/pdf", sizeBytes: 4096,
};

export const video: FileContextRecord = {
  version: 1, contextId: "file_v1", kind: "file", label: "demo.mp4",
  attachmentId: "att-3", name: "demo.mp4", mimeType: "video/mp4", sizeBytes: 9000,
};

export const mention: MentionContextRecord = { version: 1, contextId: "mention_m1", kind: "mention", label: "src/app.ts", path: "src/app.ts" };
export const skill: SkillContextRecord = { version: 1, contextId: "skill_s1", kind: "skill", label: "ui", name: "ui" };

/** A tiny PNG as a data URL turned object URL: loads without a network. */
export function pngUrl(): string {
  const bytes = Uint8Array.from(
    atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
    (c) => c.charCodeAt(0),
  );
  return URL.createObjectURL(new Blob([bytes], { type: "image/png" }));
}

/** The canonical link of a record. */
export function link(record: { kind: string; contextId: string; label: string }): string {
  return `${record.kind === "image" ? "!" : ""}[${record.label}](t3-context://v1/${record.kind}/${record.contextId})`;
}

export function userMessage(id: string, text: string, patch: Partial<TranscriptMessage> = {}): TranscriptMessage {
  return { id, role: "user", text, ...patch };
}

/** Mounts a transcript with `messages` and waits for it to draw. */
export async function mount(messages: TranscriptMessage[] = [], setup?: (el: T3TranscriptElement) => void): Promise<T3TranscriptElement> {
  const el = document.createElement("t3-transcript");
  setup?.(el);
  el.messages = messages;
  document.body.append(el);
  await el.updateComplete;
  await rendered();
  // The overlays (popover, hover card, modal) are a chunk fetched when the transcript is first
  // idle (src/elements/chunks.ts); the tests of what they do start once it is in. What
  // happens before, while it is fetched, is overlays-on-demand.test.ts's.
  if (messages.length > 0) await until(() => shadow(el).querySelector("[part=popover]") !== null, "the overlays chunk");
  return el;
}

/**
 * Waits for the next rendering step. Messages use `content-visibility: auto`, whose contents are
 * skipped (not hit-testable) until a rendering step has found them near the viewport.
 */
export async function rendered(): Promise<void> {
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}

export function shadow(el: T3TranscriptElement): ShadowRoot {
  return el.shadowRoot!;
}

export function article(el: T3TranscriptElement, id: string): HTMLElement {
  return shadow(el).querySelector<HTMLElement>(`article[data-message-id="${id}"]`)!;
}

export function chips(root: ParentNode): HTMLButtonElement[] {
  return [...root.querySelectorAll<HTMLButtonElement>("button.t3-chip")];
}

export function chip(root: ParentNode, contextId: string): HTMLButtonElement {
  return root.querySelector<HTMLButtonElement>(`button.t3-chip[data-context-id="${contextId}"]`)!;
}

/** Waits (without a clock assertion) until `check` is true. */
export async function until(check: () => boolean, what = "condition"): Promise<void> {
  for (let frame = 0; frame < 120; frame++) {
    if (check()) return;
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The centre of an element in viewport coordinates, for sendMouse. */
export function centre(node: Element): [number, number] {
  const box = node.getBoundingClientRect();
  return [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)];
}

export function cleanup(): void {
  for (const el of document.querySelectorAll("t3-transcript")) el.remove();
}

/** Replaces window.open for one test; returns the calls. */
export function stubOpen(): { calls: unknown[][]; restore(): void } {
  const original = window.open;
  const calls: unknown[][] = [];
  window.open = ((...args: unknown[]) => {
    calls.push(args);
    return null;
  }) as typeof window.open;
  return { calls, restore: () => (window.open = original) };
}
