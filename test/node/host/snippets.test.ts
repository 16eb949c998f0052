// The mounting snippets of docs/host.md run as they are written there: each block marked
// ```` ```ts host-snippet:<name> ```` is read from the page and written to a scratch folder inside
// the repository (so that `t3-composer/host` resolves to this package's dist/, as it would from
// node_modules). The Express server runs with a check appended that posts, lists and hears a push
// through it; the Next.js route handler and its kit module are written where a Next.js app keeps
// them, with the `@/` alias of its tsconfig.json, and a driver calls `GET` and `POST` with WHATWG
// `Request`s as Next.js does (Next.js itself is not installed: docs/host.md says why).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { after, before, describe, it } from "node:test";
import { ROOT } from "../support/docs-pages.js";

const PAGE = join(ROOT, "docs", "host.md");
const WORK = join(ROOT, ".tmp", "host-snippets");
/** Only stops a hung run: each one starts a kit, makes a few requests and exits. */
const RUN_TIMEOUT_MS = 60_000;
const notBuilt = existsSync(join(ROOT, "dist", "host.js")) ? false : "dist/ is missing: run `npm run build` (npm test does)";

/** The blocks of docs/host.md marked `ts host-snippet:<name>`, by name. */
function snippets(): Map<string, string> {
  const found = new Map<string, string>();
  const lines = readFileSync(PAGE, "utf8").split("\n");
  for (let index = 0; index < lines.length; index++) {
    const open = /^```ts host-snippet:([a-z-]+)\s*$/.exec(lines[index]!);
    if (!open) continue;
    const body: string[] = [];
    for (index++; index < lines.length && lines[index] !== "```"; index++) body.push(lines[index]!);
    found.set(open[1]!, body.join("\n") + "\n");
  }
  return found;
}

/** Runs `file` under tsx in `cwd`; asserts that it exits cleanly. */
function run(file: string, cwd: string, env: Record<string, string> = {}): void {
  const result = spawnSync(process.execPath, ["--import", "tsx", file], { cwd, encoding: "utf8", timeout: RUN_TIMEOUT_MS, env: { ...process.env, ...env } });
  assert.equal(result.status, 0, `${file} failed:\n${result.stderr}${result.stdout}`);
}

function write(file: string, text: string): string {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

/**
 * Appended to the Express server: the port it listens on (`PORT=0`: a free one), a live socket of
 * a thread, a post through Express that the socket hears, the thread's list, and Express's own
 * answer outside `/api`. Then everything closes.
 */
const EXPRESS_CHECK = `
import assert from "node:assert/strict";
import { once } from "node:events";
import WebSocket from "ws";

if (!server.listening) await once(server, "listening");
const origin = \`http://127.0.0.1:\${server.address().port}\`;
const socket = new WebSocket(\`\${origin.replace("http", "ws")}/api/threads/t1/live\`);
await once(socket, "open");
const pushed = once(socket, "message");
const posted = await fetch(\`\${origin}/api/threads/t1/messages\`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ clientMessageId: "msg_express", text: "through express", attachments: [] }),
});
assert.equal(posted.status, 201);
const stored = await posted.json();
assert.equal(stored.text, "through express");
const [frame] = await pushed;
assert.deepEqual(JSON.parse(frame.toString()), { type: "message", message: stored });
assert.deepEqual(await (await fetch(\`\${origin}/api/threads/t1/messages\`)).json(), [stored]);
assert.equal((await fetch(\`\${origin}/elsewhere\`)).status, 404, "Express answers what is not under /api");
socket.terminate();
server.closeAllConnections();
await new Promise((done) => server.close(done));
await kit.close();
`;

/** Calls the route module's handlers as Next.js would: a WHATWG Request for the app's own URL. */
const NEXT_DRIVER = `
import assert from "node:assert/strict";
import * as route from "./app/api/[...path]/route.ts";
import { getKit } from "./lib/t3-host.ts";

assert.equal(route.runtime, "nodejs");
assert.equal(route.GET, route.POST);
const base = "https://chat.example.com/api/threads/t1/messages";
const posted = await route.POST(new Request(base, {
  method: "POST",
  headers: { "content-type": "application/json", origin: "https://chat.example.com" },
  body: JSON.stringify({ clientMessageId: "msg_next", text: "through a route handler", attachments: [] }),
}));
assert.equal(posted.status, 201);
const stored = await posted.json();
assert.equal(stored.text, "through a route handler");
const listed = await route.GET(new Request(base + "?limit=10"));
assert.equal(listed.status, 200);
assert.deepEqual(await listed.json(), [stored]);
const provider = await route.GET(new Request(\`\${base}/\${stored.id}/provider\`));
assert.equal(await provider.text(), "through a route handler");
const elsewhere = await route.GET(new Request("https://evil.example/api/threads/t1/messages"));
assert.equal(elsewhere.status, 403, "the kit's allowedHosts holds behind the route too");
assert.equal(await getKit(), await getKit(), "one kit per process");
await (await getKit()).close();
`;

/** A Next.js app's tsconfig.json, as far as the route module needs: the `@/` alias. */
const NEXT_TSCONFIG = JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@/*": ["./*"] } } });

describe("the host kit's mounting snippets (docs/host.md)", { skip: notBuilt }, () => {
  const found = snippets();
  before(() => mkdirSync(WORK, { recursive: true }));
  after(() => rmSync(WORK, { recursive: true, force: true }));

  it("finds the Express server and the Next.js route and kit modules", () => {
    assert.deepEqual([...found.keys()].sort(), ["express", "next-kit", "next-route"]);
  });

  it("runs the Express server: a post through it is stored, listed and pushed live", () => {
    const dir = join(WORK, "express");
    const file = write(join(dir, "server.ts"), found.get("express")! + EXPRESS_CHECK);
    run(file, dir, { PORT: "0" });
  });

  it("answers Next.js-style requests through the route handler", () => {
    const dir = join(WORK, "next");
    write(join(dir, "app", "api", "[...path]", "route.ts"), found.get("next-route")!);
    write(join(dir, "lib", "t3-host.ts"), found.get("next-kit")!);
    write(join(dir, "tsconfig.json"), NEXT_TSCONFIG);
    run(write(join(dir, "drive.ts"), NEXT_DRIVER), dir, { TSX_TSCONFIG_PATH: join(dir, "tsconfig.json") });
  });
});
