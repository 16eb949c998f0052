// The demo host as a separate process (`demo/host/main.ts`, as `npm start` runs it), for tests
// of several processes sharing one database: started on a free port of 127.0.0.1, stopped or
// killed by its PID.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";

const MAIN = fileURLToPath(new URL("../../../demo/host/main.ts", import.meta.url));
/** How long a host process may take to listen (tsx compiles the sources first). */
const START_TIMEOUT_MS = 30_000;
/** The line main.ts prints once it listens. */
const LISTENING = /demo on (http:\/\/127\.0\.0\.1:\d+)\//;

export interface HostProcess {
  url: string;
  apiUrl: string;
  /** Stops it as a person would (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** Kills it at once (SIGKILL): a crash. */
  kill(): Promise<void>;
}

/** Without `DATABASE_URL` the process uses the SQLite file in `T3_DATA_DIR`, as `npm start` does. */
export async function startHostProcess(env: { DATABASE_URL?: string; T3_DATA_DIR: string }): Promise<HostProcess> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", MAIN], {
    env: { ...process.env, DATABASE_URL: "", ...env, PORT: "0", HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((done, fail) => {
    let output = "";
    const timer = setTimeout(() => fail(new Error(`The host did not start within ${START_TIMEOUT_MS} ms: ${output}`)), START_TIMEOUT_MS);
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = LISTENING.exec(output);
      if (match) {
        clearTimeout(timer);
        done(match[1]!);
      }
    });
    child.once("exit", (code) => fail(new Error(`The host exited with ${code} before it listened: ${output}`)));
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, "exit");
    process.kill(child.pid!, signal);
    await exited;
  };
  return { url, apiUrl: `${url}/api`, stop: () => end("SIGTERM"), kill: () => end("SIGKILL") };
}
