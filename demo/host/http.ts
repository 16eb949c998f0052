// Small HTTP helpers: JSON answers, the protocol's error shape, and a body reader with a limit.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Issue } from "../../src/codec/index.js";
import { DRAIN_FACTOR } from "./limits.js";

/** The protocol's error body: `{ error: { code, message, issues? } }`. */
export interface HostError {
  code: string;
  message: string;
  issues?: Issue[];
}

/** A refusal with its status; thrown inside a transaction it also rolls the transaction back. */
export class RequestError extends Error {
  readonly status: number;
  readonly error: HostError;

  constructor(status: number, code: string, message: string, issues?: Issue[]) {
    super(message);
    this.status = status;
    this.error = issues === undefined ? { code, message } : { code, message, issues };
  }
}

/** What a client hears about a fault of the host itself: nothing internal. The fault is logged. */
export function internalError(error: unknown): HostError {
  console.error(error);
  return { code: "internal", message: "Internal error" };
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
  });
  response.end(text);
}

export function sendError(response: ServerResponse, error: RequestError): void {
  sendJson(response, error.status, { error: error.error });
}

/** Whether the request says its body is JSON (`application/json`, any parameters). */
export function isJsonRequest(request: IncomingMessage): boolean {
  const type = request.headers["content-type"] ?? "";
  return type.split(";")[0]!.trim().toLowerCase() === "application/json";
}

/**
 * Reads the whole body, refusing more than `limit` bytes with a 413. A too-large body is still
 * read (and dropped) up to `DRAIN_FACTOR` times the limit, so that a client still sending gets
 * the 413 rather than a reset connection; beyond that the connection is cut.
 */
export async function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Leaving this loop early destroys the request, and with it the connection.
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit * DRAIN_FACTOR) throw tooLarge(limit);
    if (size <= limit) chunks.push(chunk);
  }
  if (size > limit) throw tooLarge(limit);
  return Buffer.concat(chunks);
}

export function tooLarge(limit: number): RequestError {
  return new RequestError(413, "too-large", `The body is larger than ${limit} bytes`);
}

/** Parses JSON; anything else is a 400 with the parser's reason. */
export function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString("utf8")) as unknown;
  } catch (error) {
    throw new RequestError(400, "invalid-json", `The body is not JSON: ${(error as Error).message}`);
  }
}
