// Context kinds defined once (docs/custom-kinds.md): what a custom kind is (its payload schema,
// its display name, its provider entry body) as pure data that a browser and a server share. How
// a kind looks is the presentation's business (src/presentation/registry.ts), not this module's.
import { safeParse, type GenericSchema, type InferOutput } from "valibot";
import { isKnownContextKind } from "../contract/kinds.js";
import { KIND_PATTERN, LABEL_MAX } from "../contract/limits.js";
import { KNOWN_CONTEXT_KINDS, type ComposerContextRecord, type UnknownContextRecord } from "../contract/types.js";

/** A record of a custom kind whose `payload` passed the kind's schema. */
export type CustomContextRecord<TPayload = unknown> = UnknownContextRecord & { payload: TPayload };

/**
 * An entry body. Declared through a method so that its parameter is checked bivariantly: a
 * definition of a precise payload type then fits a list of definitions of any payload.
 */
type EntryBody<TPayload> = { body(record: CustomContextRecord<TPayload>): string }["body"];

/** A custom kind, as `defineContextKind` returns it (frozen). */
export interface ContextKindDefinition<TPayload = unknown> {
  /** The kind, as links and records spell it (`jira-issue`). */
  readonly kind: string;
  /** The display name: the provider marker's `[<label>: …]` and a chip's accessible name. */
  readonly label: string;
  /** The valibot schema of `payload`; `undefined` accepts any payload. */
  readonly payload: GenericSchema<unknown, TPayload> | undefined;
  /** The provider entry body of a record whose payload passed; `undefined` keeps the payload's JSON. */
  readonly entryBody: EntryBody<TPayload> | undefined;
}

/** What `defineContextKind` takes. */
export interface ContextKindOptions<TSchema extends GenericSchema> {
  /** The kind: `^[a-z][a-z0-9-]{0,39}$`, not one of the eight known kinds. */
  kind: string;
  /** The valibot schema of `payload`; default: any payload. */
  payload?: TSchema | undefined;
  /** The display name; default: the kind with dashes as spaces and a capital. */
  label?: string | undefined;
  /** The provider entry body of a record whose payload passed; default: the payload's JSON. */
  entryBody?: ((record: CustomContextRecord<InferOutput<TSchema>>) => string) | undefined;
}

/**
 * Characters a display name cannot hold: they would end the provider marker (`;`, `]`), break
 * its line, or open an envelope tag.
 */
const LABEL_BREAKERS = /[\r\n;[\]<>]/;

