// Looks strings up in a chain of tables and fills their placeholders, with the locale's plural
// rules (`Intl.PluralRules`) and number formats (`Intl.NumberFormat`).
import { englishStrings, type Message, type T3StringKey, type T3Strings } from "./strings.js";

/** Parameters of a template; numbers are written in the locale's digits and separators. */
export type MessageParams = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{(\w+)\}/g;
/** Binary multiples, as file managers show sizes. */
const SIZE_STEP = 1024;
const SIZE_KEYS = ["sizeBytes", "sizeKilobytes", "sizeMegabytes", "sizeGigabytes", "sizeTerabytes"] as const;
/** Below this many units a size shows one decimal (`1.5 KB`), from it none (`12 KB`). */
const SIZE_DECIMALS_BELOW = 10;

// Intl objects are costly to make and immutable: one per locale and options.
const formats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}\u0000${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

/** Looks strings up in a chain of tables (overrides, then the locale, then English) and formats them. */
export class Localizer {
  /** The canonical locale whose plural rules and number formats apply. */
  readonly locale: string;
  readonly #tables: ReadonlyArray<Partial<T3Strings>>;

  constructor(locale: string, tables: ReadonlyArray<Partial<T3Strings>>) {
    this.locale = locale;
    this.#tables = tables;
  }

  /** The message of `key` from the first table that has it. */
  message<K extends T3StringKey>(key: K): T3Strings[K] {
    for (const table of this.#tables) {
      const value = table[key];
      if (value !== undefined) return value as T3Strings[K];
    }
    return englishStrings[key];
  }

  /** The text of `key` with `params` filled in; a plural message takes the form of `params.count`. */
  text(key: T3StringKey, params: MessageParams = {}): string {
    return this.format(this.message(key), params);
  }

  /** Fills a message: an unknown placeholder stays as it is written. */
  format(message: Message, params: MessageParams = {}): string {
    const template = typeof message === "string" ? message : this.#pluralForm(message, Number(params.count ?? 0));
    return template.replace(PLACEHOLDER, (whole, name: string) => {
      const value = params[name];
      if (value === undefined) return whole;
      return typeof value === "number" ? this.number(value) : value;
    });
  }

  /** `1234.5` → `1,234.5` (en), `1 234,5` (fr). */
  number(value: number, options: Intl.NumberFormatOptions = {}): string {
    return numberFormat(this.locale, options).format(value);
  }

  /** A fraction (0–1) as a whole percentage: `0.42` → `42%` (en), `42 %` (fr). */
  percent(fraction: number): string {
    return numberFormat(this.locale, { style: "percent", maximumFractionDigits: 0 }).format(fraction);
  }

  /** `1536` → `1.5 KB`; the unit's words come from the table (`sizeKilobytes`…). */
  bytes(bytes: number): string {
    let value = bytes;
    let unit = 0;
    while (value >= SIZE_STEP && unit < SIZE_KEYS.length - 1) {
      value /= SIZE_STEP;
      unit++;
    }
    const digits = unit === 0 || value >= SIZE_DECIMALS_BELOW ? 0 : 1;
    const size = this.number(digits === 0 ? Math.round(value) : value, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    return this.text(SIZE_KEYS[unit]!, { size });
  }

  #pluralForm(message: Exclude<Message, string>, count: number): string {
    let rules = pluralRules.get(this.locale);
    if (!rules) pluralRules.set(this.locale, (rules = new Intl.PluralRules(this.locale)));
    return message[rules.select(count)] ?? message.other;
  }
}

/** The English strings and formats, for code that has no element to ask. @internal */
export const englishLocalizer = new Localizer("en", []);
