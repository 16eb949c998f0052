// A finger held on a chip (docs/accessibility.md, "Touch"): what a right-click is to a mouse. Both
// elements watch their chips with it. The browser's own answers to a long press are kept from
// the press this takes: its context menu (`contextmenu` is canceled), a text selection
// (`selectstart` is canceled), and the tap some touch emulations still send when the finger lifts
// (its compatibility mouse events and `click` are swallowed), so a long press never also
// activates what it pressed.
/**
 * How long a finger rests before the press counts as long, in ms: Android's long-press timeout
 * (`ViewConfiguration.getLongPressTimeout`), the time people are used to from their phones.
 */
export const LONG_PRESS_MS = 500;

/**
 * How long after the lift to wait for the mouse move that Chromium sends to where the finger was
 * (to update the hover state), in ms. A popover shown before that move is closed by it.
 */
const LIFT_SETTLE_MS = 150;

/** What a lifted finger's tap would run: swallowed after a long press (and a tap taken by `tap`). */
const TAP_EVENTS = ["mousedown", "mouseup", "click"] as const;

/**
 * How far the finger may drift, in CSS px, and still be pressing rather than scrolling: about
 * Android's touch slop (8 dp), plus the wobble of a resting finger.
 */
const TOUCH_SLOP_PX = 10;

export interface LongPressOptions {
  /** What a finger pressing at `event` holds (a chip), or `null`: there, a long press is the browser's. */
  target(event: PointerEvent): HTMLElement | null;
  /** The finger stayed on `target` for `LONG_PRESS_MS` or more, or the browser said it did. */
  press(target: HTMLElement): void;
  /**
   * A shorter touch on `target` (a tap), for an element whose own click handling ignores touch
   * (ProseMirror ignores the mouse events that follow a touch). Without it, the click does.
   */
  tap?(target: HTMLElement): void;
}

interface Pending {
  readonly target: HTMLElement;
  readonly pointerId: number;
  readonly x: number;
  readonly y: number;
  /** The time is up (or the browser's `contextmenu` came): the lift runs `press`. */
  long: boolean;
}

/**
 * Watches one root for long presses of a finger. The press runs when the finger lifts, as a
 * press-and-hold does on Windows, and once the browser is done with the lift: a popover shown
 * while the finger is down, or before the mouse move Chromium sends after the lift, is closed at
 * once by it.
 */
export class LongPress {
  readonly #options: LongPressOptions;
  #connection: AbortController | null = null;
  #pending: Pending | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /**
   * What is done with the mouse events and click of the lift until the next press starts:
   * after a long press they are swallowed and canceled; after a tap taken by `tap`, swallowed
   * (their default, such as focusing, stays).
   */
  #swallow: "none" | "tap" | "long" = "none";
  /** The target of a long press whose finger lifted, until `press` runs for it. */
  #lifted: HTMLElement | null = null;

  constructor(options: LongPressOptions) {
    this.#options = options;
  }

  /** Starts watching `root` (its listeners capture, so they run before the element's own). */
  connect(root: HTMLElement | ShadowRoot): void {
    this.disconnect();
    this.#connection = new AbortController();
    const options = { signal: this.#connection.signal, capture: true };
    const on = <K extends keyof HTMLElementEventMap>(type: K, listener: (event: HTMLElementEventMap[K]) => void) =>
      root.addEventListener(type, listener as EventListener, options);
    on("pointerdown", (event) => this.down(event));
    on("pointermove", (event) => this.#move(event));
    on("pointerup", (event) => this.#up(event));
    on("pointercancel", () => this.#cancel());
    // Just after the move has been handled (a task later), so that it cannot close what opens.
    on("mousemove", () => {
      if (this.#lifted) this.#later(0);
    });
    on("contextmenu", (event) => this.#contextMenu(event));
    on("selectstart", (event) => {
      if (this.#pending || this.#swallow === "long") event.preventDefault();
    });
    for (const type of TAP_EVENTS) on(type, (event) => this.#swallowTapEvent(event));
  }

  disconnect(): void {
    this.#connection?.abort();
    this.#connection = null;
    this.#cancel();
    this.#swallow = "none";
  }

  /**
   * A pointer went down: the start of a press when it is a finger on a target. The listener of
   * `connect` calls it; so does a watcher that connected this one during that very event (the
   * composer's, composer/chip-press.ts), which the new listener would not see.
   */
  down(event: PointerEvent): void {
    this.#cancel();
    this.#swallow = "none";
    if (event.pointerType !== "touch" || !event.isPrimary) return;
    const target = this.#options.target(event);
    if (!target) return;
    const pending: Pending = { target, pointerId: event.pointerId, x: event.clientX, y: event.clientY, long: false };
    this.#pending = pending;
    this.#timer = setTimeout(() => void (pending.long = true), LONG_PRESS_MS);
  }

  #move(event: PointerEvent): void {
    const pending = this.#pending;
    if (pending?.pointerId === event.pointerId && Math.hypot(event.clientX - pending.x, event.clientY - pending.y) > TOUCH_SLOP_PX) this.#cancel();
  }

  #up(event: PointerEvent): void {
    const pending = this.#pending;
    if (pending?.pointerId !== event.pointerId) return;
    this.#cancel();
    if (!pending.long) {
      if (!this.#options.tap) return;
      this.#swallow = "tap";
      this.#options.tap(pending.target);
      return;
    }
    this.#swallow = "long";
    this.#lifted = pending.target;
    this.#later(LIFT_SETTLE_MS);
  }

  /** Runs the press of the lifted finger in `ms`, unless a press starts first. */
  #later(ms: number): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      const target = this.#lifted;
      this.#cancel();
      if (target?.isConnected) this.#options.press(target);
    }, ms);
  }

  /** The browser's own sign of a long press (Android, ChromeOS): the press is long, its menu is not shown. */
  #contextMenu(event: MouseEvent): void {
    if (!this.#pending && this.#swallow !== "long") return;
    event.preventDefault();
    if (this.#pending) this.#pending.long = true;
  }

  #swallowTapEvent(event: MouseEvent): void {
    if (this.#swallow === "none") return;
    if (this.#swallow === "long") event.preventDefault();
    event.stopImmediatePropagation();
    if (event.type === "click") this.#swallow = "none";
  }

  #cancel(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#pending = null;
    this.#lifted = null;
  }
}
