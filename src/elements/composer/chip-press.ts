// A finger on a chip in the editor (docs/accessibility.md, "Touch"): a long press opens the chip's
// menu, a tap activates the chip. What does it is in the rest chunk (rest/chip-press.ts, with
// the gesture's rules: long-press.ts), connected as soon as the chunk is in. A finger that comes
// before the chunk is watched here, from its first touch: the browser's menu, its text selection
// and the tap it would send are kept from the press as long-press.ts keeps them, the chunk is
// asked for at once, and the menu or the activation follows once the chunk is in.
import type { ReactiveController } from "lit";
import { LIFT_SETTLE_MS, LONG_PRESS_MS, TAP_EVENTS } from "../long-press-timing.js";
import type { LongPress } from "../long-press.js";
import type { Composer } from "./composer.js";
import type { ComposerRest } from "./rest.js";

/** The menu's class (chip-menu.ts's `MENU`: importing it would bring the menu into the first load). */
const MENU = "chip-menu";

/** The chip of `composer`'s editor that a pointer pressing at `event` holds, or `null`. */
export function pressedChip(composer: Composer, event: Event): HTMLElement | null {
  const chip = (event.target as Element | null)?.closest?.(".t3-chip");
  return chip instanceof HTMLElement && composer.mount.contains(chip) ? chip : null;
}

/** A finger on a chip before the chunk was in, from its `pointerdown` to the `click` after its lift. */
interface EarlyTouch {
  readonly target: HTMLElement;
  readonly pointerId: number;
  /** The `pointerdown`'s `timeStamp`. */
  readonly start: number;
  /** The press is long: the time was up at the lift, or the browser said so (its `contextmenu`). */
  long: boolean;
  lifted: boolean;
}

/** Watches the editor for a finger held on a chip, or tapping one, while the element is connected. */
export class ChipPress implements ReactiveController {
  readonly #composer: Composer;
  /** The chunk's watcher, once connected. */
  #press: LongPress | null = null;
  /** The listeners that watch before the chunk is in. */
  #early: AbortController | null = null;
  #touch: EarlyTouch | null = null;

  constructor(composer: Composer) {
    this.#composer = composer;
  }

  hostConnected(): void {
    const loaded = this.#composer.rest.loaded;
    if (loaded) this.#connect(loaded);
    else this.#watch();
  }

  hostDisconnected(): void {
    this.#press?.disconnect();
    this.#press = null;
    this.#early?.abort();
    this.#early = null;
    this.#touch = null;
    this.#composer.host.shadowRoot?.querySelector(`.${MENU}`)?.remove();
  }

  /** Hands over to the chunk's watcher; `event` is a `pointerdown` it must take as its own. */
  #connect(loaded: ComposerRest, event?: PointerEvent): void {
    this.#early?.abort();
    this.#early = null;
    this.#press = loaded.chipLongPress(this.#composer);
    this.#press.connect(this.#composer.mount);
    if (event) this.#press.down(event);
  }

  // The rules of long-press.ts, in short: the browser's menu and text selection are kept from the
  // press, and the lift's mouse events and click are swallowed (canceled after a long press).
  #watch(): void {
    this.#early = new AbortController();
    const options = { signal: this.#early.signal, capture: true };
    const on = <K extends keyof HTMLElementEventMap>(type: K, listener: (event: HTMLElementEventMap[K], touch: EarlyTouch) => void) =>
      this.#composer.mount.addEventListener(type, (event) => this.#touch && listener(event as HTMLElementEventMap[K], this.#touch), options);
    this.#composer.mount.addEventListener("pointerdown", (event) => this.#down(event), options);
    on("pointerup", (event, touch) => this.#up(event, touch));
    on("pointercancel", () => void (this.#touch = null));
    on("contextmenu", (event, touch) => {
      event.preventDefault();
      touch.long = true;
    });
    on("selectstart", (event) => event.preventDefault());
    for (const type of TAP_EVENTS) {
      on(type, (event, touch) => {
        if (!touch.lifted) return;
        if (touch.long) event.preventDefault();
        event.stopImmediatePropagation();
        if (type === "click") this.#touch = null;
      });
    }
  }

  #down(event: PointerEvent): void {
    this.#touch = null;
    // The chunk came meanwhile (its idle fetch, or another use): its watcher takes over from here.
    const loaded = this.#composer.rest.loaded;
    if (loaded) {
      this.#connect(loaded, event);
      return;
    }
    const target = event.pointerType === "touch" && event.isPrimary ? pressedChip(this.#composer, event) : null;
    if (!target) return;
    this.#touch = { target, pointerId: event.pointerId, start: event.timeStamp, long: false, lifted: false };
    void this.#composer.rest.run(() => undefined); // asked for now, so that the lift waits the least
  }

  #up(event: PointerEvent, touch: EarlyTouch): void {
    if (touch.lifted || touch.pointerId !== event.pointerId) return;
    touch.lifted = true;
    const long = (touch.long ||= event.timeStamp - touch.start >= LONG_PRESS_MS);
    const { target } = touch;
    const composer = this.#composer;
    const act = () => void composer.rest.run((rest) => target.isConnected && (long ? rest.openChipMenu : rest.tapChip)(composer, target));
    // A menu waits until the browser is done with the lift, as long-press.ts says.
    if (long) setTimeout(act, LIFT_SETTLE_MS);
    else act();
  }
}
