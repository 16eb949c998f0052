// The reference host's limits, named once. `startHost({ limits })` overrides them (tests use
// small ones).

export interface HostLimits {
  /** Largest upload, in bytes. */
  uploadBytes: number;
  /** Largest JSON body of a message post, and largest WebSocket frame, in bytes. */
  messageBodyBytes: number;
}

export const DEFAULT_LIMITS: HostLimits = {
  uploadBytes: 25 * 1024 * 1024,
  // The contract allows 16,000,000 characters of records JSON; leave room for the text around it.
  messageBodyBytes: 20 * 1024 * 1024,
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
