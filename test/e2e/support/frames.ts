// Pages inside iframes of the test page, driven as a person would: real mouse clicks and key
// presses (through the browser's automation), drops of real files. The pages share the test page's
// origin (the host proxy, or the test server's own files), so a test can read their DOM.
import { sendKeys, sendMouse, setViewport } from "@web/test-runner-commands";
import { dropFiles as dropFilesOf } from "../../support/events.js";

/** How long `waitFor` keeps looking before it fails the test. */
const GIVE_UP_MS = 8000;

/** Room for two pages side by side at a desktop width, both on screen (hidden frames do not render). */
export const FRAME_SIZE = { width: 880, height: 1000 };

/** Makes the test page's viewport fit `count` frames side by side. */
export async function fitFrames(count: number): Promise<void> {
  await setViewport({ width: FRAME_SIZE.width * count + 16, height: FRAME_SIZE.height + 16 });
}

/** Opens `url` in a new iframe and resolves once it has loaded. */
export async function openFrame(url: string): Promise<HTMLIFrameElement> {
  const frame = document.createElement("iframe");
  frame.style.cssText = `width: ${FRAME_SIZE.width}px; height: ${FRAME_SIZE.height}px; border: 0; vertical-align: top;`;
  const loaded = nextLoad(frame);
  frame.src = url;
  document.body.append(frame);
  await loaded;
  return frame;
}

/** Resolves on the frame's next `load` (after a navigation or a reload). */
export function nextLoad(frame: HTMLIFrameElement): Promise<void> {
  return new Promise((resolve) => frame.addEventListener("load", () => resolve(), { once: true }));
}

/** The frame's document: it shares the test page's origin. */
export function frameDocument(frame: HTMLIFrameElement): Document {
  const doc = frame.contentDocument;
  if (!doc) throw new Error(`${frame.src} is not on the test page's origin`);
  return doc;
}

/** `querySelector` inside the frame; fails the test when nothing matches. */
export function inFrame<E extends Element = HTMLElement>(frame: HTMLIFrameElement, selector: string): E {
  const element = frameDocument(frame).querySelector<E>(selector);
  if (!element) throw new Error(`Nothing matches ${selector} in ${frame.src}`);
  return element;
}

/** The test page's viewport point at `(dx, dy)` inside `element`'s box (its centre by default). */
export function pointIn(frame: HTMLIFrameElement, element: Element, dx?: number, dy?: number): { x: number; y: number } {
  const outer = frame.getBoundingClientRect();
  const inner = element.getBoundingClientRect();
  return {
    x: Math.round(outer.left + inner.left + (dx ?? inner.width / 2)),
    y: Math.round(outer.top + inner.top + (dy ?? inner.height / 2)),
  };
}

/** Resolves once `frame` has rendered a frame: what it drew last is on screen, where a click can find it. */
async function painted(frame: HTMLIFrameElement): Promise<void> {
  const win = frame.contentWindow!;
  for (let i = 0; i < 2; i++) await new Promise((resolve) => win.requestAnimationFrame(resolve));
}

/**
 * A real click on `element` inside `frame`, once the frame has shown it: a click sent before a
 * new frame has been rendered missed a chip just drawn now and then (lazy-views.test.ts in Chromium,
 * on a busy machine: the frame's document still had the focus on its body).
 */
export async function click(frame: HTMLIFrameElement, element: Element): Promise<void> {
  await painted(frame);
  const { x, y } = pointIn(frame, element);
  await sendMouse({ type: "click", position: [x, y] });
}

/** Types `text` into whatever has the focus, key by key. */
export async function type(text: string): Promise<void> {
  await sendKeys({ type: text });
}

/**
 * Runs `input` (real keys) as one undo step however slow the machine is between two of its keys.
 * prosemirror-history starts a new step once 500 ms pass between two changes (its
 * `newGroupDelay`), and a loaded two-core CI machine has taken that long between two keys of one
 * `type`. `win`'s `Date.now`, which stamps each transaction, stands still meanwhile.
 */
export async function inOneUndoStep<T>(input: () => Promise<T>, win: Window = window): Promise<T> {
  const clock = (win as Window & { Date: DateConstructor }).Date;
  const { now } = clock;
  const held = now.call(clock);
  clock.now = () => held;
  try {
    return await input();
  } finally {
    clock.now = now;
  }
}

export async function press(key: string): Promise<void> {
  await sendKeys({ press: key });
}

/**
 * Drags files from "the file manager" onto `point` of `frame`'s viewport: `dragenter`,
 * `dragover` and `drop` carrying a DataTransfer of real `File`s (test/support/events.ts), the same
 * way in every engine (only Chromium's DevTools protocol can start a drag of the browser's own).
 */
export function dropFiles(frame: HTMLIFrameElement, point: { x: number; y: number }, files: { name: string; bytes: Uint8Array; type: string }[]): void {
  const win = frameDocument(frame).defaultView as Window & typeof globalThis;
  dropFilesOf(point.x, point.y, files.map(({ name, bytes, type }) => ({ name, content: bytes as BlobPart, type })), win);
}

/**
 * Resolves with the first truthy value of `read()`, checked on every animation frame (what the
 * pages do happens over their own sockets and timers; nothing here asserts how long it takes).
 * Fails the test with `what` if it never comes.
 */
export async function waitFor<T>(read: () => T | undefined | null | false | "", what: string): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = read();
    if (value) return value;
    if (performance.now() - started > GIVE_UP_MS) throw new Error(`Gave up waiting for ${what}`);
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}

/** Resolves with the detail of the next `name` event on `target`. */
export function nextEvent<T = unknown>(target: EventTarget, name: string): Promise<T> {
  return new Promise((resolve) => target.addEventListener(name, (event) => resolve((event as CustomEvent<T>).detail), { once: true }));
}

/** Resolves after `count` animation frames of `win` (a frame's page), so that what would show by then has. */
export async function animationFrames(count: number, win: Window): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => win.requestAnimationFrame(resolve));
}
