// An array schema with a maximum length, checked before any item is read.
//
// `pipe(array(item), maxLength(max))` decodes every item first and only then counts them: a
// 1,000,000-entry `styleChanges` array would be fully decoded before failing, and a sparse array
// of length 2 ** 32 - 1 built in memory would be walked hole by hole until memory runs out.
// Counting first gives the same success or failure (an over-long array fails either way) at once.
import {
  _addIssue,
  _standardSchema,
  type ArrayPathItem,
  type BaseIssue,
  type BaseSchema,
  type InferInput,
  type InferIssue,
  type InferOutput,
  type IssuePathItem,
  type OutputDataset,
} from "valibot";

interface MutableDataset {
  typed: boolean;
  value: unknown;
  issues?: BaseIssue<unknown>[];
}
type MutableIssue = { path?: IssuePathItem[] };

/** The issue of a value that is not an array, or one with too many entries. */
export interface BoundedArrayIssue extends BaseIssue<unknown> {
  readonly kind: "schema";
  readonly type: "bounded_array";
  readonly expected: string;
}

/** The schema `boundedArray(item, max)` returns: valibot's array schema plus its bound. */
export interface BoundedArraySchema<TItem extends BaseSchema<unknown, unknown, BaseIssue<unknown>>>
  extends BaseSchema<InferInput<TItem>[], InferOutput<TItem>[], BoundedArrayIssue | InferIssue<TItem>> {
  readonly type: "bounded_array";
  readonly reference: typeof boundedArray;
  readonly expects: "Array";
  readonly item: TItem;
  /** The most entries the array may have. */
  readonly requirement: number;
}

/**
 * An array of at most `max` entries, each decoded with `item`. Like valibot's `array`, it
 * reports every failing item with its index in the path.
 */
export function boundedArray<TItem extends BaseSchema<unknown, unknown, BaseIssue<unknown>>>(
  item: TItem,
  max: number,
): BoundedArraySchema<TItem> {
  return _standardSchema({
    kind: "schema",
    type: "bounded_array",
    reference: boundedArray,
    expects: "Array",
    async: false,
    item,
    requirement: max,
    "~run"(dataset, config) {
      type Output = OutputDataset<InferOutput<TItem>[], BoundedArrayIssue | InferIssue<TItem>>;
      const input = dataset.value;
      if (!Array.isArray(input)) {
        _addIssue(this, "type", dataset, config);
        return dataset as unknown as Output;
      }
      if (input.length > this.requirement) {
        _addIssue(this, "length", dataset, config, {
          expected: `<=${this.requirement}`,
          received: `${input.length}`,
        });
        return dataset as unknown as Output;
      }
      // valibot's own schemas reuse the dataset object the same way; its types are read-only.
      const result = dataset as unknown as MutableDataset;
      const output: unknown[] = [];
      result.typed = true;
      result.value = output;
      for (let key = 0; key < input.length; key++) {
        const value: unknown = input[key];
        const itemDataset = this.item["~run"]({ value }, config);
        if (itemDataset.issues) {
          const pathItem: ArrayPathItem = { type: "array", origin: "value", input, key, value };
          for (const issue of itemDataset.issues as MutableIssue[]) {
            if (issue.path) issue.path.unshift(pathItem);
            else issue.path = [pathItem];
          }
          if (result.issues) result.issues.push(...itemDataset.issues);
          else result.issues = [...itemDataset.issues];
          if (config.abortEarly) {
            result.typed = false;
            break;
          }
        }
        if (!itemDataset.typed) result.typed = false;
        output.push(itemDataset.value);
      }
      return result as unknown as Output;
    },
  });
}
