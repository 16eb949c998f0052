// Attachments: an upload is streamed to disk under the data folder and recorded as *pending*; a
// message that references it persists it (messages.ts). Bytes are served back by either id.
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { once } from "node:events";
import type { Db } from "./db.js";
import { RequestError, sendJson, tooLarge } from "./http.js";
import { ID_PREFIX, mintId } from "./ids.js";
import { DRAIN_FACTOR, FILE_NAME_MAX, SNIFF_BYTES, type HostLimits } from "./limits.js";
import { sniffMimeType } from "./sniff.js";

/** The folder of attachment bytes inside the data folder. */
export const ATTACHMENTS_DIR = "attachments";
/** The header that carries the file name, percent-encoded UTF-8 (header values cannot hold most of Unicode). */
const FILE_NAME_HEADER = "x-file-name";
/** The name of an upload that came without one. */
const DEFAULT_FILE_NAME = "attachment";
/** Bytes of a persisted attachment never change: caches may keep them. */
const PERSISTED_CACHE_CONTROL = "private, max-age=31536000, immutable";

/** One row of `attachments`. */
export interface AttachmentRow {
  pending_id: string;
  persisted_id: string | null;
  state: "pending" | "persisted";
  name: string;
  mime_type: string;
  size_bytes: number;
  file: string;
  created_at: string;
}

/** `POST /attachments`: streams the body to disk, sniffs its type and answers `201 { attachmentId }`. */
export async function receiveUpload(
  db: Db,
  dataDir: string,
  limits: HostLimits,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const pendingId = mintId(ID_PREFIX.upload);
  const file = join(ATTACHMENTS_DIR, pendingId);
  const path = join(dataDir, file);
  const partial = `${path}.part`;
  await mkdir(join(dataDir, ATTACHMENTS_DIR), { recursive: true });
  let received;
  try {
    received = await streamToFile(request, partial, limits.uploadBytes);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  await rename(partial, path);
  const row: AttachmentRow = {
    pending_id: pendingId,
    persisted_id: null,
    state: "pending",
    name: fileNameOf(request),
    mime_type: sniffMimeType(received.head, request.headers["content-type"]),
    size_bytes: received.size,
    file,
    created_at: new Date().toISOString(),
  };
  db.prepare(
    `INSERT INTO attachments (pending_id, persisted_id, state, name, mime_type, size_bytes, file, created_at)
     VALUES (@pending_id, @persisted_id, @state, @name, @mime_type, @size_bytes, @file, @created_at)`,
  ).run(row);
  sendJson(response, 201, { attachmentId: pendingId, mimeType: row.mime_type, sizeBytes: row.size_bytes });
}

/**
 * Writes the body to `path`, keeping its first `SNIFF_BYTES`. Past `limit` it stops writing and
 * reads on (so that the client gets the 413) up to `DRAIN_FACTOR` times the limit, then cuts.
 */
async function streamToFile(request: IncomingMessage, path: string, limit: number): Promise<{ size: number; head: Uint8Array }> {
  const out = createWriteStream(path);
  const head: Buffer[] = [];
  let headSize = 0;
  let size = 0;
  try {
    // Leaving this loop early destroys the request, and with it the connection.
    for await (const chunk of request as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit * DRAIN_FACTOR) throw tooLarge(limit);
      if (size > limit) continue;
      if (headSize < SNIFF_BYTES) {
        head.push(chunk.subarray(0, SNIFF_BYTES - headSize));
        headSize += Math.min(chunk.length, SNIFF_BYTES - headSize);
      }
      if (!out.write(chunk)) await once(out, "drain");
    }
    if (size > limit) throw tooLarge(limit);
  } finally {
    out.end();
    await once(out, "close");
  }
  return { size, head: Buffer.concat(head) };
}

/** The decoded `x-file-name`, without path parts, at most `FILE_NAME_MAX` long; never empty. */
function fileNameOf(request: IncomingMessage): string {
  const raw = request.headers[FILE_NAME_HEADER];
  let name = typeof raw === "string" ? raw : "";
  try {
    name = decodeURIComponent(name);
  } catch {
    // Not percent-encoded after all: keep it as it came.
  }
  // Control characters are never part of a name a person gave a file.
  // eslint-disable-next-line no-control-regex
  name = name.split(/[\\/]/).pop()!.replace(/[\x00-\x1f\x7f]/g, "").trim().slice(0, FILE_NAME_MAX);
  return name === "" ? DEFAULT_FILE_NAME : name;
}

/** The attachment with this pending or persisted id. */
export function findAttachment(db: Db, id: string): AttachmentRow | undefined {
  return db.prepare("SELECT * FROM attachments WHERE pending_id = ? OR persisted_id = ?").get(id, id) as AttachmentRow | undefined;
}

/** `GET /attachments/{id}`: the bytes with their sniffed type. */
export async function serveAttachment(db: Db, dataDir: string, id: string, response: ServerResponse): Promise<void> {
  const row = findAttachment(db, id);
  if (!row) throw new RequestError(404, "not-found", `No attachment ${id}`);
  const type = row.mime_type.startsWith("text/") ? `${row.mime_type}; charset=utf-8` : row.mime_type;
  const inline = row.mime_type.startsWith("image/");
  response.writeHead(200, {
    "content-type": type,
    "content-length": row.size_bytes,
    // The type was sniffed; the browser must not second-guess it into something active.
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
    "content-disposition": `${inline ? "inline" : "attachment"}; filename*=UTF-8''${encodeURIComponent(row.name)}`,
    "cache-control": row.state === "persisted" ? PERSISTED_CACHE_CONTROL : "no-store",
  });
  const stream = createReadStream(join(dataDir, row.file));
  stream.pipe(response);
  await once(stream, "close");
}

/** Deletes uploads still pending after `ttlMs`, rows and bytes. Returns how many went. */
export async function sweepPendingUploads(db: Db, dataDir: string, ttlMs: number, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - ttlMs).toISOString();
  const stale = db.prepare("SELECT pending_id, file FROM attachments WHERE state = 'pending' AND created_at < ?").all(cutoff) as {
    pending_id: string;
    file: string;
  }[];
  const remove = db.prepare("DELETE FROM attachments WHERE pending_id = ? AND state = 'pending'");
  for (const row of stale) {
    if (remove.run(row.pending_id).changes > 0) await rm(join(dataDir, row.file), { force: true });
  }
  return stale.length;
}
