// The strings an element shows (docs/localization.md): its `strings` property, then the tables
// registered for its locale with `setStrings`, then English. The locale is the nearest `lang`
// attribute (the element's own, an ancestor's, across shadow roots), else the document's.
import type { ReactiveController, ReactiveControllerHost } from "lit";
import { checkStringTable, localizerFor, onStringsChange, type T3StringTable } from "../l10n/catalog.js";
import type { Localizer } from "../l10n/localizer.js";

/** The nearest `lang`, crossing shadow boundaries; `null` when no ancestor has one. */
export function localeOf(element: Element): string | null {
  let node: Node | null = element;
  while (node) {
    if (node instanceof Element) {
      const lang = node.getAttribute("lang");
      if (lang) return lang;
    }
    node = node.parentNode ?? (node instanceof ShadowRoot ? node.host : null);
  }
  return null;
}

export class StringsController implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #changed: () => void;
  #overrides: T3StringTable | undefined;
  #localizer: Localizer | null = null;
  #unsubscribe: (() => void) | null = null;
  #observer: MutationObserver | null = null;

  /** `changed` runs when the strings changed after the first lookup (redraw what they drew). */
  constructor(host: ReactiveControllerHost & HTMLElement, changed: () => void) {
    this.#host = host;
    this.#changed = changed;
    host.addController(this);
  }

  /** The element's own overrides. */
  get overrides(): T3StringTable | undefined {
    return this.#overrides;
  }

  /** Throws a TypeError for an unknown key or a value of the wrong type. */
  set overrides(table: T3StringTable | undefined) {
    this.#overrides = table === undefined || table === null ? undefined : checkStringTable(table, "strings");
    this.#invalidate();
  }

  /** The current strings, looked up once per change. */
  get localizer(): Localizer {
    return (this.#localizer ??= localizerFor(localeOf(this.#host), this.#overrides));
  }

  hostConnected(): void {
    this.#unsubscribe = onStringsChange(() => this.#invalidate());
    this.#observer = new MutationObserver(() => this.#relocate());
    this.#observer.observe(this.#host, { attributes: true, attributeFilter: ["lang"] });
    this.#observer.observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
    this.#relocate(); // moved under another `lang` while disconnected
  }

  hostDisconnected(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#observer?.disconnect();
    this.#observer = null;
  }

  #relocate(): void {
    if (this.#localizer && this.#localizer.locale !== localizerFor(localeOf(this.#host)).locale) this.#invalidate();
  }

  #invalidate(): void {
    const had = this.#localizer !== null;
    this.#localizer = null;
    if (had) this.#changed();
    this.#host.requestUpdate();
  }
}
