// The composer's rest chunk (rest.ts says when it loads): what a composer needs soon after it
// shows, but not to show itself and take keys. Everything it holds is reached through this module,
// and only through a dynamic import.
export { transmit } from "./transmit.js";
export { sendDraft } from "./send-draft.js";
export { renderShelfConfirm, syncShelfConfirm } from "./shelf-confirm.js";
export { chooseSuggestion, followTrigger, revealActive, suggestionKey, suggestionOptions } from "./suggestion-list.js";
export { triggerOf } from "../../../editor/trigger.js";
export { importText, resolvePasted, restoreText } from "./paste-text.js";
export { renderQueueList } from "./queue-list.js";
export { QueueRun } from "./queue-run.js";
export { HistoryBrowsing } from "./history-browsing.js";
export { expandPasted } from "./pasted-expand.js";
export { EditMode } from "./edit-mode.js";
export { upload } from "./upload.js";
export { fetchPasted } from "./attachment-fetch.js";
export { undoHistory } from "./undo-history.js";
export { chipLongPress, openChipMenu, tapChip } from "./chip-press.js";
export { restStyles } from "./rest.styles.js";
