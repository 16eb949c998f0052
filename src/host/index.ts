// `t3-composer/host` (Node only): the host protocol as framework-neutral handlers, the live
// socket hub for `ws`, the SQLite and PostgreSQL stores and the disk blob store (docs/host.md).
export { createHost, DEFAULT_BASE_PATH } from "./kit.js";
export type { Authorize, HostKit, HostKitOptions, RequestInfo } from "./kit.js";
export { LOOPBACK_HOSTS } from "./access.js";
export type { AccessOptions } from "./access.js";
export { attachLiveSockets, toNodeListener, toRequest, writeResponse } from "./node.js";
export { openSqliteStore } from "./sqlite-store.js";
export { openPostgresStore } from "./postgres-store.js";
export { createDiskBlobStore } from "./blobs.js";
export type { BlobEntry, BlobStore, BlobWriter } from "./blobs.js";
export type { AttachmentRow, HostStore, NewMessage, PageQuery, StoreTransaction, StoredListener, StoredMessage } from "./store.js";
export { DEFAULT_LIMITS } from "./limits.js";
export type { HostLimits } from "./limits.js";
export type { SweepResult } from "./sweep.js";
export type { LiveHub } from "./live.js";
