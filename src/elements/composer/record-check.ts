// Checks that a record handed to the composer is a v1 record before it enters a draft.
// TODO(contract): replace with `decodeComposerContextRecord` (api.md) once the contract's valibot
// schemas land on main; this interim check covers the common fields and each known kind's
// required fields and bounds, which is what the composer relies on.
import {
  CONTEXT_ID_MAX,
  CONTEXT_ID_PATTERN,
  KIND_PATTERN,
  LABEL_MAX,
  MIME_TYPE_MAX,
  NAME_MAX,
  SHORT_MAX,
  TERMINAL_TEXT_MAX,
  UNKNOWN_PAYLOAD_MAX,
} from "../../contract/limits.js";
import { isKnownContextKind } from "../../contract/kinds.js";
import type { ComposerContextRecord } from "../../contract/types.js";

type Fields = Record<string, unknown>;
type Check = (value: unknown) => boolean;

const str = (max: number): Check => (value) => typeof value === "string" && value.length <= max;
const name = (max: number): Check => (value) => typeof value === "string" && value.trim() !== "" && value.length <= max;
const id: Check = (value) => typeof value === "string" && value.length <= CONTEXT_ID_MAX && CONTEXT_ID_PATTERN.test(value);
const count: Check = (value) => Number.isSafeInteger(value) && (value as number) >= 0;
const nullable = (check: Check): Check => (value) => value === null || check(value);
const anyString = str(Number.MAX_SAFE_INTEGER);

const attachment = { attachmentId: id, name: name(NAME_MAX), mimeType: name(MIME_TYPE_MAX), sizeBytes: count };
const KIND_FIELDS: Record<string, Record<string, Check>> = {
  image: attachment,
  file: attachment,
  terminal: { terminalId: name(NAME_MAX), terminalLabel: name(NAME_MAX), lineStart: count, lineEnd: count, text: str(TERMINAL_TEXT_MAX) },
  element: {
    pageUrl: str(SHORT_MAX), pageTitle: nullable(str(SHORT_MAX)), tagName: name(NAME_MAX), selector: nullable(str(SHORT_MAX)),
    htmlPreview: anyString, componentName: nullable(str(SHORT_MAX)), styles: anyString,
    source: (value) => value === null || (typeof value === "object" && !Array.isArray(value)),
  },
  "preview-annotation": {
    annotationId: str(SHORT_MAX), pageUrl: str(SHORT_MAX), pageTitle: nullable(str(SHORT_MAX)), comment: anyString,
    targetSummary: str(SHORT_MAX), styleChanges: (value) => Array.isArray(value) && value.every(anyString),
  },
  "review-comment": {
    sectionId: name(NAME_MAX), sectionTitle: str(SHORT_MAX), filePath: name(SHORT_MAX), startIndex: count, endIndex: count,
    rangeLabel: str(SHORT_MAX), text: anyString, diff: anyString,
  },
  mention: { path: name(SHORT_MAX) },
  skill: { name: name(NAME_MAX) },
};

function payloadProblem(payload: unknown): string | null {
  try {
    const json = JSON.stringify(payload);
    if (json === undefined) return "payload is not JSON";
    return json.length > UNKNOWN_PAYLOAD_MAX ? `payload is longer than ${UNKNOWN_PAYLOAD_MAX} characters` : null;
  } catch {
    return "payload is not JSON";
  }
}

/** What is wrong with `input` as a v1 record, or `null` when nothing is. */
export function recordProblem(input: unknown): string | null {
  if (input === null || typeof input !== "object" || Array.isArray(input)) return "not an object";
  const record = input as Fields;
  if (record.version !== 1) return `version is ${JSON.stringify(record.version)}, not 1`;
  if (!id(record.contextId)) return `contextId ${JSON.stringify(record.contextId)} is not [a-z0-9_-]{1,128}`;
  if (typeof record.kind !== "string" || !KIND_PATTERN.test(record.kind)) return `kind ${JSON.stringify(record.kind)} is not a context kind`;
  if (!str(LABEL_MAX)(record.label)) return `label is not a string of at most ${LABEL_MAX} characters`;
  if (!isKnownContextKind(record.kind)) return "payload" in record ? payloadProblem(record.payload) : "a custom kind needs a payload";
  for (const [field, check] of Object.entries(KIND_FIELDS[record.kind]!)) {
    if (!check(record[field])) return `${record.kind} field ${field} is ${JSON.stringify(record[field]) ?? "missing"}`;
  }
  if (record.kind === "terminal" && (record.lineEnd as number) < (record.lineStart as number)) return "terminal lineEnd is before lineStart";
  if (record.kind === "review-comment" && (record.endIndex as number) < (record.startIndex as number)) return "review-comment endIndex is before startIndex";
  return null;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * A private, frozen copy of a valid record, or `null` for anything else. The composer keeps only
 * such copies: a host that changes its object afterwards cannot change the draft behind its back.
 */
export function ownRecord(input: unknown): ComposerContextRecord | null {
  if (recordProblem(input) !== null) return null;
  try {
    return deepFreeze(structuredClone(input) as ComposerContextRecord);
  } catch {
    return null; // a payload structuredClone cannot copy (a function, a DOM node) is not JSON either
  }
}
