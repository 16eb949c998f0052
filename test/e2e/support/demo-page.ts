// The demo app (`demo/index.html`) in a frame, on a test host: open it on a thread, reach its
// composer and transcript, read what its transcript shows.
import type { T3ComposerElement, T3TranscriptElement } from "../../../src/index.js";
import { startHost, type TestHost, type TestHostOptions } from "../../support/host.js";
import { fitFrames, frameDocument, inFrame, nextLoad, openFrame, waitFor } from "./frames.js";

export interface DemoPage {
  frame: HTMLIFrameElement;
  composer: T3ComposerElement;
  transcript: T3TranscriptElement;
}

/**
 * A reference host for the tests of one file: started before them, with the viewport fitted to
 * `frames` demo frames side by side (the demo is a one-screen chat, so its composer sits at the
 * bottom of the frame and must be on screen to be clicked), stopped after them. Each test's
 * frames are removed after it, which closes their pages and their live sockets. Returns the
 * host, to be read inside the tests.
 */
export function useDemoHost(frames: number, options?: TestHostOptions): () => TestHost {
  let host: TestHost | undefined;
  before(async () => {
    host = await startHost(undefined, options);
    await fitFrames(frames);
  });
  after(() => host?.dispose());
  afterEach(() => document.querySelectorAll("iframe").forEach((frame) => frame.remove()));
  return () => host!;
}

/** A chip as a person sees it in the transcript. */
export interface ShownChip {
  kind: string;
  contextId: string;
  label: string;
  resolved: boolean;
}

/** Waits until the page is live on its thread (history listed, the live socket open). */
async function whenLive(frame: HTMLIFrameElement): Promise<void> {
  await waitFor(() => frameDocument(frame).getElementById("status")?.dataset.state === "live", "the demo page to go live");
}

function pageOf(frame: HTMLIFrameElement): DemoPage {
  return {
    frame,
    composer: inFrame<T3ComposerElement>(frame, "t3-composer"),
    transcript: inFrame<T3TranscriptElement>(frame, "t3-transcript"),
  };
}

/** Opens the demo app on `threadId` and waits until it is live. */
export async function openDemo(host: TestHost, threadId: string): Promise<DemoPage> {
  const frame = await openFrame(`${host.url}?thread=${encodeURIComponent(threadId)}`);
  await whenLive(frame);
  return pageOf(frame);
}

/** Reloads the page and waits until it is live again; the elements are new ones. */
export async function reloadDemo(page: DemoPage): Promise<DemoPage> {
  const loaded = nextLoad(page.frame);
  page.frame.contentWindow!.location.reload();
  await loaded;
  await whenLive(page.frame);
  return pageOf(page.frame);
}

/** The message's article in the transcript, if it is shown. */
export function articleOf(transcript: T3TranscriptElement, messageId: string): HTMLElement | null {
  return transcript.shadowRoot!.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(messageId)}"]`);
}

/** The chips of a shown message, in order. */
export function chipsOf(article: HTMLElement): ShownChip[] {
  return [...article.querySelectorAll<HTMLElement>(".t3-chip")].map((chip) => ({
    kind: chip.dataset.kind ?? "",
    contextId: chip.dataset.contextId ?? "",
    label: chip.querySelector(".t3-chip-label")?.textContent ?? "",
    resolved: chip.dataset.contextUnresolved !== "true",
  }));
}

/** A sample button of the demo ("Terminal excerpt", "Review comment", …). */
export function sampleButton(page: DemoPage, name: string): HTMLButtonElement {
  const button = [...frameDocument(page.frame).querySelectorAll<HTMLButtonElement>("#kinds button")].find((b) => b.textContent === name);
  if (!button) throw new Error(`No sample button ${name}`);
  return button;
}
