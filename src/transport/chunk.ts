// A chunk of code fetched on demand by a dynamic import: the primitive that the network transports'
// implementation (network-chunk.ts) and the elements' chunks (src/elements/chunks.ts) share. It
// lives here, DOM-free, because the transport layer depends on the contract only and the elements
// may import from the transport layer, not the other way round.

/** A chunk, loaded once per page (again after a failure); `loaded` once it is in. */
export class Chunk<T> {
  readonly #load: () => Promise<T>;
  #loading: Promise<T> | undefined;
  loaded: T | undefined;

  constructor(load: () => Promise<T>) {
    this.#load = load;
  }

  get(): Promise<T> {
    this.#loading ??= this.#load().then(
      (module) => (this.loaded = module),
      (error: unknown) => {
        this.#loading = undefined;
        throw error;
      },
    );
    return this.#loading;
  }
}
