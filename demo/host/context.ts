// What every handler of the host needs: the database, where files go, the limits, and the hook
// through which a newly stored message reaches the live sockets.
import type { IncomingMessage } from "node:http";
import type { ContextKindDefinition } from "./codec.js";
import type { Db } from "./db.js";
import type { HostLimits } from "./limits.js";
import type { StoredMessage } from "./message-rows.js";

export interface HostContext {
  db: Db;
  dataDir: string;
  limits: HostLimits;
  /** The custom kinds the provider view projects with their own entry bodies. */
  kinds: readonly ContextKindDefinition[];
  /** Called once per message, after the transaction that stored it committed. */
  onStored(message: StoredMessage): void;
}

/** The path prefix of the host protocol. */
export const API_PREFIX = "/api";

/** The protocol's base URL as this client reached it (for attachment URLs in answers). */
export function apiBaseOf(request: IncomingMessage): string {
  return `http://${request.headers.host ?? "localhost"}${API_PREFIX}`;
}
