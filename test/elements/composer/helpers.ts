// Shared helpers of the composer's browser tests: mounting, real keyboard and IME input, event
// recording, and sample records of every kind.
import { sendKeys } from "@web/test-runner-commands";
import "../../../src/elements/define.js";
import { commit, compose } from "../../support/composition.js";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import type { ComposerContextRecord } from "../../../src/contract/types.js";
import type { ComposerTransport, OutgoingMessage, SentMessage, UploadOptions } from "../../../src/transport/types.js";

const mounted: HTMLElement[] = [];

/** A connected composer (in a fresh container), after its first render. */
export async function mount(attributes: Record<string, string> = {}, parent: Node = document.body): Promise<T3ComposerElement> {
  const element = document.createElement("t3-composer") as T3ComposerElement;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  const container = document.createElement("div");
  container.append(element);
  parent.appendChild(container);
  mounted.push(container);
  await element.updateComplete;
  return element;
}

/** Removes every mounted composer (call from `afterEach`). */
export function unmountAll(): void {
  for (const container of mounted.splice(0)) container.remove();
}

export function editorOf(element: T3ComposerElement): HTMLElement {
  return element.shadowRoot!.querySelector<HTMLElement>(".editor")!;
}

export function chipsOf(element: T3ComposerElement): HTMLElement[] {
  return [...editorOf(element).querySelectorAll<HTMLElement>(".t3-chip")];
}

/** Focuses the editor for real and puts the caret at the end. */
export async function focusEnd(element: T3ComposerElement): Promise<void> {
  element.focus();
  await press("End");
  await element.updateComplete;
}

export async function type(text: string): Promise<void> {
  await sendKeys({ type: text });
}

export async function press(key: string): Promise<void> {
  await sendKeys({ press: key });
}

/** Types each text and presses Enter after it (sends, or queues while busy). */
export async function enterEach(texts: readonly string[]): Promise<void> {
  for (const text of texts) {
    await type(text);
    await press("Enter");
  }
}

/** A key with a modifier held (the launcher cannot press "Shift+Enter" in one go). */
export async function chord(modifier: "Shift" | "Control" | "Alt", key: string): Promise<void> {
  await sendKeys({ down: modifier });
  await sendKeys({ press: key });
  await sendKeys({ up: modifier });
}

/**
 * Starts or updates an input method's composition with `text` at the caret, the same way in every
 * engine (test/support/composition.ts).
 */
export async function imeCompose(text: string): Promise<void> {
  await compose(text);
}

/** Commits the composition with `text`. */
export async function imeCommit(text: string): Promise<void> {
  await commit(text);
}

/**
 * Runs `change`, then hides the page (`pagehide`, which saves the draft at once), while every
 * `localStorage` write fails as a full quota does.
 */
export function saveWithStorageFull(change: () => void): void {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = () => {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  };
  try {
    change();
    window.dispatchEvent(new PageTransitionEvent("pagehide"));
  } finally {
    Storage.prototype.setItem = setItem;
  }
}

/** Records the events `name` that reach `target`. */
export function record<K extends keyof HTMLElementEventMap>(target: EventTarget, name: K): HTMLElementEventMap[K][] {
  const seen: HTMLElementEventMap[K][] = [];
  target.addEventListener(name, (event) => seen.push(event as HTMLElementEventMap[K]));
  return seen;
}

/** Resolves with the next event `name` on `target`. */
export function next<K extends keyof HTMLElementEventMap>(target: EventTarget, name: K): Promise<HTMLElementEventMap[K]> {
  return new Promise((resolve) => target.addEventListener(name, (event) => resolve(event as HTMLElementEventMap[K]), { once: true }));
}

/**
 * Yields one task, so that ProseMirror has read what the browser did with the last key (it reads
 * DOM mutations and selection changes asynchronously). Not a rAF: with two test pages open, the
 * one in the background gets no animation frames.
 */
export function frame(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}

export const terminal = {
  version: 1, contextId: "terminal_t1", kind: "terminal", label: "build lines 3-4", terminalId: "t1", terminalLabel: "build",
  lineStart: 3, lineEnd: 4, text: "a\nb",
} as const satisfies ComposerContextRecord;

/** `terminal`'s link in a message's text. */
export const T1 = "[build lines 3-4](t3-context://v1/terminal/terminal_t1)";

export const mention = { version: 1, contextId: "mention_src-a-ts", kind: "mention", label: "src/a.ts", path: "src/a.ts" } as const satisfies ComposerContextRecord;

export const skill = { version: 1, contextId: "skill_ui", kind: "skill", label: "ui", name: "ui" } as const satisfies ComposerContextRecord;

export const image = {
  version: 1, contextId: "image_att_1", kind: "image", label: "shot.png", attachmentId: "up_1", name: "shot.png", mimeType: "image/png", sizeBytes: 1234,
} as const satisfies ComposerContextRecord;

export const file = {
  version: 1, contextId: "file_att_2", kind: "file", label: "notes.txt", attachmentId: "up_2", name: "notes.txt", mimeType: "text/plain", sizeBytes: 42,
} as const satisfies ComposerContextRecord;

/** A 1×1 PNG. */
export function pngFile(name = "pixel.png"): File {
  const bytes = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="), (c) => c.charCodeAt(0));
  return new File([bytes], name, { type: "image/png" });
}

/** A promise with its resolve and reject functions. */
export function deferred<T>(): { promise: Promise<T>; resolve(value: T): void; reject(error: unknown): void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** One upload the test controls: report progress, finish, fail; see whether it was aborted. */
export interface PendingUpload {
  file: Blob;
  options: UploadOptions;
  finish(attachmentId: string): void;
  fail(error?: unknown): void;
}

/** A transport whose sends and uploads the test answers by hand. */
export function manualTransport(capabilities?: ComposerTransport["capabilities"]) {
  const sends: { message: OutgoingMessage; signal: AbortSignal; answer: ReturnType<typeof deferred<SentMessage>> }[] = [];
  const uploads: PendingUpload[] = [];
  const uploadStarted: ((upload: PendingUpload) => void)[] = [];
  const sendStarted: (() => void)[] = [];
  const transport: ComposerTransport = {
    ...(capabilities ? { capabilities } : {}),
    send(message, { signal }) {
      const answer = deferred<SentMessage>();
      sends.push({ message: structuredClone(message), signal, answer });
      sendStarted.shift()?.();
      return answer.promise;
    },
    upload(file, options) {
      const answer = deferred<{ attachmentId: string }>();
      const upload: PendingUpload = {
        file,
        options,
        finish: (attachmentId) => answer.resolve({ attachmentId }),
        fail: (error = new Error("network down")) => answer.reject(error),
      };
      uploads.push(upload);
      uploadStarted.shift()?.(upload);
      return answer.promise;
    },
  };
  return {
    transport,
    sends,
    uploads,
    /** The next upload to start (or the one already started and not yet taken). */
    nextUpload(): Promise<PendingUpload> {
      return new Promise((resolve) => uploadStarted.push(resolve));
    },
    nextSend(): Promise<void> {
      return new Promise((resolve) => sendStarted.push(resolve));
    },
  };
}

/** A transport that stores and answers at once, as the memory adapter does. */
export function memoryTransport(): ComposerTransport & { sent: OutgoingMessage[] } {
  const sent: OutgoingMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(structuredClone(message));
      return { id: `m${sent.length}`, clientMessageId: message.clientMessageId, text: message.text, ...(message.context ? { context: message.context } : {}) };
    },
    async upload(_file, { localId }) {
      return { attachmentId: localId };
    },
  };
}
