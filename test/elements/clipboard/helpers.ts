// Shared helpers of the clipboard tests: real ClipboardEvents carrying a real DataTransfer (in every
// engine: test/support/events.ts), and a
// transport whose attachment fetches a test can watch and fail.
import { expect } from "@esm-bundle/chai";
import { CONTEXT_FRAGMENT_MIME } from "../../../src/codec/clipboard.js";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import { createMemoryTransport, type MemoryTransport } from "../../../src/transport/memory-transport.js";
import type { ComposerValue } from "../../../src/elements/composer/types.js";
import { chord, editorOf, next } from "../composer/helpers.js";
import { clipboardEvent } from "../../support/events.js";

export { CONTEXT_FRAGMENT_MIME };

/** Fires a `copy` (or `cut`) event at `target` with an empty DataTransfer and returns what was written. */
export function copyFrom(target: EventTarget, type: "copy" | "cut" = "copy"): DataTransfer {
  const data = new DataTransfer();
  target.dispatchEvent(clipboardEvent(type, data));
  return data;
}

/** A DataTransfer holding `types`. */
export function clipboard(types: Record<string, string>): DataTransfer {
  const data = new DataTransfer();
  for (const [type, value] of Object.entries(types)) data.setData(type, value);
  return data;
}

/** Fires a `paste` event with `data` at the composer's editor; returns the event. */
export function pasteInto(composer: T3ComposerElement, data: DataTransfer): ClipboardEvent {
  const event = clipboardEvent("paste", data);
  editorOf(composer).dispatchEvent(event);
  return event;
}

/** Every type a DataTransfer holds, with its data. */
export function typesOf(data: DataTransfer): Record<string, string> {
  return Object.fromEntries(data.types.map((type) => [type, data.getData(type)]));
}

/** Selects the whole draft (Mod+A in the editor's own keymap, through the real keyboard). */
export async function selectAll(composer: T3ComposerElement): Promise<void> {
  composer.focus();
  await chord("Control", "a");
}

/** A memory transport shared by several composers (one "host"), recording every fetch. */
export function sharedTransport(): MemoryTransport & { fetches: { environmentId: string; attachmentId: string }[] } {
  const memory = createMemoryTransport();
  const fetchFromMemory = memory.fetchAttachment!.bind(memory);
  const fetches: { environmentId: string; attachmentId: string }[] = [];
  return Object.assign(memory, {
    fetches,
    fetchAttachment(source: { environmentId: string; attachmentId: string }, options: { signal: AbortSignal }) {
      fetches.push({ ...source });
      return fetchFromMemory(source, options);
    },
  });
}

/** Resolves when `composer` holds `count` attachments (pasted ones join when their bytes are back). */
export async function attachmentsJoined(composer: T3ComposerElement, count = 1): Promise<void> {
  while (composer.attachments.length < count) await next(composer, "t3-context-add");
}

/** Resolves when every attachment of `composer` finished uploading. */
export async function uploadsDone(composer: T3ComposerElement): Promise<void> {
  while (composer.attachments.some((attachment) => attachment.status === "uploading")) await next(composer, "t3-change");
}

/** Checks a composer's value exactly. */
export function expectValue(composer: T3ComposerElement, value: ComposerValue): void {
  expect(composer.value).to.deep.equal(value);
}
