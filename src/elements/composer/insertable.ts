// The record types `insertContext` takes: a known kind's record, checked field by field against
// that kind, or a custom kind's record in v1's unknown-record form, whose `payload` is typed when
// the host names it in `CustomContextPayloads`. Types only: at run time the composer still checks
// every record it is given (JavaScript callers pass anything).
import type { ComposerContextRecord, ContextRecordBase, KnownContextKind, KnownContextRecord } from "../../contract/index.js";

/**
 * The payload of each custom kind a host defines, by kind. Empty here; a host adds its kinds
 * with declaration merging, and `insertContext` then checks their payloads:
 *
 * ```ts
 * declare module "t3-composer" {
 *   interface CustomContextPayloads { "jira-issue": { key: string; summary: string } }
 * }
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface CustomContextPayloads {}

/** A custom kind's record: v1's unknown-record form, with the payload `CustomContextPayloads` names (else `unknown`). */
export interface InsertableCustomRecord<K extends string = string> extends ContextRecordBase<K> {
  payload: K extends keyof CustomContextPayloads ? CustomContextPayloads[K] : unknown;
}

/**
 * What `insertContext` accepts for kind `K`: that known kind's record, or a custom kind's record.
 * A kind that is only known as `string` (a record of the wire's union type) takes any record.
 */
export type InsertableContextRecord<K extends string = string> = (string extends K
  ? ComposerContextRecord
  : K extends KnownContextKind
    ? Extract<KnownContextRecord, { kind: K }>
    : InsertableCustomRecord<K>) & {
  // The plain `kind: K` is what TypeScript infers K from (it cannot infer through the condition).
  kind: K;
};
