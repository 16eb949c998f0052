// JSON from untrusted bytes: the nesting is measured before the parser sees the text, so that
// `[[[[…` a megabyte deep is refused in one linear scan instead of being built and walked.
import { RequestError } from "./errors.js";

const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACKET = 0x5d; // ]
const OPEN_BRACE = 0x7b; // {
const CLOSE_BRACE = 0x7d; // }
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Whether `text` nests arrays and objects at most `max` deep. Brackets inside strings do not
 * count; the text need not be valid JSON (the parser judges that afterwards).
 */
export function withinDepth(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      if (++depth > max) return false;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) depth--;
  }
  return true;
}

/** Parses untrusted JSON text; too deep or not JSON is a 400 with the reason. */
export function parseJsonText(text: string, maxDepth: number): unknown {
  if (!withinDepth(text, maxDepth)) throw new RequestError(400, "too-deep", `The JSON nests deeper than ${maxDepth} levels`);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new RequestError(400, "invalid-json", `The body is not JSON: ${(error as Error).message}`);
  }
}
