// A host's custom kind for the tests of both elements and of the codec: `jira-issue` defined once
// (`jiraKind`: payload schema, display name, entry body) with its looks (`jiraLooks`), the same
// kind in the deprecated presenter-only form (`jiraPresenter`), a valid record and one whose
// payload fails the schema, and a fallback presenter that records what it is called with.
import * as v from "valibot";
import { defineContextKind } from "../../src/codec/kind-definitions.js";
import type { UnknownContextRecord } from "../../src/contract/types.js";
import type { ChipPresenter, FallbackPresenter, UnresolvedContextRecord } from "../../src/presentation/index.js";

export const JiraPayload = v.object({
  key: v.pipe(v.string(), v.regex(/^[A-Z]+-\d+$/)),
  summary: v.string(),
  status: v.picklist(["To Do", "In Progress", "Done"]),
});
export type JiraRecord = UnknownContextRecord & { payload: v.InferOutput<typeof JiraPayload> };

const payloadOf = (record: UnknownContextRecord) => (record as JiraRecord).payload;

/** The kind itself: what a browser and a server share. */
export const jiraKind = defineContextKind({
  kind: "jira-issue",
  payload: JiraPayload,
  label: "Jira issue",
  entryBody: (record) => `${record.payload.key} (${record.payload.status}): ${record.payload.summary}`,
});

/** How it looks: presentation only. */
export const jiraLooks: ChipPresenter = {
  label: (record) => payloadOf(record as UnknownContextRecord).key,
  icon: () => "◆",
  tone: (record) => (payloadOf(record as UnknownContextRecord).status === "Done" ? "merged" : "open"),
};

/** The deprecated form: schema and looks on one presenter, defined by kind name. */
export const jiraPresenter: ChipPresenter = {
  payload: JiraPayload,
  label: (record) => payloadOf(record as UnknownContextRecord).key,
  kindLabel: () => "Jira issue",
  icon: () => "◆",
  tone: (record) => (payloadOf(record as UnknownContextRecord).status === "Done" ? "merged" : "open"),
};

export const issue: JiraRecord = {
  version: 1,
  contextId: "jira-issue_proj-42",
  kind: "jira-issue",
  label: "PROJ-42",
  payload: { key: "PROJ-42", summary: "Login fails on Safari", status: "In Progress" },
};

/** Fails the schema: no such status. */
export const badIssue: UnknownContextRecord = {
  version: 1,
  contextId: "jira-issue_proj-43",
  kind: "jira-issue",
  label: "PROJ-43",
  payload: { key: "PROJ-43", summary: "Broken", status: "Someday" },
};

export const linkOf = (record: { kind: string; contextId: string; label: string }): string =>
  `[${record.label}](t3-context://v1/${record.kind}/${record.contextId})`;

/** A fallback that sets a label and an icon, and records the records it is given. */
export function recordingFallback(): { fallback: FallbackPresenter; seen: UnresolvedContextRecord[] } {
  const seen: UnresolvedContextRecord[] = [];
  const fallback: FallbackPresenter = {
    label: (record) => {
      seen.push(record);
      return `${record.label} (gone)`;
    },
    icon: () => "⌀",
  };
  return { fallback, seen };
}
