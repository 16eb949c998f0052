// Symmetric lifecycle (house style point 11): what `connect` creates, `disconnect` releases. The
// view is destroyed on disconnect and rebuilt from the kept state on connect, so moving the
// element to another parent, shadow root or document leaves the draft (and its undo history) as
// it was. Uploads (and fetches of pasted attachments) survive a move (a disconnect and a connect
// in one task): they stop only when the element stays disconnected, and start again when it
// comes back.
import { createComposerView } from "../../editor/create.js";
import { releaseUrl, stopUpload } from "./attachments.js";
import type { ComposerCore } from "./core.js";
import { applyTransaction } from "./dispatch.js";
import { settleNow } from "./settle.js";
import { closeSuggestions } from "./suggestions.js";
import { startUpload } from "./uploads.js";
import { activateChip } from "./activate.js";
import { startImport } from "./attachment-import.js";
import { listenToTransport, stopListeningToTransport } from "./transport-errors.js";

export function connect(core: ComposerCore): void {
  core.connected = true;
  core.view = createComposerView({
    mount: core.mount,
    state: core.state,
    painter: core.chips,
    dispatch: (tr) => applyTransaction(core, tr),
    editable: () => core.host.canEdit,
    clickChip: (_view, pos) => activateChip(core, pos),
  });
  connectListeners(core);
  listenToTransport(core);
  for (const entry of core.attachments.values()) {
    if (entry.status === "uploading" && !entry.controller) startUpload(core, entry);
  }
  for (const pending of core.imports.values()) if (!pending.controller) startImport(core, pending);
  core.host.requestUpdate(); // the shelf's thumbnails get object URLs again
}

export function disconnect(core: ComposerCore): void {
  settleNow(core);
  core.teardown?.();
  core.teardown = null;
  stopListeningToTransport(core);
  closeSuggestions(core);
  core.view?.destroy();
  core.view = null;
  core.connected = false;
  for (const entry of core.attachments.values()) releaseUrl(entry);
  queueMicrotask(() => {
    if (core.host.isConnected) return; // moved, not removed
    for (const entry of core.attachments.values()) stopUpload(entry);
    core.imports.stop();
    core.sendController?.abort();
  });
}

/** The transport was replaced: hear the new one's errors, no longer the old one's. */
export function transportChanged(core: ComposerCore): void {
  if (core.connected) listenToTransport(core);
}

/** The registry changed while connected: listen to the new one and redraw. */
export function registryChanged(core: ComposerCore): void {
  if (!core.connected) return;
  core.teardown?.();
  connectListeners(core);
  core.chips.redrawAll();
}

function connectListeners(core: ComposerCore): void {
  // The document the element is in now, and its window: it may have moved into an iframe's.
  const document = core.host.ownerDocument;
  const view = document.defaultView ?? window;
  const onPageHide = () => settleNow(core);
  // A hidden page may be discarded or killed without `pagehide` (mobile browsers, tab discarding):
  // being hidden is the last moment that is sure to come.
  const onVisibilityChange = () => {
    if (document.visibilityState === "hidden") settleNow(core);
  };
  view.addEventListener("pagehide", onPageHide);
  document.addEventListener("visibilitychange", onVisibilityChange);
  const unsubscribe = core.host.registry.subscribe(() => core.chips.redrawAll());
  core.teardown = () => {
    view.removeEventListener("pagehide", onPageHide);
    document.removeEventListener("visibilitychange", onVisibilityChange);
    unsubscribe();
  };
}
