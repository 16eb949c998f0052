// Sending the bytes of an upload. fetch cannot report upload progress (a streamed request body
// would, but needs HTTP/2 and `duplex: "half"`, which Firefox and Safari lack), so where the
// platform has XMLHttpRequest the bytes go through it; elsewhere (Node) through fetch, with one
// progress report when the host has them all.
//
// An upload may take long (a large file on a slow link is not an error), but where its progress
// can be seen (XMLHttpRequest with `onProgress`, as the composer always asks) it may not stall: it
// fails when `stallMs` pass with no byte sent and no answer. Otherwise a host that never answers
// leaves the attachment uploading for good, and a send that waits for it never ends. Where
// progress cannot be seen (fetch, or no `onProgress`) a stall cannot be told from a slow link, so
// there is no bound: the caller's signal stops such an upload.
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
  /** How long the upload may go without progress or an answer, when progress is reported. */
  stallMs: number;
  clock: Clock;
}

/** A timer that fires `onStall` unless it is `touch`ed within `ms` each time; `stop` ends it. */
interface StallTimer {
  touch(): void;
  stop(): void;
}

const NO_STALL_TIMER: StallTimer = { touch() {}, stop() {} };

function stallTimer(ms: number, clock: Clock, onStall: () => void): StallTimer {
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
 * `fetchImpl`. A network failure rejects with a `TypeError`, as fetch does; a stall (seen through
 * `onProgress`) with a `RequestTimeoutError`; an abort rejects with the signal's reason.
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
    const stall = onProgress
      ? stallTimer(request.stallMs, request.clock, () => {
          stalled = true;
          xhr.abort();
        })
      : NO_STALL_TIMER;
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
  try {
    const response = await fetchImpl(url, { method: "POST", body, headers, signal });
    const text = await response.text();
    if (onProgress && response.ok) onProgress(body.size, body.size);
    return { status: response.status, text };
  } catch (error) {
    throw signal.aborted ? signal.reason : error;
  }
}
