// A hand-written decoder of v1 records with the same semantics as the valibot schemas: plain
// `typeof` checks and one output object per record, no library. It is the benchmark's floor,
// what a decoder can cost at best, and the benchmark checks it agrees with ours on every record.

type Input = Record<string, unknown>;
type Output = Record<string, unknown>;

const CONTEXT_ID = /^[a-z0-9_-]+$/i;
const KIND = /^[a-z][a-z0-9-]{0,39}$/;
const KNOWN = new Set(["image", "file", "terminal", "element", "preview-annotation", "review-comment", "mention", "skill"]);
const SHORT = 2048;
const TEXT = 8000;

// Each reader returns the decoded value, or FAIL.
const FAIL = Symbol("fail");
type Read<T> = T | typeof FAIL;

function trimmed(value: unknown, max: number): Read<string> {
  if (typeof value !== "string") return FAIL;
  const text = value.trim();
  return text.length === 0 || text.length > max ? FAIL : text;
}

function contextId(value: unknown): Read<string> {
  const id = trimmed(value, 128);
  return id !== FAIL && CONTEXT_ID.test(id) ? id : FAIL;
}

function bounded(value: unknown, max: number): Read<string> {
  return typeof value === "string" && value.length <= max ? value : FAIL;
}

function nullableShort(value: unknown): Read<string | null> {
  return value === null ? null : bounded(value, SHORT);
}

function int(value: unknown, min: number): Read<number> {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= min ? value : FAIL;
}

function nullableInt(value: unknown): Read<number | null> {
  return value === null ? null : int(value, 0);
}

function isObject(value: unknown): value is Input {
  return typeof value === "object" && value !== null;
}

/** Sets each field, or returns false at the first one that failed. */
function assign(out: Output, fields: Record<string, unknown>): boolean {
  for (const key in fields) {
    const value = fields[key];
    if (value === FAIL) return false;
    out[key] = value;
  }
  return true;
}

function base(input: Input, kind: string): Output | undefined {
  if (input.version !== 1) return undefined;
  const id = contextId(input.contextId);
  const label = bounded(input.label, 200);
  if (id === FAIL || label === FAIL) return undefined;
  return { version: 1, contextId: id, kind, label };
}

function attachment(input: Input, out: Output): boolean {
  return assign(out, {
    attachmentId: contextId(input.attachmentId),
    name: trimmed(input.name, 255),
    mimeType: trimmed(input.mimeType, 100),
    sizeBytes: int(input.sizeBytes, 0),
  });
}

function source(value: unknown): Read<Output | null> {
  if (value === null) return null;
  if (!isObject(value)) return FAIL;
  const out: Output = {};
  return assign(out, {
    functionName: nullableShort(value.functionName),
    fileName: nullableShort(value.fileName),
    lineNumber: nullableInt(value.lineNumber),
    columnNumber: nullableInt(value.columnNumber),
  })
    ? out
    : FAIL;
}

function elementDetails(input: Input, out: Output): boolean {
  return assign(out, {
    pageUrl: bounded(input.pageUrl, SHORT),
    pageTitle: nullableShort(input.pageTitle),
    tagName: trimmed(input.tagName, 255),
    selector: nullableShort(input.selector),
    htmlPreview: bounded(input.htmlPreview, TEXT),
    componentName: nullableShort(input.componentName),
    source: source(input.source),
    styles: bounded(input.styles, TEXT),
  });
}

function array<T>(value: unknown, max: number, item: (entry: unknown) => Read<T>): Read<T[]> {
  if (!Array.isArray(value) || value.length > max) return FAIL;
  const out: T[] = [];
  for (const entry of value) {
    const decoded = item(entry);
    if (decoded === FAIL) return FAIL;
    out.push(decoded);
  }
  return out;
}

const short = (value: unknown) => bounded(value, SHORT);

function element(value: unknown): Read<Output> {
  if (!isObject(value)) return FAIL;
  const out: Output = {};
  return elementDetails(value, out) ? out : FAIL;
}

function styleChangeDetail(value: unknown): Read<Output> {
  if (!isObject(value)) return FAIL;
  const out: Output = {};
  return assign(out, {
    targetId: short(value.targetId),
    selector: nullableShort(value.selector),
    property: short(value.property),
    previousValue: bounded(value.previousValue, TEXT),
    value: bounded(value.value, TEXT),
  })
    ? out
    : FAIL;
}

/** Decodes `key` with `read` when the input has it; absent keys stay absent. */
function optional(input: Input, out: Output, key: string, read: (value: unknown) => unknown): boolean {
  if (!(key in input)) return true;
  const value = read(input[key]);
  if (value === FAIL) return false;
  out[key] = value;
  return true;
}

