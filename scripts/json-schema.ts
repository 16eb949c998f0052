// JSON Schema (draft 2020-12) of the v1 wire contract, converted from the valibot schemas of
// src/contract/ by @valibot/to-json-schema (docs/wire-format.md, "JSON Schema"). `npm run build`
// writes one self-contained file per message into dist/schema/, shipped as
// `t3-composer/schema/<name>.json`.
//
// The converter knows valibot's own schemas and actions. The contract adds a few of its own
// (docs/wire-format.md says why each exists); each is translated here, or, where JSON Schema cannot say
// it, left out with a `$comment` at the spot naming the rule the schema does not check. The
// conversion fails on anything else, so a new action in the contract cannot slip through unseen.
import { mkdirSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import {
  toJsonSchema,
  type JsonSchema,
  type OverrideActionContext,
  type OverrideSchemaContext,
} from "@valibot/to-json-schema";
import type { GenericSchema } from "valibot";
import {
  ClipboardFragmentSchema,
  ClipboardFragmentSourceSchema,
  ComposerContextRecordSchema,
  ElementContextRecordSchema,
  ElementDetailsSchema,
  ElementSourceLocationSchema,
  FileContextRecordSchema,
  ImageContextRecordSchema,
  KNOWN_CONTEXT_KINDS,
  MentionContextRecordSchema,
  MessageContextSchema,
  OutgoingMessageSchema,
  PreviewAnnotationContextRecordSchema,
  PullRequestMetadataSchema,
  ReviewCommentContextRecordSchema,
  SentMessageSchema,
  SkillContextRecordSchema,
  StyleChangeDetailSchema,
  TerminalContextRecordSchema,
  TranscriptAttachmentSchema,
  UnknownContextRecordSchema,
} from "../src/contract/index.js";
import { OpenKindSchema } from "../src/contract/unknown-record.js";

/** The shipped files: `dist/schema/<name>.json` for each root schema. */
export const SCHEMA_FILES = {
  record: { title: "ComposerContextRecord", schema: ComposerContextRecordSchema },
  "message-context": { title: "MessageContext", schema: MessageContextSchema },
  "outgoing-message": { title: "OutgoingMessage", schema: OutgoingMessageSchema },
  "sent-message": { title: "SentMessage", schema: SentMessageSchema },
  "clipboard-fragment": { title: "ClipboardFragment", schema: ClipboardFragmentSchema },
} as const;
export type SchemaFileName = keyof typeof SCHEMA_FILES;

/** Named `$defs`: every schema used in more than one place, and every record kind. */
const DEFINITIONS: Record<string, GenericSchema> = {
  ComposerContextRecord: ComposerContextRecordSchema,
  ImageContextRecord: ImageContextRecordSchema,
  FileContextRecord: FileContextRecordSchema,
  TerminalContextRecord: TerminalContextRecordSchema,
  ElementContextRecord: ElementContextRecordSchema,
  PreviewAnnotationContextRecord: PreviewAnnotationContextRecordSchema,
  ReviewCommentContextRecord: ReviewCommentContextRecordSchema,
  MentionContextRecord: MentionContextRecordSchema,
  SkillContextRecord: SkillContextRecordSchema,
  UnknownContextRecord: UnknownContextRecordSchema,
  ElementDetails: ElementDetailsSchema,
  ElementSourceLocation: ElementSourceLocationSchema,
  StyleChangeDetail: StyleChangeDetailSchema,
  PullRequestMetadata: PullRequestMetadataSchema,
  MessageContext: MessageContextSchema,
  TranscriptAttachment: TranscriptAttachmentSchema,
  ClipboardFragmentSource: ClipboardFragmentSourceSchema,
};

/** The known kinds in the order `ComposerContextRecordSchema` dispatches them, then the open form. */
const RECORD_MEMBERS = [
  "ImageContextRecord",
  "FileContextRecord",
  "TerminalContextRecord",
  "ElementContextRecord",
  "PreviewAnnotationContextRecord",
  "ReviewCommentContextRecord",
  "MentionContextRecord",
  "SkillContextRecord",
  "UnknownContextRecord",
];

/** What each rule JSON Schema cannot express says in the schema, where the rule applies. */
export const NOT_CHECKED = {
  ordered_range: "Not checked here: the end of the range must be at least its start (lineEnd >= lineStart, endIndex >= startIndex).",
  json_payload: "Not checked here: the compact JSON of payload must be at most 64,000 characters.",
  json_length: "Not checked here: the compact JSON of the records array must be at most 16,000,000 characters.",
  drop_undecodable: "Entries that are not a valid record (record.json) are dropped by a decoder, not refused: any entry is accepted here.",
  unique_ids: "Not checked here: two surviving records must not share a contextId (after trimming).",
} as const;

const ref = (id: string): JsonSchema => ({ $ref: `#/$defs/${id}` });

/** Where a trimmed string's patterns collect until `finish` folds them into the schema. */
const TRIMMED = "~trimmed";
type Marked = JsonSchema & { [TRIMMED]?: string[]; $comment?: string };

function withComment(jsonSchema: JsonSchema, comment: string): JsonSchema {
  const marked = jsonSchema as Marked;
  return { ...jsonSchema, $comment: marked.$comment ? `${marked.$comment} ${comment}` : comment };
}

/**
 * The body of an anchored pattern (`^…$`), with a case-insensitive flag spelled out in the
 * classes (JSON Schema patterns take no flags). Only the shapes the contract uses are accepted.
 */
function patternBody(pattern: RegExp): string {
  const match = /^\^(.*)\$$/.exec(pattern.source);
  if (!match || !/^i?$/.test(pattern.flags)) throw new Error(`json-schema: cannot translate the pattern ${pattern}`);
  return pattern.flags === "i" ? match[1]!.replaceAll("a-z", "a-zA-Z") : match[1]!;
}

/**
 * A trimmed string is checked after `trim()`: JSON Schema sees the untrimmed value, so each
 * check becomes a pattern that allows whitespace around the checked part (`\s` is the set
 * ECMAScript's `trim` removes).
 */
function trimmedPattern(action: { type: string; requirement?: unknown }): string | undefined {
  switch (action.type) {
    case "non_empty":
      return "\\S";
    case "max_length": {
      const max = action.requirement as number;
      // After trimming, the rest starts and ends with a non-space and has at most `max` characters.
      return `^\\s*(?:\\S(?:[\\s\\S]{0,${max - 2}}\\S)?)?\\s*$`;
    }
    case "regex":
      return `^\\s*(?:${patternBody(action.requirement as RegExp)})\\s*$`;
    default:
      return undefined;
  }
}

function overrideAction({ valibotAction, jsonSchema }: OverrideActionContext): JsonSchema | undefined {
  const marked = jsonSchema as Marked;
  if (valibotAction.type === "trim") return { ...jsonSchema, [TRIMMED]: [] } as JsonSchema;
  if (marked[TRIMMED]) {
    const pattern = trimmedPattern(valibotAction);
    if (pattern !== undefined) {
      // Drop what the converter derived from the untrimmed value; the pattern says it exactly.
      const { maxLength: _maxLength, pattern: _pattern, ...rest } = marked;
      return { ...rest, [TRIMMED]: [...marked[TRIMMED], pattern] } as JsonSchema;
    }
  }
  if (valibotAction === OpenKindSchema.pipe[3]) {
    // "Not one of the eight known kinds", compared after trimming.
    return { ...jsonSchema, not: { pattern: `^\\s*(?:${KNOWN_CONTEXT_KINDS.join("|")})\\s*$` } };
  }
  switch (valibotAction.type) {
    case "ordered_range":
      return withComment(jsonSchema, NOT_CHECKED.ordered_range);
    case "json_payload":
      return withComment(jsonSchema, NOT_CHECKED.json_payload);
    case "check":
      return withComment(jsonSchema, NOT_CHECKED.json_length);
    case "drop_undecodable":
      return withComment(jsonSchema, NOT_CHECKED.drop_undecodable);
    case "raw_check":
      return withComment(jsonSchema, NOT_CHECKED.unique_ids);
    default:
      return undefined;
  }
}

function overrideSchema({ valibotSchema, referenceMap }: OverrideSchemaContext): JsonSchema | undefined {
  if (valibotSchema === ComposerContextRecordSchema) {
    // A lazy schema that dispatches on `kind`; its members exclude each other (src/contract/record.ts).
    return { anyOf: RECORD_MEMBERS.map(ref) };
  }
  if (valibotSchema.type === "bounded_array") {
    const { item, requirement } = valibotSchema as unknown as { item: GenericSchema; requirement: number };
    const id = referenceMap.get(item);
    if (item.type !== "unknown" && id === undefined && item.type !== "string") {
      throw new Error(`json-schema: name the item schema of a bounded array in DEFINITIONS (${item.type})`);
    }
    const items = id !== undefined ? ref(id) : item.type === "string" ? stringItems(item) : {};
    return { type: "array", items, maxItems: requirement };
  }
  return undefined;
}

/** A bounded string item (the only inline item kind the contract uses): its length bound. */
function stringItems(item: GenericSchema): JsonSchema {
  const pipe = (item as unknown as { pipe?: { type: string; requirement?: unknown }[] }).pipe ?? [];
  const max = pipe.find((action) => action.type === "max_length")?.requirement as number | undefined;
  return max === undefined ? { type: "string" } : { type: "string", maxLength: max };
}

/** Folds the trimmed-string markers into `pattern` / `allOf`, and keeps only the `$defs` reached. */
function finish(root: JsonSchema): JsonSchema {
  const reached = new Set<string>();
  const defs = (root.$defs ?? {}) as Record<string, JsonSchema>;
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== "object") return node;
    const { [TRIMMED]: patterns, ...rest } = node as Marked;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(rest)) out[key] = key === "$defs" ? value : visit(value);
    if (typeof out.$ref === "string") {
      const id = out.$ref.slice("#/$defs/".length);
      if (!reached.has(id)) {
        reached.add(id);
        defs[id] = visit(defs[id]) as JsonSchema;
      }
    }
    if (patterns && patterns.length === 1) out.pattern = patterns[0];
    else if (patterns && patterns.length > 1) out.allOf = patterns.map((pattern) => ({ pattern }));
    return out;
  };
  const { $defs: _defs, ...top } = visit(root) as JsonSchema;
  const kept: Record<string, JsonSchema> = {};
  for (const id of Object.keys(defs).sort()) if (reached.has(id)) kept[id] = defs[id]!;
  return Object.keys(kept).length ? { ...top, $defs: kept } : top;
}

/** One file's JSON Schema. */
export function contractJsonSchema(name: SchemaFileName): JsonSchema {
  const { title, schema } = SCHEMA_FILES[name];
  // The root is written in place, not as a `$ref` to itself.
  const definitions = Object.fromEntries(Object.entries(DEFINITIONS).filter(([, value]) => value !== schema));
  const converted = toJsonSchema(schema, { target: "draft-2020-12", definitions, overrideAction, overrideSchema });
  const { $schema, ...body } = finish(converted);
  return {
    $schema,
    title,
    description: `The v1 ${title} of t3-composer's wire contract (docs/wire-format.md). Generated from the valibot schemas; $comment notes what a decoder checks beyond it.`,
    ...body,
  };
}

/** Writes every file into `dir`. */
export function writeContractJsonSchemas(dir: URL): void {
  mkdirSync(dir, { recursive: true });
  for (const name of Object.keys(SCHEMA_FILES) as SchemaFileName[]) {
    writeFileSync(new URL(`${name}.json`, dir), JSON.stringify(contractJsonSchema(name), null, 2) + "\n");
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  writeContractJsonSchemas(new URL("../dist/schema/", import.meta.url));
}
