// The global string tables by locale (`setStrings`), and the lookup an element makes: its own
// overrides, then the table of its locale, of the locale's language, then English
// (docs/localization.md). Pure: no DOM; the elements find their locale themselves.
import { Localizer } from "./localizer.js";
import { englishStrings, STRING_KEYS, type Message, type T3StringKey, type T3Strings } from "./strings.js";

/** Part of a table: the keys it leaves out come from the next table in the lookup. */
export type T3StringTable = Partial<T3Strings>;

const DEFAULT_LOCALE = "en";
const KNOWN_KEYS = new Set<string>(STRING_KEYS);
const PLURAL_CATEGORIES = new Set<string>(["zero", "one", "two", "few", "many", "other"]);

/** Tables by canonical, lower-cased locale; a Map because locales are host input. */
const tables = new Map<string, T3StringTable>();
const listeners = new Set<() => void>();

function isMessage(value: unknown, plural: boolean): value is Message {
  if (typeof value === "string") return true;
  if (!plural || value === null || typeof value !== "object") return false;
  const entries = Object.entries(value);
  return typeof (value as { other?: unknown }).other === "string" && entries.every(([category, text]) => PLURAL_CATEGORIES.has(category) && typeof text === "string");
}

/**
 * Checks a table a host wrote and returns a frozen copy; throws a TypeError naming the first
 * unknown key or the first value that is not a template (or, for a plural key, a plural message).
 */
export function checkStringTable(table: unknown, where: string): T3StringTable {
  if (table === null || typeof table !== "object" || Array.isArray(table)) throw new TypeError(`${where}: expected a string table, got ${String(table)}`);
  const copy: Record<string, Message> = Object.create(null);
  for (const [key, value] of Object.entries(table)) {
    if (!KNOWN_KEYS.has(key)) throw new TypeError(`${where}: unknown string key ${JSON.stringify(key)}`);
    const plural = typeof englishStrings[key as T3StringKey] === "object";
    if (!isMessage(value, plural)) throw new TypeError(`${where}: ${JSON.stringify(key)} must be ${plural ? "a string or a plural message with \"other\"" : "a string"}, got ${JSON.stringify(value)}`);
    copy[key] = value;
  }
  return Object.freeze(copy) as T3StringTable;
}

/** The canonical form of `locale`, or `null` when it is not a BCP 47 tag. */
export function canonicalLocale(locale: string): string | null {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * Registers the strings of `locale` for every element on the page (merged over what was
 * registered for it before); `null` removes them. `setStrings("en", …)` changes the English
 * defaults. Elements showing that locale redraw. Throws a RangeError for a locale that is not a
 * BCP 47 tag and a TypeError for an unknown key or a value of the wrong type.
 */
export function setStrings(locale: string, table: T3StringTable | null): void {
  const canonical = typeof locale === "string" ? canonicalLocale(locale) : null;
  if (!canonical) throw new RangeError(`setStrings: ${JSON.stringify(locale)} is not a BCP 47 locale`);
  const key = canonical.toLowerCase();
  if (table === null) tables.delete(key);
  else tables.set(key, { ...tables.get(key), ...checkStringTable(table, "setStrings") });
  for (const listener of [...listeners]) listener();
}

/** Calls `listener` after every `setStrings`; returns the unsubscribe function. @internal */
export function onStringsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** `fr-CA` → `["fr-ca", "fr"]`; the English table always comes last. */
function lookupChain(locale: string): T3StringTable[] {
  const chain: T3StringTable[] = [];
  const parts = locale.toLowerCase().split("-");
  for (let length = parts.length; length > 0; length--) {
    const table = tables.get(parts.slice(0, length).join("-"));
    if (table) chain.push(table);
  }
  const english = tables.get(DEFAULT_LOCALE);
  if (english && !locale.toLowerCase().startsWith(DEFAULT_LOCALE)) chain.push(english);
  return chain;
}

/**
 * The strings an element shows: `overrides` (its `strings` property), then the tables of
 * `locale`, then English. An invalid or empty `locale` (an attribute's value) means English.
 * @internal
 */
export function localizerFor(locale: string | null | undefined, overrides?: T3StringTable): Localizer {
  const canonical = (locale && canonicalLocale(locale)) || DEFAULT_LOCALE;
  const chain = lookupChain(canonical);
  return new Localizer(canonical, overrides ? [overrides, ...chain] : chain);
}
