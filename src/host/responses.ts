// Answers as WHATWG `Response`s: JSON with the protocol's headers, and errors in its shape.
import { RequestError, internalError } from "./errors.js";

const NO_STORE = "no-store";

/** A JSON answer that no cache keeps. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": NO_STORE, ...headers },
  });
}

/** The answer to anything a handler threw: its refusal, or a 500 that says nothing internal. */
export function errorResponse(error: unknown): Response {
  if (error instanceof RequestError) return jsonResponse(error.status, { error: error.error }, error.headers);
  return jsonResponse(500, { error: internalError(error) });
}

/** Plain text that no cache keeps. */
export function textResponse(status: number, text: string): Response {
  return new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": NO_STORE } });
}
