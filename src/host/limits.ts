// The host kit's limits, named once and documented in docs/host.md. `createHost({ limits })`
// overrides the per-host ones (tests use small ones); the rest are protocol constants.

/** Limits a host may set for itself. */
export interface HostLimits {
  /** Largest upload, in bytes. */
  uploadBytes: number;
  /** Largest JSON body of a message post, and largest WebSocket frame, in bytes. */
  messageBodyBytes: number;
  /** Deepest nesting of arrays and objects in a posted body or a frame. */
  jsonDepth: number;
  /** Longest a body may go without a byte arriving, in milliseconds (a slow client holds nothing). */
  bodyIdleMs: number;
  /** Longest a whole body may take to arrive, in milliseconds. */
  bodyTotalMs: number;
  /** Live sockets one thread may have open. */
  socketsPerThread: number;
  /** Live sockets one client (by address) may have open. */
  socketsPerClient: number;
  /** Bytes a live socket may have queued and unsent before it is dropped as too slow. */
  socketBufferBytes: number;
  /** Uploads one client (by address) may make in an hour. */
  uploadsPerClientPerHour: number;
  /** Messages one page of `GET …/messages` holds when the request does not say. */
  pageSize: number;
  /** Most messages one page may hold, whatever the request asks. */
  pageSizeMax: number;
}

/** The limits a host kit applies unless `createHost({ limits })` overrides them (docs/host.md). */
export const DEFAULT_LIMITS: Readonly<HostLimits> = {
  uploadBytes: 25 * 1024 * 1024,
  // The contract allows 16,000,000 characters of records JSON; leave room for the text around it.
  messageBodyBytes: 20 * 1024 * 1024,
  // Records are a few levels deep (context → records → record → field); 64 leaves room and
  // refuses the `[[[[…` that cost seconds of blocked loop.
  jsonDepth: 64,
  bodyIdleMs: 30_000,
  bodyTotalMs: 5 * 60_000,
  socketsPerThread: 256,
  socketsPerClient: 64,
  // 4 MiB: a few ordinary messages; a reader further behind than that relists on reconnect.
  socketBufferBytes: 4 * 1024 * 1024,
  uploadsPerClientPerHour: 600,
  pageSize: 100,
  pageSizeMax: 500,
};

/** A too-large body is read to its end (so the client gets the 413, not a reset) up to this many times the limit. */
export const DRAIN_FACTOR = 4;
/** Bytes of an upload's start that MIME sniffing looks at. */
export const SNIFF_BYTES = 1024;
/** Thread ids, client message ids and WebSocket frame ids: this grammar, at most 128 characters. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
/** Uploads still pending after this long are deleted with their bytes. */
export const PENDING_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** How often pending uploads are swept. */
export const PENDING_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** How often live sockets are pinged; one that has not answered the previous ping is dropped. */
export const LIVE_HEARTBEAT_MS = 30_000;
/** Longest stored file name, in UTF-16 code units (the records' `name` bound). */
export const FILE_NAME_MAX = 255;
/** The window of `uploadsPerClientPerHour`. */
export const UPLOAD_WINDOW_MS = 60 * 60 * 1000;
