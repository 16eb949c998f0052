// Pipe actions for record arrays that grow over time (docs/wire-format.md, "Message context"):
// a size check on the raw array, a decode that drops what this build cannot read, and the
// duplicate-id check that runs on the records that survived.
import {
  check,
  rawCheck,
  type ArrayPathItem,
  type BaseIssue,
  type BaseSchema,
  type BaseTransformation,
  type Config,
  type InferOutput,
  type ObjectPathItem,
  type SuccessDataset,
} from "valibot";
import { boundedJson, jsonFits } from "./json-bound.js";

/**
 * Fails unless the compact JSON of the array is at most `max` characters. Most arrays are told
 * from the bounds of their parts (`jsonFits`), without serializing them: only the length is
 * needed here, and serializing through `boundedJson`'s guard costs more than decoding the records.
 */
export function jsonLengthAtMost(max: number) {
  return check<unknown[], string>(
    (value) => jsonFits(value, max) ?? boundedJson(value, max) !== undefined,
    `The records must serialize to at most ${max} JSON characters`,
  );
}

/** The transformation `dropUndecodable(item)` returns. */
export interface DropUndecodableAction<TItem extends BaseSchema<unknown, unknown, BaseIssue<unknown>>>
  extends BaseTransformation<unknown[], InferOutput<TItem>[], never> {
  readonly type: "drop_undecodable";
  readonly reference: typeof dropUndecodable;
  readonly item: TItem;
}

// The items' issues are thrown away, so each item stops at its first one.
const ITEM_CONFIG: Config<BaseIssue<unknown>> = Object.freeze({ abortEarly: true, abortPipeEarly: true });

/**
 * Decodes every entry with `item` and silently drops the ones that fail, keeping the order of
 * the rest. An entry whose getter or Proxy trap throws counts as one that fails.
 */
export function dropUndecodable<TItem extends BaseSchema<unknown, unknown, BaseIssue<unknown>>>(
  item: TItem,
): DropUndecodableAction<TItem> {
  return {
    kind: "transformation",
    type: "drop_undecodable",
    reference: dropUndecodable,
    async: false,
    item,
    "~run"(dataset) {
      const entries = dataset.value;
      const kept: InferOutput<TItem>[] = [];
      for (let index = 0; index < entries.length; index++) {
        try {
          const decoded = this.item["~run"]({ value: entries[index] }, ITEM_CONFIG);
          if (!decoded.issues) kept.push(decoded.value as InferOutput<TItem>);
        } catch {
          // Unreadable input is undecodable input: dropped like any other.
        }
      }
      const output = dataset as unknown as SuccessDataset<InferOutput<TItem>[]>;
      output.value = kept;
      return output;
    },
  };
}

/**
 * Fails when two records share a `contextId`. Ids are compared as decoded, that is trimmed. The
 * issue points at the second record's `contextId`, indexed among the records that survived.
 */
export function uniqueContextIds<TRecord extends { contextId: string }>() {
  return rawCheck<TRecord[]>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const records = dataset.value;
    // Ids are untrusted strings: a Map, so `__proto__` is just another key.
    const firstIndex = new Map<string, number>();
    for (let index = 0; index < records.length; index++) {
      const record = records[index]!;
      const previous = firstIndex.get(record.contextId);
      if (previous === undefined) {
        firstIndex.set(record.contextId, index);
        continue;
      }
      const arrayItem: ArrayPathItem = { type: "array", origin: "value", input: records, key: index, value: record };
      const idItem: ObjectPathItem = {
        type: "object",
        origin: "value",
        input: record,
        key: "contextId",
        value: record.contextId,
      };
      addIssue({
        label: "contextId",
        input: record.contextId,
        expected: "a unique contextId",
        received: `"${record.contextId}"`,
        message: `Duplicate contextId "${record.contextId}" (first used by records.${previous})`,
        path: [arrayItem, idItem],
      });
    }
  });
}