function previewAnnotation(input: Input, out: Output): boolean {
  return (
    assign(out, {
      annotationId: short(input.annotationId),
      pageUrl: short(input.pageUrl),
      pageTitle: nullableShort(input.pageTitle),
      comment: bounded(input.comment, TEXT),
      targetSummary: short(input.targetSummary),
      styleChanges: array(input.styleChanges, 200, short),
    }) &&
    optional(input, out, "elements", (value) => array(value, 50, element)) &&
    optional(input, out, "elementIds", (value) => array(value, 50, short)) &&
    optional(input, out, "styleChangeDetails", (value) => array(value, 200, styleChangeDetail)) &&
    optional(input, out, "screenshotContextId", contextId) &&
    optional(input, out, "regionCount", (value) => int(value, 0)) &&
    optional(input, out, "strokeCount", (value) => int(value, 0))
  );
}

const PR_STATES = new Set(["open", "closed", "merged"]);

function pullRequest(value: unknown): Read<Output> {
  if (!isObject(value)) return FAIL;
  const state = value.state;
  if (typeof state !== "string" || !PR_STATES.has(state) || typeof value.isDraft !== "boolean") return FAIL;
  const out: Output = {};
  return assign(out, {
    number: int(value.number, 1),
    title: short(value.title),
    url: short(value.url),
    headBranch: short(value.headBranch),
    baseBranch: short(value.baseBranch),
    state,
    isDraft: value.isDraft,
  })
    ? out
    : FAIL;
}

function reviewComment(input: Input, out: Output): boolean {
  return (
    assign(out, {
      sectionId: trimmed(input.sectionId, 255),
      sectionTitle: short(input.sectionTitle),
      filePath: trimmed(input.filePath, SHORT),
      startIndex: int(input.startIndex, 0),
      endIndex: int(input.endIndex, 0),
      rangeLabel: short(input.rangeLabel),
      text: bounded(input.text, 16_000),
      diff: bounded(input.diff, 32_000),
    }) &&
    (out.endIndex as number) >= (out.startIndex as number) &&
    optional(input, out, "fenceLanguage", (value) => bounded(value, 64)) &&
    optional(input, out, "pullRequest", pullRequest)
  );
}

function terminal(input: Input, out: Output): boolean {
  return (
    assign(out, {
      terminalId: trimmed(input.terminalId, 255),
      terminalLabel: trimmed(input.terminalLabel, 255),
      lineStart: int(input.lineStart, 0),
      lineEnd: int(input.lineEnd, 0),
      text: bounded(input.text, 64_000),
    }) && (out.lineEnd as number) >= (out.lineStart as number)
  );
}

function payloadFits(payload: unknown): boolean {
  try {
    const json = JSON.stringify(payload);
    return json !== undefined && json.length <= 64_000;
  } catch {
    return false;
  }
}

function unknownRecord(input: Input): Output | undefined {
  if (typeof input.kind !== "string") return undefined;
  const kind = input.kind.trim();
  if (!KIND.test(kind) || KNOWN.has(kind) || !("payload" in input) || !payloadFits(input.payload)) return undefined;
  const out = base(input, kind);
  if (out) out.payload = input.payload;
  return out;
}

const KIND_FIELDS: Record<string, (input: Input, out: Output) => boolean> = {
  image: attachment,
  file: attachment,
  terminal,
  element: elementDetails,
  "preview-annotation": previewAnnotation,
  "review-comment": reviewComment,
  mention: (input, out) => assign(out, { path: trimmed(input.path, SHORT) }),
  skill: (input, out) => assign(out, { name: trimmed(input.name, 255) }),
};

/** Decodes one record; `undefined` when it fails. */
export function decodeRecordByHand(input: unknown): Output | undefined {
  if (!isObject(input)) return undefined;
  const kind = input.kind;
  if (typeof kind !== "string" || !KNOWN.has(kind)) return unknownRecord(input);
  const out = base(input, kind);
  return out && KIND_FIELDS[kind]!(input, out) ? out : undefined;
}

/** Decodes a message context; `undefined` when it fails. */
export function decodeMessageContextByHand(input: unknown): Output | undefined {
  if (!isObject(input) || input.version !== 1) return undefined;
  const raw = input.records;
  if (!Array.isArray(raw) || raw.length > 200) return undefined;
  try {
    if (JSON.stringify(raw).length > 16_000_000) return undefined;
  } catch {
    return undefined;
  }
  const records: Output[] = [];
  const ids = new Set<unknown>();
  for (const entry of raw) {
    const record = decodeRecordByHand(entry);
    if (record === undefined) continue;
    if (ids.has(record.contextId)) return undefined;
    ids.add(record.contextId);
    records.push(record);
  }
  return { version: 1, records };
}
