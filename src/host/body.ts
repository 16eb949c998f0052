// Reading a request body under limits, while it streams: never more than the limit is kept, a
// body that stops arriving (`bodyIdleMs`) or takes too long (`bodyTotalMs`) is refused with 408,
// and a body far over the limit is cut instead of read to its end.
import { RequestError, tooLarge } from "./errors.js";
import { DRAIN_FACTOR, type HostLimits } from "./limits.js";

/** What receives the accepted bytes of a body, chunk by chunk, in order. */
export type ChunkSink = (chunk: Uint8Array) => void | Promise<void>;

type BodyLimits = Pick<HostLimits, "bodyIdleMs" | "bodyTotalMs">;

/**
 * Streams `request`'s body to `sink`, refusing more than `limit` bytes with a 413. Past the limit
 * the rest is read and dropped, so that a client still sending hears the 413 rather than a reset,
 * up to `DRAIN_FACTOR` times the limit; then the body is cancelled (the connection is cut).
 * Returns the byte count.
 */
export async function streamBody(request: Request, limit: number, limits: BodyLimits, sink: ChunkSink): Promise<number> {
  if (!request.body) return 0;
  const reader = request.body.getReader();
  const deadline = Date.now() + limits.bodyTotalMs;
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await readWithin(reader, Math.min(limits.bodyIdleMs, deadline - Date.now()));
      if (done) break;
      size += value.byteLength;
      if (size > limit * DRAIN_FACTOR) throw tooLarge(limit);
      if (size <= limit) await sink(value);
    }
  } catch (error) {
    void reader.cancel().catch(() => {});
    throw error;
  }
  if (size > limit) throw tooLarge(limit);
  return size;
}

/** `chunks` joined into one array of `size` bytes. */
export function concatBytes(chunks: readonly Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** One read, or a 408 when nothing comes within `ms`. */
async function readWithin(reader: ReadableStreamDefaultReader<Uint8Array>, ms: number): Promise<ReadableStreamReadResult<Uint8Array>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RequestError(408, "timeout", "The body did not arrive in time")), Math.max(0, ms));
  });
  try {
    return await Promise.race([reader.read(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
