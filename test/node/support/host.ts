// Starts the reference host on a free port with a temporary data folder, and reads its SQLite
// file the way an operator would.
import Database from "better-sqlite3";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { HostLimits } from "../../../src/host/index.js";
import { startHost, type HostOptions, type RunningHost } from "../../../demo/host/server.js";

export interface TestHost extends RunningHost {
  dataDir: string;
  /** Rows of a query against the host's database (a second, read-only connection). */
  rows<T = Record<string, unknown>>(sql: string, ...params: unknown[]): T[];
  /** The files in the attachments folder. */
  files(): Promise<string[]>;
  /** Stops the host and deletes the data folder. */
  stop(): Promise<void>;
}

export async function startTestHost(limits?: Partial<HostLimits>, kit?: HostOptions["kit"], more: Pick<HostOptions, "assistant"> = {}): Promise<TestHost> {
  const dataDir = await mkdtemp(join(tmpdir(), "t3-host-"));
  const host = await startHost({ port: 0, dataDir, ...(limits ? { limits } : {}), ...(kit ? { kit } : {}), ...more });
  const reader = new Database(host.dbPath, { readonly: true });
  return {
    ...host,
    dataDir,
    rows: <T>(sql: string, ...params: unknown[]) => reader.prepare(sql).all(...params) as T[],
    files: async () => (await readdir(join(dataDir, "attachments")).catch(() => [])).sort(),
    async stop() {
      reader.close();
      await host.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
