// What every handler of the kit needs: the stores, the limits, the upload quota, and the hook
// through which a newly stored message reaches the live sockets.
import type { ContextKindDefinition } from "../codec/index.js";
import type { BlobStore } from "./blobs.js";
import type { HostLimits } from "./limits.js";
import type { WindowQuota } from "./quota.js";
import type { HostStore, StoredMessage } from "./store.js";

export interface HostContext {
  store: HostStore;
  blobs: BlobStore;
  limits: HostLimits;
  uploadQuota: WindowQuota;
  /** The custom kinds the provider view projects with their own entry bodies. */
  kinds: readonly ContextKindDefinition[];
  /** Called once per message this process stored, after the transaction committed. */
  onStored(message: StoredMessage): void;
}
