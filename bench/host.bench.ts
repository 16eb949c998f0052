// `npm run bench -- host`: the host kit under load, on 127.0.0.1 only, in this process (the
// demo host on SQLite in a temporary folder): post throughput at concurrency 1, 16 and 64,
// fan-out latency of one message to 1,000 live sockets, memory per open socket, and how long
// 1 MB of nested JSON holds up another request. Every loop is bounded in count.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { startHost, type RunningHost } from "../demo/host/server.js";
import { median, type BenchRow } from "./lib/row.js";

/** Posts measured at each concurrency. */
const POSTS = 400;
const CONCURRENCIES = [1, 16, 64];
/** Budget per stored message at each concurrency (wall time over the count). */
const POST_BUDGET_MS = 5;
const FAN_OUT_SOCKETS = 1000;
/** Collections before a memory figure is read: one frees, the next ones free what its finalizers let go. */
const GC_PASSES = 3;
const FAN_OUT_BUDGET_MS = 250;
const FAN_OUT_RUNS = 5;
const SOCKET_MEMORY_BUDGET_KB = 64;
/** The bound: 1 MB of nested JSON never blocks other requests for longer. */
const NESTED_BLOCK_BUDGET_MS = 50;
const NESTED_RUNS = 5;
const NESTED_JSON = "[".repeat(512 * 1024) + "]".repeat(512 * 1024);
const KB = 1024;

let counter = 0;
const message = (text: string) => ({ clientMessageId: `bench_${++counter}_${Date.now()}`, text });

function post(host: RunningHost, threadId: string, body: string): Promise<Response> {
  return fetch(`${host.apiUrl}/threads/${threadId}/messages`, { method: "POST", headers: { "content-type": "application/json" }, body });
}

async function throughput(host: RunningHost, concurrency: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  const lane = async () => {
    while (next < POSTS) {
      next++;
      const response = await post(host, `bench-c${concurrency}`, JSON.stringify(message("hello")));
      if (response.status !== 201) throw new Error(`post answered ${response.status}`);
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return (performance.now() - started) / POSTS;
}

async function openSockets(host: RunningHost, threadId: string, count: number): Promise<{ sockets: WebSocket[]; heard: () => number }> {
  let heard = 0;
  const sockets: WebSocket[] = [];
  for (let i = 0; i < count; i++) {
    const socket = new WebSocket(`${host.apiUrl.replace("http", "ws")}/threads/${threadId}/live`);
    socket.on("message", () => heard++);
    await new Promise((done, fail) => {
      socket.once("open", done);
      socket.once("error", fail);
    });
    sockets.push(socket);
  }
  return { sockets, heard: () => heard };
}

async function fanOut(host: RunningHost, heard: () => number): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < FAN_OUT_RUNS; run++) {
    const before = heard();
    const started = performance.now();
    await post(host, "bench-fan-out", JSON.stringify(message("to everyone")));
    for (let spins = 0; heard() < before + FAN_OUT_SOCKETS && spins < 100_000; spins++) await new Promise((done) => setImmediate(done));
    times.push(performance.now() - started);
  }
  return median(times);
}

/**
 * The heap, external memory less array buffers, once full collections have run and what they
 * freed has settled (finalizers and the sockets' native buffers are released a turn later).
 * Without a collector to call (Node started without `--expose-gc`, which `npm run bench` passes)
 * the figure would be mostly the collector's timing, so the suite refuses to run.
 */
async function settledMemory(): Promise<number> {
  const gc = globalThis.gc;
  if (typeof gc !== "function") throw new Error("bench/host.bench.ts: run it with node --expose-gc (npm run bench does)");
  for (let pass = 0; pass < GC_PASSES; pass++) {
    gc();
    await new Promise((done) => setImmediate(done));
  }
  const { heapUsed, external, arrayBuffers } = process.memoryUsage();
  return heapUsed + external - arrayBuffers;
}

/**
 * How long a small GET takes while 1 MB of nested JSON is posted at the same moment, and without
 * it (the client's own work, in this process too, is in both).
 */
async function nestedBlock(host: RunningHost): Promise<{ during: number; alone: number }> {
  const small = async () => {
    const started = performance.now();
    await (await fetch(`${host.apiUrl}/threads/bench-c1/messages?limit=1`)).arrayBuffer();
    return performance.now() - started;
  };
  const during: number[] = [];
  const alone: number[] = [];
  // One round unmeasured: the first refusal of a deep body compiles its path, which is no block
  // that a running host shows again.
  await (await post(host, "bench-deep", NESTED_JSON)).arrayBuffer();
  for (let run = 0; run < NESTED_RUNS; run++) {
    alone.push(await small());
    const deep = post(host, "bench-deep", NESTED_JSON);
    during.push(await small());
    await (await deep).arrayBuffer();
  }
  return { during: median(during), alone: median(alone) };
}

function row(name: string, ours: number, budget: number, unit: BenchRow["unit"], note?: string): BenchRow {
  return { name, ours, peer: budget, peerName: "budget", unit, ratio: ours / budget, target: "≤ 1× budget", pass: ours <= budget, ...(note ? { note } : {}) };
}

export async function run(): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(join(tmpdir(), "t3-bench-host-"));
  const limits = { socketsPerThread: FAN_OUT_SOCKETS * 2, socketsPerClient: FAN_OUT_SOCKETS * 2, messageBodyBytes: 2 * KB * KB };
  const host = await startHost({ port: 0, dataDir, limits });
  const rows: BenchRow[] = [];
  try {
    for (const concurrency of CONCURRENCIES) {
      const perPost = await throughput(host, concurrency);
      rows.push(row(`host: post, concurrency ${concurrency}`, perPost, POST_BUDGET_MS, "ms", `${Math.round(1000 / perPost)} messages/s`));
    }
    // Per socket: the growth from the first half of the sockets to all of them, so that what the
    // posts above left to be freed weighs the same in both measurements.
    const half = FAN_OUT_SOCKETS / 2;
    const first = await openSockets(host, "bench-fan-out", half);
    const memoryAtHalf = await settledMemory();
    const second = await openSockets(host, "bench-fan-out", half);
    const perSocket = ((await settledMemory()) - memoryAtHalf) / half / KB;
    const sockets = [...first.sockets, ...second.sockets];
    const heard = () => first.heard() + second.heard();
    rows.push(row(`host: fan-out to ${FAN_OUT_SOCKETS} sockets`, await fanOut(host, heard), FAN_OUT_BUDGET_MS, "ms"));
    rows.push(row("host: memory per live socket (both ends)", perSocket, SOCKET_MEMORY_BUDGET_KB, "KB"));
    for (const socket of sockets) socket.terminate();
    const nested = await nestedBlock(host);
    rows.push(row("host: another request during 1 MB of nested JSON", nested.during, NESTED_BLOCK_BUDGET_MS, "ms", `${nested.alone.toFixed(1)} ms alone`));
  } finally {
    await host.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  return rows;
}
