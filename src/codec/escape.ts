// The two escapes of the provider envelope (docs/wire-format.md, "Provider projection"); the legacy serializer reuses the
// attribute escape for `<review_comment …>` (docs/wire-format.md, "Legacy text").

// A `<` that could open or close either tag. `\b` and `i` without `u` make this ASCII-only,
// as in the reference: `<contextual>` and `<t3_contextx>` stay, `</CONTEXT >` does not.
const ENVELOPE_TAG_START = /<(?=\/?(?:t3_)?context\b)/gi;
const LESS_THAN_ENTITY = "&lt;";

/**
 * Makes captured text safe inside the envelope: every `<` that starts a `context` or
 * `t3_context` tag becomes `&lt;`, so terminal output or a review comment can never close the
 * envelope or forge an entry. Nothing else changes (`>`, `&` and JSON stay as they are).
 * @internal
 */
export function escapeEnvelopeTags(text: string): string {
  // Most bodies have no `<` at all; skipping the regex keeps projection close to a bare scan.
  return text.includes("<") ? text.replace(ENVELOPE_TAG_START, LESS_THAN_ENTITY) : text;
}

const ATTRIBUTE_SPECIAL = /[&"<>]/g;
// Testing first spares the replace, and its allocation, for the usual value with nothing to escape.
const ATTRIBUTE_SPECIAL_ANY = /[&"<>]/;
const ATTRIBUTE_ENTITIES: Record<string, string> = { "&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;" };

/**
 * Escapes `&`, `"`, `<` and `>` in an attribute value. Link kinds and ids cannot hold any of
 * them; a record passed without validation can.
 * @internal
 */
export function escapeAttribute(value: string): string {
  return ATTRIBUTE_SPECIAL_ANY.test(value) ? value.replace(ATTRIBUTE_SPECIAL, (char) => ATTRIBUTE_ENTITIES[char]!) : value;
}
