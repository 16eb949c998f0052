// Paste and drop events that carry their data in every engine. The specifications let a page
// construct a ClipboardEvent with `clipboardData` and a DragEvent with `dataTransfer`, but
// Firefox's ClipboardEvent constructor ignores the `clipboardData` it is given (the event's is
// null), so a paste made that way pastes nothing there; WebKit's InputEvent constructor drops its
// `dataTransfer` the same way. These helpers build the event, and when
// the engine dropped the data, attach it as an own property of the event: ProseMirror and the
// composer read `event.clipboardData` / `event.dataTransfer`, which then answer the data.

/** The window whose constructors build the event: the test's own, or a frame's. */
type EventWindow = Pick<typeof globalThis, "ClipboardEvent" | "DragEvent">;

const BUBBLING = { bubbles: true, cancelable: true, composed: true } as const;

/** `event` with `data` as its `key`, attached when the engine's constructor did not keep it. */
function carrying<E extends Event>(event: E, key: "clipboardData" | "dataTransfer", data: DataTransfer): E {
  if ((event as unknown as Record<string, unknown>)[key] !== data) Object.defineProperty(event, key, { value: data, configurable: true });
  return event;
}

/** A bubbling, cancelable, composed `paste`, `copy` or `cut` event carrying `data`. */
export function clipboardEvent(type: "paste" | "copy" | "cut", data: DataTransfer, win: EventWindow = window): ClipboardEvent {
  return carrying(new win.ClipboardEvent(type, { clipboardData: data, ...BUBBLING }), "clipboardData", data);
}

/** A bubbling, cancelable, composed drag event (`drop`, `dragover`…) carrying `data`, with `init`'s coordinates. */
export function dragEvent(type: string, data: DataTransfer, init: MouseEventInit = {}, win: Pick<EventWindow, "DragEvent"> = window): DragEvent {
  return carrying(new win.DragEvent(type, { ...init, dataTransfer: data, ...BUBBLING }), "dataTransfer", data);
}

/**
 * A bubbling, cancelable, composed `beforeinput` of `inputType` carrying `data` (WebKit's
 * InputEvent constructor drops the `dataTransfer` it is given).
 */
export function dataInputEvent(inputType: string, data: DataTransfer): InputEvent {
  return carrying(new InputEvent("beforeinput", { inputType, dataTransfer: data, ...BUBBLING }), "dataTransfer", data);
}

/** The window whose document and constructors a drop of files uses: the test's own, or a frame's. */
type DropWindow = Pick<typeof globalThis, "DragEvent" | "DataTransfer" | "File"> & { document: Document };

/** The innermost element of `doc` at (`x`, `y`), through open shadow roots. */
function elementAt(doc: Document, x: number, y: number): Element {
  let element = doc.elementFromPoint(x, y);
  while (element?.shadowRoot) {
    const inner = element.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === element) break;
    element = inner;
  }
  if (!element) throw new Error(`Nothing at (${x}, ${y})`);
  return element;
}

/**
 * Drags `files` in from outside the page and drops them at (`x`, `y`) of `win`'s viewport, as a
 * person dragging them from a file manager does: `dragenter`, `dragover` and `drop` at the element
 * there, with a DataTransfer of `win` holding real `File`s.
 */
export function dropFiles(x: number, y: number, files: readonly { name: string; content: BlobPart; type: string }[], win: DropWindow = window): void {
  const data = new win.DataTransfer();
  for (const { name, content, type } of files) data.items.add(new win.File([content], name, { type }));
  const target = elementAt(win.document, x, y);
  for (const type of ["dragenter", "dragover", "drop"]) target.dispatchEvent(dragEvent(type, data, { clientX: x, clientY: y }, win));
}
