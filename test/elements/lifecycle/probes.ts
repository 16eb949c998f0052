// Probes for what an element could leave behind after it is removed: EditorViews not destroyed
// or not collected, elements not collected, pending timers, object URLs not revoked, listeners
// left on the window or the document. Installed around the cycles of the lifecycle suite, they
// wrap the platform functions and ProseMirror's EditorView to count, and change nothing else.
import { EditorView } from "prosemirror-view";

type Listener = EventListenerOrEventListenerObject;

/** Timers set by the test runner's own client (it never clears its 20 s command timeouts). */
const RUNNER_FRAME = /__web-dev-server__|@web\/test-runner/;

/** Objects registered here are counted when the garbage collector has taken them. */
export class Collected {
  count = 0;
  readonly #registry = new FinalizationRegistry<void>(() => void this.count++);
  registered = 0;
  track(target: object): void {
    this.registered++;
    this.#registry.register(target, undefined);
  }
}

export class LeakProbes {
  /** EditorViews made, destroyed, and collected while installed. */
  readonly views = { created: 0, destroyed: 0, collected: new Collected() };
  /** Timers (setTimeout, requestIdleCallback) set while installed that neither ran nor were cleared, by kind and delay. */
  readonly timers = new Map<unknown, string>();
  /** Object URLs made while installed and not revoked. */
  readonly urls = new Set<string>();
  /** Listeners added to the window or the document while installed and not removed. */
  readonly listeners = new Map<string, number>();
  readonly #undo: (() => void)[] = [];

  install(): void {
    this.#patchViews();
    this.#patchTimers();
    this.#patchUrls();
    this.#patchListeners();
  }

  uninstall(): void {
    for (const undo of this.#undo.splice(0).reverse()) undo();
  }

  /** Replaces `owner[name]` with `make(original)` until `uninstall`. */
  #patch<T extends object, K extends keyof T>(owner: T, name: K, make: (original: T[K]) => T[K]): void {
    const original = owner[name];
    owner[name] = make(original);
    this.#undo.push(() => {
      owner[name] = original;
    });
  }

  #patchViews(): void {
    const seen = new WeakSet<EditorView>();
    const views = this.views;
    // `updatePluginViews` (internal, so not in the typings) is the last thing EditorView's
    // constructor does: its first call names a new view.
    const proto = EditorView.prototype as unknown as { updatePluginViews(this: EditorView, ...args: unknown[]): void };
    this.#patch(proto, "updatePluginViews", (original) =>
      function (this: EditorView, ...args: unknown[]) {
        if (!seen.has(this)) {
          seen.add(this);
          views.created++;
          views.collected.track(this);
        }
        return original.apply(this, args);
      },
    );
    this.#patch(EditorView.prototype, "destroy", (original) =>
      function (this: EditorView) {
        views.destroyed++;
        return original.call(this);
      },
    );
  }

  #patchTimers(): void {
    const timers = this.timers;
    this.#patch(window, "setTimeout", (original) =>
      ((callback: TimerHandler, ms?: number, ...args: unknown[]) => {
        const id: number = original(
          (...inner: unknown[]) => {
            timers.delete(id);
            if (typeof callback === "function") (callback as (...a: unknown[]) => void)(...inner);
          },
          ms,
          ...args,
        );
        if (!RUNNER_FRAME.test(new Error().stack ?? "")) timers.set(id, `setTimeout ${ms ?? 0} ms`);
        return id;
      }) as typeof setTimeout,
    );
    this.#patch(window, "clearTimeout", (original) => ((id?: number) => {
      timers.delete(id);
      original(id);
    }) as typeof clearTimeout);
    this.#patch(window, "requestIdleCallback", (original) => ((callback: IdleRequestCallback, options?: IdleRequestOptions) => {
      const id = original((deadline) => {
        timers.delete(`idle ${id}`);
        callback(deadline);
      }, options);
      timers.set(`idle ${id}`, `requestIdleCallback ${options?.timeout ?? "-"} ms`);
      return id;
    }) as typeof requestIdleCallback);
    this.#patch(window, "cancelIdleCallback", (original) => ((id: number) => {
      timers.delete(`idle ${id}`);
      original(id);
    }) as typeof cancelIdleCallback);
  }

  #patchUrls(): void {
    const urls = this.urls;
    this.#patch(URL, "createObjectURL", (original) => (object: Blob | MediaSource) => {
      const url = original(object);
      urls.add(url);
      return url;
    });
    this.#patch(URL, "revokeObjectURL", (original) => (url: string) => {
      urls.delete(url);
      original(url);
    });
  }

  #patchListeners(): void {
    const count = this.listeners;
    const keys = new WeakMap<EventTarget, Map<Listener, Set<string>>>();
    const name = (target: EventTarget, type: string, options?: boolean | EventListenerOptions) =>
      `${target === window ? "window" : "document"} ${type}${(typeof options === "boolean" ? options : options?.capture) ? " capture" : ""}`;
    const watched = (target: EventTarget) => target === window || target === document;
    const forget = (target: EventTarget, listener: Listener, key: string) => {
      const byListener = keys.get(target);
      const set = byListener?.get(listener);
      if (!set?.delete(key)) return;
      if (set.size === 0) byListener!.delete(listener); // the probe must not keep what it watches alive
      const left = (count.get(key) ?? 0) - 1;
      if (left === 0) count.delete(key);
      else count.set(key, left);
    };
    const proto = EventTarget.prototype;
    this.#patch(proto, "addEventListener", (original) =>
      function (this: EventTarget, type: string, listener: Listener | null, options?: boolean | AddEventListenerOptions) {
        original.call(this, type, listener, options);
        if (!listener || !watched(this) || (typeof options === "object" && options.once)) return;
        const key = name(this, type, options);
        let byListener = keys.get(this);
        if (!byListener) keys.set(this, (byListener = new Map()));
        let set = byListener.get(listener);
        if (!set) byListener.set(listener, (set = new Set()));
        if (set.has(key)) return;
        set.add(key);
        count.set(key, (count.get(key) ?? 0) + 1);
        const signal = typeof options === "object" ? options.signal : undefined;
        signal?.addEventListener("abort", () => forget(this, listener, key), { once: true });
      },
    );
    this.#patch(proto, "removeEventListener", (original) =>
      function (this: EventTarget, type: string, listener: Listener | null, options?: boolean | EventListenerOptions) {
        original.call(this, type, listener, options);
        if (listener && watched(this)) forget(this, listener, name(this, type, options));
      },
    );
  }
}