function spacedCapital(kind: string): string {
  const spaced = kind.replaceAll("-", " ");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

// Made once: a projection names the kind of every record it writes (2,000 in the benchmark).
const KNOWN_DISPLAY_NAMES: ReadonlyMap<string, string> = new Map(KNOWN_CONTEXT_KINDS.map((kind) => [kind, spacedCapital(kind)]));

/**
 * `Preview annotation` for `preview-annotation`: dashes become spaces, the first letter upper.
 * The one place a kind's default display name is made (built-in kinds read this way too).
 * @internal
 */
export function kindDisplayName(kind: string): string {
  return KNOWN_DISPLAY_NAMES.get(kind) ?? spacedCapital(kind);
}

function misuse(what: string, value: unknown, expected: string): TypeError {
  let shown: string;
  try {
    shown = typeof value === "function" ? "a function" : (JSON.stringify(value) ?? String(value));
  } catch {
    shown = String(value);
  }
  return new TypeError(`defineContextKind: invalid ${what} ${shown} (expected ${expected})`);
}

function checkedKind(kind: unknown): string {
  if (typeof kind !== "string" || !KIND_PATTERN.test(kind)) throw misuse("kind", kind, String(KIND_PATTERN));
  if (isKnownContextKind(kind)) throw misuse("kind", kind, "a kind that is not built in");
  return kind;
}

function checkedLabel(label: unknown, kind: string): string {
  if (label === undefined) return kindDisplayName(kind);
  if (typeof label !== "string" || label.trim() === "" || label.length > LABEL_MAX || LABEL_BREAKERS.test(label)) {
    throw misuse("label", label, `1 to ${LABEL_MAX} characters without line breaks, ";", "[", "]", "<" or ">"`);
  }
  return label.trim();
}

// What `defineContextKind` made: only those went through its checks.
const made = new WeakSet<object>();

/** Whether `value` is a definition `defineContextKind` returned. @internal */
export function isContextKindDefinition(value: unknown): value is ContextKindDefinition {
  return typeof value === "object" && value !== null && made.has(value);
}

const isSchema = (value: unknown): value is GenericSchema =>
  typeof value === "object" && value !== null && typeof (value as { "~run"?: unknown })["~run"] === "function";

/**
 * Defines a custom kind: its valibot `payload` schema (a record whose payload fails it is drawn
 * as unavailable and projected with its payload's JSON), its display `label` (default: the kind
 * with dashes as spaces and a capital, `jira-issue` → `Jira issue`) and its provider `entryBody`
 * (default: the compact JSON of the payload). Pure: runs in Node and in browsers. Throws a
 * `TypeError` naming the bad value for a kind outside `[a-z][a-z0-9-]{0,39}`, a built-in kind, a
 * payload that is not a valibot schema, a label that would break the marker, or an entry body
 * that is not a function.
 *
 * ```ts
 * const jiraKind = defineContextKind({ kind: "jira-issue", payload: JiraPayload, entryBody: (r) => r.payload.key });
 * projectComposerContextForProvider(message, { kinds: [jiraKind] });
 * ```
 */
export function defineContextKind<TSchema extends GenericSchema = GenericSchema<unknown>>(
  options: ContextKindOptions<TSchema>,
): ContextKindDefinition<InferOutput<TSchema>> {
  if (typeof options !== "object" || options === null) throw misuse("options", options, "an object");
  const kind = checkedKind(options.kind);
  const { payload, entryBody } = options;
  if (payload !== undefined && !isSchema(payload)) throw misuse(`payload schema for ${kind}:`, payload, "a valibot schema");
  if (entryBody !== undefined && typeof entryBody !== "function") throw misuse(`entryBody for ${kind}:`, entryBody, "a function");
  const definition: ContextKindDefinition<InferOutput<TSchema>> = Object.freeze({
    kind,
    label: checkedLabel(options.label, kind),
    payload: payload as GenericSchema<unknown, InferOutput<TSchema>> | undefined,
    entryBody: entryBody as ContextKindDefinition<InferOutput<TSchema>>["entryBody"],
  });
  made.add(definition);
  return definition;
}


// A payload check can be costly for a big payload, and a decoded record is not changed: one
// verdict per definition and record.
const verdicts = new WeakMap<ContextKindDefinition, WeakMap<object, boolean>>();

/**
 * Whether `record` is of `definition`'s kind and its payload passes the kind's schema (no schema:
 * any payload). A schema that throws fails the payload.
 * @internal
 */
export function acceptsContextRecord(definition: ContextKindDefinition, record: ComposerContextRecord): record is CustomContextRecord {
  if (record.kind !== definition.kind || !("payload" in record)) return false;
  const schema = definition.payload;
  if (!schema) return true;
  let byRecord = verdicts.get(definition);
  if (!byRecord) verdicts.set(definition, (byRecord = new WeakMap()));
  let verdict = byRecord.get(record);
  if (verdict === undefined) {
    try {
      verdict = safeParse(schema, record.payload).success;
    } catch {
      verdict = false;
    }
    byRecord.set(record, verdict);
  }
  return verdict;
}

/**
 * The entry body `definition` gives `record`, or `undefined` for the default (the payload's JSON):
 * no `entryBody`, a payload that fails the schema, or an entry body that throws or returns
 * something other than a string. The result is not yet escaped.
 * @internal
 */
export function customEntryBody(definition: ContextKindDefinition, record: ComposerContextRecord): string | undefined {
  if (!definition.entryBody || !acceptsContextRecord(definition, record)) return undefined;
  try {
    const body = definition.entryBody(record);
    return typeof body === "string" ? body : undefined;
  } catch {
    return undefined; // a host's bug in one body must not break the projection of the message
  }
}

// Callers pass the same list for every message: index it once per list.
const indexes = new WeakMap<readonly ContextKindDefinition[], ReadonlyMap<string, ContextKindDefinition>>();
const EMPTY_INDEX: ReadonlyMap<string, ContextKindDefinition> = new Map();

/**
 * The definitions of a list by kind (the last one of a kind wins). Throws a `TypeError` for
 * something that is not a list of definitions.
 * @internal
 */
export function kindIndex(definitions: readonly ContextKindDefinition[] | undefined): ReadonlyMap<string, ContextKindDefinition> {
  if (definitions === undefined) return EMPTY_INDEX;
  let index = indexes.get(definitions);
  if (index) return index;
  if (!Array.isArray(definitions)) throw new TypeError(`kinds: expected an array of defineContextKind results, got ${String(definitions)}`);
  const byKind = new Map<string, ContextKindDefinition>();
  for (const definition of definitions) {
    if (!isContextKindDefinition(definition)) throw new TypeError(`kinds: expected defineContextKind results, got ${String(definition)}`);
    byKind.set(definition.kind, definition);
  }
  indexes.set(definitions, (index = byKind));
  return index;
}
