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
 * TypeError naming the bad value.
 * @internal
 */
export function checkRedactionRules(rules: unknown, where: string): readonly RedactionRule[] {
  if (!Array.isArray(rules)) throw new TypeError(`${where}: rules must be an array, got ${String(rules)}`);
  rules.forEach((rule: Partial<RedactionRule> | null, index) => {
    const bad = !RULE_ID.test(String(rule?.id)) ? `id ${JSON.stringify(rule?.id)}` : !(rule?.pattern instanceof RegExp) ? `pattern ${String(rule?.pattern)}` : "";
    if (bad) throw new TypeError(`${where}: rules[${index}] has a bad ${bad} (an id is a-z, 0-9 and -; a pattern a RegExp)`);
  });
  return rules as RedactionRule[];
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

/**
 * Hides the secrets `rules` find in `text` (default: the built-in `SECRET_RULES`). Each span
 * becomes `[redacted: <rule id>]`; spans that overlap become one, named by the earliest (so no
 * tail of a secret stays visible), at the same start by the rule listed first. `hits` give each
 * span's place in `text` as it was given. Running it again on its own output changes nothing
 * for the built-in rules.
 */
export function redactSecrets(text: string, rules: readonly RedactionRule[] = SECRET_RULES): RedactionResult {
  if (typeof text !== "string") throw new TypeError(`redactSecrets: text must be a string, got ${typeof text}`);
  const spans: RedactionHit[] = [];
  for (const { id, pattern } of checkRedactionRules(rules, "redactSecrets")) {
    for (const match of text.matchAll(scannerOf(pattern))) {
      // The first capture group when it took part, else the whole match.
      const [start, end] = match.indices![1] ?? match.indices![0]!;
      if (end > start) spans.push({ rule: id, start, end });
    }
  }
  // A stable sort: at the same start, the rule that comes first in the list stays first.
  spans.sort((a, b) => a.start - b.start);
  const hits: RedactionHit[] = [];
  let out = "";
  for (const span of spans) {
    const last = hits.at(-1);
    if (last && span.start < last.end) hits[hits.length - 1] = { ...last, end: Math.max(last.end, span.end) };
    else hits.push(span);
  }
  let at = 0;
  for (const hit of hits) {
    out += text.slice(at, hit.start) + `[redacted: ${hit.rule}]`;
    at = hit.end;
  }
  return { text: out + text.slice(at), hits };
}
