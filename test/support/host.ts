// A reference host for a browser test: the real `demo/host` server, started by the test runner
// (server-commands.mjs) on a free port with a temporary data folder, and reached from the page
// through the test server's proxy, so that it shares the test page's origin.
//
//   const host = await startHost();
//   const transport = createFetchTransport({ baseUrl: host.apiUrl, threadId: "t1" });
//   …
//   await host.stop();      // the host is down: connections to it drop
//   await host.restart();   // up again with the same data
//   const rows = await host.rows<{ text: string }>("SELECT text FROM messages");
//   await host.dispose();   // in `after()`: stopped, data deleted
import { executeServerCommand } from "@web/test-runner-commands";
import type { HostLimits } from "../../src/host/index.js";

/** What the proxy does to requests a rule matches (`test/support/host-proxy.mjs` says more). */
export type HostFaultKind =
  | "refuse"
  | "fail-500"
  | "fail-503"
  | "hang"
  | "drop-after-forward"
  | "down-after-forward"
  | "stall-body"
  | "late"
  | "cut-body"
  | "duplicate"
  | "drop-socket-on"
  | "duplicate-socket-frame"
  | "inject-socket-frame";

/**
 * A fault for the requests it matches. WebSocket upgrades are `GET`s of `…/live`: only `refuse`
 * applies to them; `drop-socket-on`, `duplicate-socket-frame` and `inject-socket-frame` apply to
 * the WebSocket connections open when they are set (method and path do not matter for them).
 */
export interface HostFault {
  fault: HostFaultKind;
  /** Only requests with this method. */
  method?: string;
  /** Only request paths (below the host's root, such as `/api/attachments`) this RegExp source finds. */
  path?: string;
  /** How many matching requests it applies to. Default 1. */
  times?: number;
  /** `stall-body`: the bytes that go through before the body stalls. */
  bytes?: number;
  /**
   * `drop-socket-on`: the text the host's bytes contain when the connection drops;
   * `inject-socket-frame`: the text of the frame the client gets as if from the host.
   */
  text?: string;
}

export interface TestHost {
  readonly id: string;
  /** The demo page (the host's root), as an absolute URL on the test page's origin, ending in `/`. */
  readonly url: string;
  /** `{url}api`: the `baseUrl` for the transports. */
  readonly apiUrl: string;
  /** The host's own address (`http://127.0.0.1:<port>`): another origin than the page's. */
  readonly directUrl: string;
  /** Takes the host down: its port closes and open connections drop. The data stays. */
  stop(): Promise<void>;
  /** Starts a stopped host again, on the same port with the same data. */
  restart(): Promise<void>;
  /** Rows of a read-only SQL query on the host's database. */
  rows<T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T[]>;
  /** The files in the host's attachments folder, sorted. */
  files(): Promise<string[]>;
  /** Applies `fault` to the next matching requests (`times`, default 1). */
  fault(fault: HostFault): Promise<void>;
  /** Drops the fault rules that have not fired. */
  clearFaults(): Promise<void>;
  /** Lets stalled request bodies (`stall-body`) go on; resolves with how many there were. */
  release(): Promise<number>;
  /** Stops the host and deletes its data folder. */
  dispose(): Promise<void>;
}

async function command<T>(name: string, payload: object): Promise<T> {
  return (await executeServerCommand(name, payload)) as T;
}

/** How a test host runs besides its limits. */
export interface TestHostOptions {
  /**
   * The simulated assistant (demo/host/assistant.ts): on with the pause before each word, in ms.
   * Default off, so that a test sees only its own messages.
   */
  assistant?: { wordMs: number } | undefined;
}

/**
 * Starts a reference host for this test file, with `limits` overriding its defaults. Dispose it
 * in `after()`.
 */
export async function startHost(limits?: Partial<HostLimits>, options: TestHostOptions = {}): Promise<TestHost> {
  const payload = { ...(limits ? { limits } : {}), ...(options.assistant ? { assistant: options.assistant } : {}) };
  const started = await command<{ id: string; path: string; directUrl: string }>("host-start", payload);
  const { id } = started;
  const url = new URL(started.path, location.origin).href;
  return {
    id,
    url,
    apiUrl: `${url}api`,
    directUrl: started.directUrl,
    stop: () => command("host-stop", { id }),
    restart: () => command("host-restart", { id }),
    rows: (sql, ...params) => command("host-rows", { id, sql, params }),
    files: () => command("host-files", { id }),
    fault: (fault) => command("host-fault", { id, ...fault }),
    clearFaults: () => command("host-clear-faults", { id }),
    release: () => command("host-release", { id }),
    dispose: () => command("host-dispose", { id }),
  };
}
