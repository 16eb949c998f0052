// Sending the bytes of an upload. fetch cannot report upload progress (a streamed request body
// would, but needs HTTP/2 and `duplex: "half"`, which Firefox and Safari lack), so where the
// platform has XMLHttpRequest the bytes go through it; elsewhere (Node) through fetch, with one
// progress report when the host has them all.

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
}

/**
 * @internal Sends through `XHR` when given (a constructor, the platform's or a test's), else through
 * `fetchImpl`. A network failure rejects with a `TypeError`, as fetch does; an abort rejects with
 * the signal's reason.
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
    const onAbort = () => xhr.abort();
    const settle = () => signal.removeEventListener("abort", onAbort);
    xhr.open("POST", url);
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    // A listener on `xhr.upload` makes a cross-origin upload preflighted; only add it when asked.
    if (onProgress) {
      xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : body.size);
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
      reject(signal.aborted ? signal.reason : new TypeError("Upload aborted"));
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
