// The reference host as the composer's fault suites use it: test/support/host.ts (a real host
// behind the test server's proxy), with faults named by route and the database read as rows.
import { startHost, type HostFaultKind, type TestHost } from "../../support/host.js";

/** Which requests faults apply to: message posts or uploads. */
export type Route = "messages" | "uploads";

const ROUTES: Record<Route, { method: string; path: string }> = {
  messages: { method: "POST", path: "/messages$" },
  uploads: { method: "POST", path: "^/api/attachments$" },
};

/** "Every request from now on", until the faults are cleared. */
const ALWAYS = 1_000_000;

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

export interface FaultHost {
  /** The `baseUrl` for the transports. */
  apiUrl: string;
  /** Faults for the next requests of `route`, in order, then `always` for every one after (until the next call). */
  faults(route: Route, faults: HostFaultKind[], always?: HostFaultKind): Promise<void>;
  /** Drops the next WebSocket connection whose host-to-client bytes contain `text`. */
  dropSocketOn(text: string): Promise<void>;
  /** Delivers the next client-to-host WebSocket frame twice. */
  duplicateNextFrame(): Promise<void>;
  /** Sends a text frame carrying `text` to every open WebSocket connection's client now, as if from the host. */
  injectFrame(text: string): Promise<void>;
  /** The host goes away (connections drop) / comes back on the same port and data. */
  down(): Promise<void>;
  up(): Promise<void>;
  rows<T>(sql: string, ...params: unknown[]): Promise<T[]>;
  /** Every message stored, oldest first. */
  messages(): Promise<MessageRow[]>;
  attachments(): Promise<AttachmentRow[]>;
  /** The files in the host's attachments folder. */
  files(): Promise<string[]>;
  /** Stops the host and deletes its data. */
  stop(): Promise<void>;
}

export async function startFaultHost(): Promise<FaultHost> {
  const host: TestHost = await startHost();
  return {
    apiUrl: host.apiUrl,
    async faults(route, faults, always) {
      await host.clearFaults();
      for (const fault of faults) await host.fault({ fault, ...ROUTES[route] });
      if (always && always !== ("pass" as HostFaultKind)) await host.fault({ fault: always, ...ROUTES[route], times: ALWAYS });
    },
    dropSocketOn: (text) => host.fault({ fault: "drop-socket-on", text }),
    duplicateNextFrame: () => host.fault({ fault: "duplicate-socket-frame" }),
    injectFrame: (text) => host.fault({ fault: "inject-socket-frame", text }),
    down: () => host.stop(),
    up: () => host.restart(),
    rows: (sql, ...params) => host.rows(sql, ...params),
    messages: () => host.rows<MessageRow>("SELECT client_message_id, text, context_json FROM messages ORDER BY seq"),
    attachments: () => host.rows<AttachmentRow>("SELECT pending_id, state, name, size_bytes FROM attachments ORDER BY created_at, pending_id"),
    files: () => host.files(),
    stop: () => host.dispose(),
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
