// JSON from untrusted bytes: the nesting is measured on the bytes as they arrive, before any
// decoding or parsing, so that `[[[[…` a megabyte deep is refused at its 65th byte instead of
// being buffered, decoded, built and walked; a body found too deep is read to its end and
// dropped (docs/host.md, "Limits"), holding nothing.
import { concatBytes, streamBody } from "./body.js";
import { RequestError } from "./errors.js";
import type { HostLimits } from "./limits.js";

// The structural characters are ASCII, and UTF-8 never uses bytes under 0x80 inside a multi-byte
// character, so counting them in the bytes counts them in the text.
const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACKET = 0x5d; // ]
const OPEN_BRACE = 0x7b; // {
const CLOSE_BRACE = 0x7d; // }
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Follows the nesting of JSON bytes fed to it in any number of pieces, split anywhere. Brackets
 * inside strings do not count; the bytes need not be valid JSON (the parser judges that
 * afterwards). Once deeper than `max`, it stops looking.
 */
export class DepthGauge {
  readonly max: number;
  #depth = 0;
  #inString = false;
  #escaped = false;
  #tooDeep = false;

  constructor(max: number) {
    this.max = max;
  }

  /** Whether the bytes so far nest deeper than `max`. */
  get tooDeep(): boolean {
    return this.#tooDeep;
  }

  feed(bytes: Uint8Array): void {
    if (this.#tooDeep) return;
    let depth = this.#depth;
    let inString = this.#inString;
    let escaped = this.#escaped;
    for (let i = 0; i < bytes.length; i++) {
      const code = bytes[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (code === BACKSLASH) escaped = true;
        else if (code === QUOTE) inString = false;
      } else if (code === QUOTE) inString = true;
      else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
        if (++depth > this.max) {
          this.#tooDeep = true;
          return;
        }
      } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) depth--;
    }
    this.#depth = depth;
    this.#inString = inString;
    this.#escaped = escaped;
  }
}

/** The refusal of JSON nested deeper than `maxDepth`. */
export function tooDeep(maxDepth: number): RequestError {
  return new RequestError(400, "too-deep", `The JSON nests deeper than ${maxDepth} levels`);
}

/** Parses JSON text whose depth was checked (`DepthGauge`); not JSON is a 400 with the reason. */
export function parseCheckedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new RequestError(400, "invalid-json", `The body is not JSON: ${(error as Error).message}`);
  }
}

/** Parses untrusted JSON bytes; too deep or not JSON is a 400 with the reason. */
export function parseJsonBytes(bytes: Uint8Array, maxDepth: number): unknown {
  const gauge = new DepthGauge(maxDepth);
  gauge.feed(bytes);
  if (gauge.tooDeep) throw tooDeep(maxDepth);
  return parseCheckedJson(new TextDecoder().decode(bytes));
}

/**
 * A request's JSON body, at most `limit` bytes (413 past it, as `streamBody` says) and at most
 * `limits.jsonDepth` deep (400 `too-deep`, once the body has been read to its end and dropped).
 */
export async function readJsonBody(request: Request, limit: number, limits: Pick<HostLimits, "bodyIdleMs" | "bodyTotalMs" | "jsonDepth">): Promise<unknown> {
  const gauge = new DepthGauge(limits.jsonDepth);
  let chunks: Uint8Array[] = [];
  let kept = 0;
  await streamBody(request, limit, limits, (chunk) => {
    gauge.feed(chunk);
    if (gauge.tooDeep) chunks = [];
    else {
      chunks.push(chunk);
      kept += chunk.byteLength;
    }
  });
  if (gauge.tooDeep) throw tooDeep(limits.jsonDepth);
  return parseCheckedJson(new TextDecoder().decode(concatBytes(chunks, kept)));
}
