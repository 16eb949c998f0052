// The context the live examples insert and show: the demo's own samples
// (demo/app/sample-records.js) and its `@` and `$` suggestions (demo/app/suggestions.js), so the
// docs and the demo show the same records.
import { SAMPLE_RECORDS } from "../../../../demo/app/sample-records.js";

export { provideSuggestions } from "../../../../demo/app/suggestions.js";

export const terminal = SAMPLE_RECORDS["Terminal excerpt"];
export const mention = SAMPLE_RECORDS["File mention"];
export const review = SAMPLE_RECORDS["Review comment"];
export const pullRequest = SAMPLE_RECORDS["Pull request"];

/**
 * The Markdown link a message's text holds for `record`, with the label the composer would have
 * written (a sample's own label is empty: the chip's presenter names it).
 */
export const link = (record, label) => `[${label}](t3-context://v1/${record.kind}/${record.contextId})`;
