// Sending the bytes of an upload. fetch cannot report upload progress (a streamed request body
// would, but needs HTTP/2 and `duplex: "half"`, which Firefox and Safari lack), so where the
// platform has XMLHttpRequest the bytes go through it; elsewhere (Node) through fetch, with one
// progress report when the host has them all.
//
// An upload may take long, but it may not stall: it fails when `stallMs` pass with no byte sent
// and no answer. Where progress cannot be seen (fetch, or no `onProgress`) that is a bound on the
// whole upload. Without it, a host that never answers leaves the attachment uploading for good,
// and a send waiting for it never ends.
import { RequestTimeoutError } from "./http.js";
import type { Clock } from "./retry.js";

/** @internal What came back: the status and the body text. */
export interface UploadResponse {
  status: number;
  text: string;
}

/** @internal One upload request. */
export interface UploadRequest {
  url: string;
  body: Blob;
  headers: Headers;
  signal: AbortSignal;
  onProgress: ((loaded: number, total: number) => void) | undefined;
  /** How long the upload may go without progress or an answer. */
  stallMs: number;
  clock: Clock;
}

/** A timer that fires `onStall` unless it is `touch`ed within `ms` each time; `stop` ends it. */
function stallTimer(ms: number, clock: Clock, onStall: () => void): { touch(): void; stop(): void } {
  let handle = clock.setTimeout(onStall, ms);
  return {
    touch() {
      clock.clearTimeout(handle);
      handle = clock.setTimeout(onStall, ms);
    },
    stop: () => clock.clearTimeout(handle),
  };
}

/**
 * @internal Sends through `XHR` when given (a constructor, the platform's or a test's), else through
 * `fetchImpl`. A network failure rejects with a `TypeError`, as fetch does; a stall with a
 * `RequestTimeoutError`; an abort rejects with the signal's reason.
 */
export function sendUploadRequest(
  request: UploadRequest,
  XHR: typeof XMLHttpRequest | null | undefined,
  fetchImpl: typeof fetch,
): Promise<UploadResponse> {
  if (request.signal.aborted) return Promise.reject(request.signal.reason);
  return XHR ? sendWithXhr(request, XHR) : sendWithFetch(request, fetchImpl);
}

function sendWithXhr(request: UploadRequest, XHR: typeof XMLHttpRequest): Promise<UploadResponse> {
  const { url, body, headers, signal, onProgress } = request;
  return new Promise((resolve, reject) => {
    const xhr = new XHR();
    let stalled = false;
    const stall = stallTimer(request.stallMs, request.clock, () => {
      stalled = true;
      xhr.abort();
    });
    const onAbort = () => xhr.abort();
    const settle = () => {
      stall.stop();
      signal.removeEventListener("abort", onAbort);
    };
    xhr.open("POST", url);
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    // A listener on `xhr.upload` makes a cross-origin upload preflighted; only add it when asked.
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        stall.touch();
        onProgress(event.loaded, event.lengthComputable ? event.total : body.size);
      };
    }
    xhr.onload = () => {
      settle();
      resolve({ status: xhr.status, text: String(xhr.responseText ?? "") });
    };
    xhr.onerror = () => {
      settle();
      reject(new TypeError("Network error during upload"));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      settle();
      reject(signal.aborted ? signal.reason : stalled ? new RequestTimeoutError(request.stallMs) : new TypeError("Upload aborted"));
    };
    signal.addEventListener("abort", onAbort, { once: true });
    xhr.send(body);
  });
}

async function sendWithFetch(request: UploadRequest, fetchImpl: typeof fetch): Promise<UploadResponse> {
  const { url, body, headers, signal, onProgress } = request;
  // One controller for both reasons to stop, so that the fetch is really cancelled either way.
  const controller = new AbortController();
  let stalled = false;
  const stall = stallTimer(request.stallMs, request.clock, () => {
    stalled = true;
    controller.abort();
  });
  const onAbort = () => controller.abort(signal.reason);
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    const response = await fetchImpl(url, { method: "POST", body, headers, signal: controller.signal });
    const text = await response.text();
    if (onProgress && response.ok) onProgress(body.size, body.size);
    return { status: response.status, text };
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (stalled) throw new RequestTimeoutError(request.stallMs);
    throw error;
  } finally {
    stall.stop();
    signal.removeEventListener("abort", onAbort);
  }
}
