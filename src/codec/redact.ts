// The secret redactor (docs/secrets.md): finds credentials in captured text and writes each as
// `[redacted: <rule id>]`. Pure and linear in the text for linear rules (redact-rules.ts says
// how the built-in ones are shaped); never throws on the text, whatever it holds.
import { SECRET_RULES, type RedactionRule } from "./redact-rules.js";

/** One hidden span: the rule that found it and where it was in the text given (`end` exclusive). */
export interface RedactionHit {
  readonly rule: string;
  readonly start: number;
  readonly end: number;
}

/** The text with its secrets replaced, and what was replaced, in text order. */
export interface RedactionResult {
  readonly text: string;
  readonly hits: readonly RedactionHit[];
}

/** A rule id: what may stand in a marker. */
const RULE_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** The marker a hidden span becomes. */
export function redactionMarker(rule: string): string {
  return `[redacted: ${rule}]`;
}

/** Every rule's pattern, global and with match indices, made once per pattern. */
const scanners = new WeakMap<RegExp, RegExp>();

function scannerOf(pattern: RegExp): RegExp {
  let scanner = scanners.get(pattern);
  if (!scanner) {
    // Sticky would stop the scan at the first non-match; `g` and `d` are what the scan needs.
    const flags = [...new Set(pattern.flags.replace("y", "") + "gd")].join("");
    scanners.set(pattern, (scanner = new RegExp(pattern.source, flags)));
  }
  return scanner;
}

/**
 * Checks a rule list a caller gives (`composer.redactor`, `redactSecrets`): misuse throws a
 * TypeError naming the bad value. Returns the list, frozen.
 */
export function checkRedactionRules(rules: unknown, where: string): readonly RedactionRule[] {
  if (!Array.isArray(rules)) throw new TypeError(`${where}: rules must be an array, got ${String(rules)}`);
  for (const [index, rule] of rules.entries()) {
    const { id, pattern } = (rule ?? {}) as Partial<RedactionRule>;
    if (typeof id !== "string" || !RULE_ID.test(id)) {
      throw new TypeError(`${where}: rules[${index}].id must be lowercase letters, digits and "-" (at most 64), got ${JSON.stringify(id)}`);
    }
    if (!(pattern instanceof RegExp)) throw new TypeError(`${where}: rules[${index}].pattern must be a RegExp, got ${String(pattern)}`);
  }
  return Object.freeze([...(rules as RedactionRule[])]);
}

/**
 * What a host's redactor function returned, checked: `{ text: string, hits: array }`. Anything
 * else is the host's mistake and throws a TypeError naming it (never the text unredacted).
 * @internal
 */
export function checkRedactionResult(result: unknown): RedactionResult {
  const { text, hits } = (result ?? {}) as Partial<RedactionResult>;
  if (typeof text !== "string" || !Array.isArray(hits)) throw new TypeError(`redactor: must return { text: string, hits: array }, got ${String(result)}`);
  return result as RedactionResult;
}

/** The spans every rule finds: the first capture group when it took part, else the whole match. */
function findSpans(text: string, rules: readonly RedactionRule[]): RedactionHit[] {
  const spans: { hit: RedactionHit; order: number }[] = [];
  rules.forEach(({ id, pattern }, order) => {
    for (const match of text.matchAll(scannerOf(pattern))) {
      const [start, end] = match.indices?.[1] ?? match.indices![0]!;
      if (end > start) spans.push({ hit: { rule: id, start, end }, order });
    }
  });
  // Earlier spans first; at the same start, the rule that comes first in the list names it.
  spans.sort((a, b) => a.hit.start - b.hit.start || a.order - b.order);
  return spans.map((span) => span.hit);
}

/**
 * Hides the secrets `rules` find in `text` (default: the built-in `SECRET_RULES`). Each span
 * becomes `[redacted: <rule id>]`; spans that overlap become one, named by the earliest (so no
 * tail of a secret stays visible). `hits` give each span's place in `text` as it was given.
 * Running it again on its own output changes nothing for the built-in rules.
 */
export function redactSecrets(text: string, rules: readonly RedactionRule[] = SECRET_RULES): RedactionResult {
  if (typeof text !== "string") throw new TypeError(`redactSecrets: text must be a string, got ${typeof text}`);
  if (rules !== SECRET_RULES) checkRedactionRules(rules, "redactSecrets");
  const hits: RedactionHit[] = [];
  for (const span of findSpans(text, rules)) {
    const last = hits.at(-1);
    if (last && span.start < last.end) hits[hits.length - 1] = { ...last, end: Math.max(last.end, span.end) };
    else hits.push(span);
  }
  if (hits.length === 0) return { text, hits };
  let out = "";
  let at = 0;
  for (const hit of hits) {
    out += text.slice(at, hit.start) + redactionMarker(hit.rule);
    at = hit.end;
  }
  return { text: out + text.slice(at), hits };
}
