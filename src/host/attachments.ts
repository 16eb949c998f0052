// Attachments: an upload is streamed to the blob store and recorded as *pending*, bound to the
// thread it was made for; a message of that thread that references it persists it (messages.ts).
// Bytes are served back by the persisted id, or by the pending id while it is pending.
import { RequestError } from "./errors.js";
import { concatBytes, streamBody } from "./body.js";
import type { HostContext } from "./context.js";
import { ID_PREFIX, mintId } from "./ids.js";
import { FILE_NAME_MAX, ID_PATTERN, SNIFF_BYTES } from "./limits.js";
import { jsonResponse } from "./responses.js";
import { sniffMimeType } from "./sniff.js";
import type { AttachmentRow } from "./store.js";
import { ATTACHMENTS_DIR } from "./blobs.js";

/** The header that carries the file name, percent-encoded UTF-8 (header values cannot hold most of Unicode). */
const FILE_NAME_HEADER = "x-file-name";
/**
 * The header that names the thread an upload is for. It is required: a custom header makes the
 * upload a non-simple request, so another site's form or `fetch` cannot store bytes here without
 * a CORS preflight, which the kit does not grant.
 */
export const THREAD_HEADER = "x-t3-thread-id";
/** The name of an upload that came without one. */
const DEFAULT_FILE_NAME = "attachment";
/** Bytes of a persisted attachment never change: caches may keep them. */
const PERSISTED_CACHE_CONTROL = "private, max-age=31536000, immutable";

/** `POST /attachments`: streams the body to the blob store, sniffs its type and answers `201 { attachmentId }`. */
export async function receiveUpload(context: HostContext, request: Request, client: string): Promise<Response> {
  const threadId = request.headers.get(THREAD_HEADER);
  if (threadId === null || !ID_PATTERN.test(threadId)) {
    throw new RequestError(400, "missing-thread", `An upload names its thread in ${THREAD_HEADER} (1 to 128 characters of [A-Za-z0-9_-])`);
  }
  context.uploadQuota.take(client);
  const pendingId = mintId(ID_PREFIX.upload);
  const file = `${ATTACHMENTS_DIR}/${pendingId}`;
  const writer = await context.blobs.create(file);
  const head: Uint8Array[] = [];
  let headSize = 0;
  let size;
  try {
    size = await streamBody(request, context.limits.uploadBytes, context.limits, async (chunk) => {
      if (headSize < SNIFF_BYTES) {
        head.push(chunk.subarray(0, SNIFF_BYTES - headSize));
        headSize += Math.min(chunk.byteLength, SNIFF_BYTES - headSize);
      }
      await writer.write(chunk);
    });
    await writer.commit();
  } catch (error) {
    await writer.abort();
    throw error;
  }
  const row: AttachmentRow = {
    pending_id: pendingId,
    persisted_id: null,
    state: "pending",
    thread_id: threadId,
    name: fileNameOf(request),
    mime_type: sniffMimeType(concatBytes(head, headSize), request.headers.get("content-type") ?? undefined),
    size_bytes: size,
    file,
    created_at: new Date().toISOString(),
  };
  // A crash between the commit above and this row leaves a blob that no row names: the start-up
  // sweep (sweep.ts) deletes it.
  await context.store.insertUpload(row);
  return jsonResponse(201, { attachmentId: pendingId, mimeType: row.mime_type, sizeBytes: row.size_bytes });
}

/** The decoded `x-file-name`, without path parts, at most `FILE_NAME_MAX` long; never empty. */
function fileNameOf(request: Request): string {
  let name = request.headers.get(FILE_NAME_HEADER) ?? "";
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

/** `GET /attachments/{id}`: the bytes with their sniffed type. */
export async function serveAttachment(context: HostContext, id: string): Promise<Response> {
  const row = await context.store.findAttachment(id);
  const body = row && (await context.blobs.read(row.file));
  if (!row || !body) throw new RequestError(404, "not-found", `No attachment ${id}`);
  const type = row.mime_type.startsWith("text/") ? `${row.mime_type}; charset=utf-8` : row.mime_type;
  const inline = row.mime_type.startsWith("image/");
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": type,
      "content-length": String(row.size_bytes),
      // The type was sniffed; the browser must not second-guess it into something active.
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "content-disposition": `${inline ? "inline" : "attachment"}; filename*=UTF-8''${encodeURIComponent(row.name)}`,
      "cache-control": row.state === "persisted" ? PERSISTED_CACHE_CONTROL : "no-store",
    },
  });
}
