// The browser side of host-commands.mjs: a reference host of the test's own, reached through a
// fault proxy, with its database readable from the test.
import { executeServerCommand } from "@web/test-runner-commands";

/** What the fault proxy can do to one request (see test/node/support/fault-proxy.ts). */
export type Fault = "pass" | "fail-500" | "fail-503" | "drop-after-forward" | "hang" | "late" | "cut-request" | "duplicate";
/** Which requests faults apply to: message posts, uploads, or any request. */
export type Route = "messages" | "uploads" | "any";

/** One row of the host's `messages` table, as the tests read it. */
export interface MessageRow {
  client_message_id: string;
  text: string;
  context_json: string | null;
}

/** One row of the host's `attachments` table, as the tests read it. */
export interface AttachmentRow {
  pending_id: string;
  state: "pending" | "persisted";
  name: string;
  size_bytes: number;
}

export interface BrowserHost {
  /** The `baseUrl` for the transports: the fault proxy's `/api`. */
  apiUrl: string;
  /** Faults for the next requests of `route`, then `always` (default "pass"). */
  faults(route: Route, faults: Fault[], always?: Fault): Promise<void>;
  /** Drops the next WebSocket connection whose host-to-client bytes contain `text`. */
  dropSocketOn(text: string): Promise<void>;
  /** Delivers the next client-to-host WebSocket frame twice. */
  duplicateNextFrame(): Promise<void>;
  /** The host process goes away (connections are refused) / comes back on the same port and data. */
  down(): Promise<void>;
  up(): Promise<void>;
  rows<T>(sql: string, ...params: unknown[]): Promise<T[]>;
  /** Every message stored, oldest first. */
  messages(): Promise<MessageRow[]>;
  attachments(): Promise<AttachmentRow[]>;
  /** The requests the proxy saw, as `METHOD /path`. */
  seen(): Promise<string[]>;
  /** The files in the host's attachments folder. */
  files(): Promise<string[]>;
  stop(): Promise<void>;
}

async function command<T>(name: string, payload: Record<string, unknown>): Promise<T> {
  return (await executeServerCommand(name, payload)) as T;
}

export async function startBrowserHost(limits?: { uploadBytes?: number; messageBodyBytes?: number }): Promise<BrowserHost> {
  const { id, apiUrl } = await command<{ id: string; apiUrl: string }>("host-start", limits ? { limits } : {});
  const rows = <T>(sql: string, ...params: unknown[]) => command<T[]>("host-rows", { id, sql, params });
  return {
    apiUrl,
    faults: async (route, faults, always = "pass") => void (await command("host-faults", { id, route, faults, always })),
    dropSocketOn: async (text) => void (await command("host-socket", { id, dropOn: text })),
    duplicateNextFrame: async () => void (await command("host-socket", { id, duplicate: true })),
    down: async () => void (await command("host-down", { id })),
    up: async () => void (await command("host-up", { id })),
    rows,
    messages: () => rows<MessageRow>("SELECT client_message_id, text, context_json FROM messages ORDER BY seq"),
    attachments: () => rows<AttachmentRow>("SELECT pending_id, state, name, size_bytes FROM attachments ORDER BY created_at, pending_id"),
    seen: async () => (await command<{ method: string; path: string }[]>("host-seen", { id })).map(({ method, path }) => `${method} ${path}`),
    files: () => command<string[]>("host-files", { id }),
    stop: async () => void (await command("host-stop", { id })),
  };
}

/** How often `until` asks again, and when it gives up. */
const POLL_MS = 20;
const GIVE_UP_MS = 5000;

/**
 * Resolves once `condition()` holds, for what the host does on its own time (deleting a partial
 * upload after a lost connection): no event reaches the page for that. Fails naming `what`.
 */
export async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > GIVE_UP_MS) throw new Error(`Gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
