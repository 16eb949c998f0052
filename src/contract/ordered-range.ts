// The range rule of `terminal` and `review-comment` records (docs/wire-format.md, "Records"): a
// range's end is at least its start. One small action of our own instead of valibot's
// `forward(partialCheck(...))`, which would bring the partial-typing walk and the path forwarding
// into every bundle of the codec for these two uses (docs/performance.md, "The codec's entries").
import { _addIssue, type BaseIssue, type BaseValidation, type IssuePathItem } from "valibot";

/** The issue of a range whose end is before its start. */
export interface OrderedRangeIssue extends BaseIssue<unknown> {
  readonly kind: "validation";
  readonly type: "ordered_range";
}

/** The validation `orderedRange(start, end, message)` returns. */
export interface OrderedRangeAction<TInput extends object> extends BaseValidation<TInput, TInput, OrderedRangeIssue> {
  readonly type: "ordered_range";
  readonly reference: typeof orderedRange;
  /** The start's key and the end's. */
  readonly requirement: readonly [string, string];
  readonly message: string;
}

/**
 * Fails unless `value[end] >= value[start]`, with `message` at the path `end`. As valibot's
 * `partialCheck` does, it runs when the object is typed (even with a failed validation inside) or
 * when no issue names either field, so the issues name every field at fault; it does not run when
 * a range field has the wrong type or the value is no object at all (an issue without a path):
 * that failure has its own issue.
 */
export function orderedRange<TInput extends Record<TKey, number>, const TKey extends string = string>(
  start: TKey,
  end: TKey,
  message: string,
): OrderedRangeAction<TInput> {
  return {
    kind: "validation",
    type: "ordered_range",
    reference: orderedRange,
    async: false,
    expects: null,
    requirement: [start, end],
    message,
    "~run"(dataset, config) {
      // A typed object may have issues (a failed validation, as `2.5` fails `safeInteger`): it runs then too.
      const untyped = !dataset.typed && dataset.issues?.some((issue) => {
        const key = issue.path?.[0]?.key;
        return key === undefined || key === start || key === end;
      });
      if (untyped) return dataset;
      // Typed, or no issue names either field: the object schema before this action decoded both.
      const value = dataset.value as Record<TKey, number>;
      if (value[end] >= value[start]) return dataset;
      const path: IssuePathItem[] = [{ type: "unknown", origin: "value", input: value, key: end, value: value[end] }];
      _addIssue(this, "input", dataset, config, { path: path as [IssuePathItem] });
      return dataset;
    },
  };
}
