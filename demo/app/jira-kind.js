// The custom-kind demo's `jira-issue` kind, defined once for the page and for the reference host
// (docs/custom-kinds.md). The module imports nothing: each side hands it its own
// `defineContextKind` (the page from the drop-in bundle, the host from `t3-composer/codec`), so
// one file serves a `<script type="module">` page and Node alike.

/** Statuses a Jira issue payload may have. */
const STATUSES = ["To Do", "In Progress", "Done"];
const ISSUE_KEY = /^[A-Z]+-\d+$/;

/**
 * The payload schema. In an npm project it is plain valibot:
 *   v.object({ key: v.pipe(v.string(), v.regex(/^[A-Z]+-\d+$/)), summary: v.string(),
 *              status: v.picklist(["To Do", "In Progress", "Done"]) })
 * The demo page loads only the drop-in bundle, so this file writes the same check against
 * valibot's schema interface (`~run` returns the value, or issues), which is all the codec calls.
 */
export const JiraPayload = {
  kind: "schema",
  type: "jira-payload",
  expects: "JiraPayload",
  async: false,
  "~run"(dataset) {
    const p = dataset.value;
    const ok =
      p !== null && typeof p === "object" && typeof p.key === "string" && ISSUE_KEY.test(p.key) && typeof p.summary === "string" && STATUSES.includes(p.status);
    if (ok) return { typed: true, value: p };
    return {
      typed: false,
      value: p,
      issues: [{ kind: "schema", type: "jira-payload", input: p, expected: "JiraPayload", received: typeof p, message: "Not a Jira issue payload" }],
    };
  },
};

/** The `jira-issue` kind: payload schema, display name and the entry body a model reads. */
export function defineJiraKind(defineContextKind) {
  return defineContextKind({
    kind: "jira-issue",
    payload: JiraPayload,
    label: "Jira issue",
    entryBody: (record) => `${record.payload.key} (${record.payload.status}): ${record.payload.summary}`,
  });
}

/** A `jira-issue` record, as the demo's pages and tests build them. */
export function jiraIssue(key, summary, status) {
  return { version: 1, contextId: `jira-issue_${key.toLowerCase()}`, kind: "jira-issue", label: key, payload: { key, summary, status } };
}
