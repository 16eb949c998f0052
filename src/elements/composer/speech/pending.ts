// A queue that event callbacks push into and an async iteration pulls from: the bridge between
// the recognizer's and the recorder's events and the `AsyncIterable` a speech engine returns.

export class Pending<T> implements AsyncIterable<T> {
  readonly #items: T[] = [];
  #ended = false;
  #failure: { error: unknown } | null = null;
  #wake: (() => void) | null = null;

  push(item: T): void {
    this.#items.push(item);
    this.#notify();
  }

  /** No more items: the iteration ends once it has taken those pushed before. */
  end(): void {
    this.#ended = true;
    this.#notify();
  }

  /** The iteration throws `error` once it has taken the items pushed before. */
  fail(error: unknown): void {
    this.#failure ??= { error };
    this.end();
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for (;;) {
      if (this.#items.length > 0) {
        yield this.#items.shift()!;
        continue;
      }
      if (this.#failure) throw this.#failure.error;
      if (this.#ended) return;
      await new Promise<void>((resolve) => (this.#wake = resolve));
    }
  }
}
