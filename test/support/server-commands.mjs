// Test-runner server commands that reach what a page cannot do itself, through the DevTools
// protocol of the page under test.
import { writeFileSync } from "node:fs";
import { emulateMediaPlugin, sendKeysPlugin, setViewportPlugin, sendMousePlugin } from "@web/test-runner-commands/plugins";
import { a11yCommandsPlugin } from "./a11y-commands.mjs";
import { ENGINE } from "./browsers.mjs";
import { urlRulesPlugin } from "./url-rules.mjs";
import { webdriverCommandsPlugin } from "./webdriver-commands.mjs";
import { addHostFault, clearHostFaults, HOST_PROXY_PREFIX, proxyHostUpgrades, releaseStalledBodies } from "./host-proxy.mjs";
import {
  disposeAllTestHosts,
  disposeTestHost,
  listTestHostFiles,
  queryTestHost,
  restartTestHost,
  startTestHost,
  stopTestHost,
  testHost,
} from "./test-hosts.mjs";

export { hostProxyMiddleware } from "./host-proxy.mjs";
export { urlRulesMiddleware } from "./url-rules.mjs";

// One DevTools session per page, opened on first use.
const sessions = new WeakMap();

async function devtools(session) {
  if (session.browser.type !== "puppeteer") throw new Error(`${session.browser.type} has no DevTools session`);
  const page = session.browser.getPage(session.id);
  let client = sessions.get(page);
  if (!client) {
    client = await page.createCDPSession();
    sessions.set(page, client);
  }
  return client;
}

/**
 * Real IME input, as a Chinese or Japanese input method produces it:
 * - `ime-compose` `{ text, selectionStart?, selectionEnd? }`: `Input.imeSetComposition` (starts or
 *   updates the composition: `compositionstart`/`compositionupdate`, `isComposing` key events);
 * - `ime-commit` `{ text }`: `Input.insertText`, which commits an open composition with `text`;
 * - `raw-key` `{ type, key, code, windowsVirtualKeyCode, modifiers? }`: `Input.dispatchKeyEvent`
 *   as it is (for the keyCode 229 an IME gives every key while it composes);
 * - `user-agent` `{ userAgent }`: `Emulation.setUserAgentOverride`, for the page and its frames
 *   (a frame loaded after it runs its modules under that agent, as on a phone).
 */
function imePlugin() {
  return {
    name: "t3-ime-commands",
    async executeCommand({ command, payload, session }) {
      if (command === "ime-compose") {
        const client = await devtools(session);
        const end = payload.text.length;
        await client.send("Input.imeSetComposition", {
          text: payload.text,
          selectionStart: payload.selectionStart ?? end,
          selectionEnd: payload.selectionEnd ?? end,
        });
        return true;
      }
      if (command === "ime-commit") {
        const client = await devtools(session);
        await client.send("Input.insertText", { text: payload.text });
        return true;
      }
      if (command === "user-agent") {
        const client = await devtools(session);
        await client.send("Emulation.setUserAgentOverride", { userAgent: payload.userAgent });
        return true;
      }
      if (command === "raw-key") {
        const client = await devtools(session);
        await client.send("Input.dispatchKeyEvent", payload);
        return true;
      }
      return undefined;
    },
  };
}

/**
 * For the lifecycle suite:
 * - `heap-after-gc`: forces full garbage collections (`HeapProfiler.collectGarbage`) and answers
 *   `{ usedSize, nodes, listeners }`: the V8 heap in use (`Runtime.getHeapUsage`), and the page's
 *   live DOM nodes and JS event listeners (`Performance.getMetrics`);
 * - `heap-census` `{ file? }`: the objects of the heap by constructor (see `heapCensus`), to find
 *   what a leak keeps;
 * - `lifecycle-cycles`: how many mount/unmount cycles to run, `T3_LIFECYCLE_CYCLES` (default 1,000).
 */
function heapPlugin() {
  const DEFAULT_CYCLES = 1000;
  // Finalization and weak callbacks of one collection can free more on the next.
  const COLLECTIONS = 3;
  return {
    name: "t3-heap-commands",
    async executeCommand({ command, session, payload }) {
      if (command === "lifecycle-cycles") return Number(process.env.T3_LIFECYCLE_CYCLES ?? DEFAULT_CYCLES);
      if (command === "heap-census") return heapCensus(await devtools(session), payload);
      if (command !== "heap-after-gc") return undefined;
      const client = await devtools(session);
      await client.send("Performance.enable");
      for (let i = 0; i < COLLECTIONS; i++) await client.send("HeapProfiler.collectGarbage");
      const { usedSize } = await client.send("Runtime.getHeapUsage");
      const { metrics } = await client.send("Performance.getMetrics");
      const metric = (name) => metrics.find((entry) => entry.name === name)?.value;
      return { usedSize, nodes: metric("Nodes"), listeners: metric("JSEventListeners") };
    },
  };
}

/**
 * A heap snapshot (`HeapProfiler.takeHeapSnapshot`, which collects first), summed by node type and
 * name: `{ "object Foo": [count, selfSize], "closure bar": […], "string": […] }`. Strings, numbers
 * and code are summed by type alone (their names are their contents). With `{ file }`, the
 * snapshot is also written there, to be opened in DevTools or compared with another by node id
 * (ids stay the same across the snapshots of one page). Keep the answer out of the page's heap
 * between readings: its thousands of entries are themselves heap.
 */
async function heapCensus(client, payload) {
  const chunks = [];
  const onChunk = ({ chunk }) => chunks.push(chunk);
  client.on("HeapProfiler.addHeapSnapshotChunk", onChunk);
  try {
    await client.send("HeapProfiler.takeHeapSnapshot", { reportProgress: false, captureNumericValue: false });
  } finally {
    client.off("HeapProfiler.addHeapSnapshotChunk", onChunk);
  }
  const raw = chunks.join("");
  if (payload?.file) writeFileSync(payload.file, raw);
  const { snapshot, nodes, strings } = JSON.parse(raw);
  const fields = snapshot.meta.node_fields;
  const types = snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ["type", "name", "self_size"].map((field) => fields.indexOf(field));
  const byName = new Set(["object", "closure", "native", "hidden", "object shape", "array", "synthetic"]);
  const census = Object.create(null);
  for (let i = 0; i < nodes.length; i += fields.length) {
    const type = types[nodes[i + typeAt]];
    const key = byName.has(type) ? `${type} ${strings[nodes[i + nameAt]].slice(0, 80)}` : type;
    const entry = (census[key] ??= [0, 0]);
    entry[0]++;
    entry[1] += nodes[i + sizeAt];
  }
  return census;
}

/**
 * Reference hosts for end-to-end tests (`test-hosts.mjs`), reached by the page through the
 * proxy at `/t3-host/<id>/` (`host-proxy.mjs`). Tests call these through `test/support/host.ts`:
 * - `host-start` `{ limits?, assistant? }` → `{ id, path, directUrl }`: a host on a free port with a fresh
 *   data folder; `path` (`/t3-host/<id>/`) is where the page reaches it;
 * - `host-stop` `{ id }`: the host goes down (data kept); `host-restart` `{ id }`: up again, same port and data;
 * - `host-rows` `{ id, sql, params? }` → rows of a read-only query on its SQLite file;
 * - `host-files` `{ id }` → the files in its attachments folder;
 * - `host-fault` `{ id, fault, method?, path?, times?, bytes?, text? }`: the next matching requests get
 *   that fault (see `HostFault`); `host-clear-faults` `{ id }`; `host-release` `{ id }` → how
 *   many stalled bodies went on;
 * - `host-dispose` `{ id }`: stopped and its data deleted. Hosts left over are disposed when the
 *   test server stops.
 */
function hostPlugin() {
  const commands = {
    "host-start": async ({ limits, assistant }) => {
      const host = await startTestHost(limits, assistant);
      return { id: host.id, path: `${HOST_PROXY_PREFIX}${host.id}/`, directUrl: host.running.url };
    },
    "host-stop": ({ id }) => stopTestHost(id).then(() => true),
    "host-restart": ({ id }) => restartTestHost(id).then(() => true),
    "host-rows": ({ id, sql, params }) => queryTestHost(id, sql, params ?? []),
    "host-files": ({ id }) => listTestHostFiles(id),
    "host-fault": ({ id, ...rule }) => {
      testHost(id);
      addHostFault(String(id), rule);
      return true;
    },
    "host-clear-faults": ({ id }) => {
      clearHostFaults(String(id));
      return true;
    },
    "host-release": ({ id }) => releaseStalledBodies(String(id)),
    "host-dispose": async ({ id }) => {
      clearHostFaults(String(id));
      releaseStalledBodies(String(id));
      await disposeTestHost(id);
      return true;
    },
  };
  return {
    name: "t3-host-commands",
    serverStart({ server }) {
      proxyHostUpgrades(server);
    },
    async serverStop() {
      await disposeAllTestHosts();
    },
    executeCommand({ command, payload }) {
      const run = commands[command];
      return run ? run(payload ?? {}) : undefined;
    },
  };
}

/**
 * `grant-clipboard`: lets the page read and write the system clipboard (`navigator.clipboard`),
 * as a person does by accepting the permission prompt.
 */
function clipboardPlugin() {
  return {
    name: "t3-clipboard-commands",
    async executeCommand({ command, session }) {
      if (command !== "grant-clipboard") return undefined;
      // Firefox's permissions API over BiDi knows no clipboard-read: the page may read through
      // the pref the runner starts it with (test/support/browsers.mjs). WebDriver has no
      // permission to grant for it: WebKit lets a page under automation read the clipboard.
      if (ENGINE !== "chromium") return true;
      const page = session.browser.getPage(session.id);
      await page.browserContext().overridePermissions(new URL(page.url()).origin, ["clipboard-read", "clipboard-write", "clipboard-sanitized-write"]);
      return true;
    },
  };
}

/**
 * `block-urls` `{ patterns }`: the page (and its frames) fails every request whose URL matches one
 * of `patterns` (`*` is a wildcard), as a chunk that cannot be fetched does; `{ patterns: [] }`
 * lets everything through again (`Network.setBlockedURLs`).
 */
function networkPlugin() {
  return {
    name: "t3-network-commands",
    async executeCommand({ command, payload, session }) {
      if (command !== "block-urls") return undefined;
      const client = await devtools(session);
      await client.send("Network.enable");
      await client.send("Network.setBlockedURLs", { urls: payload.patterns });
      return true;
    },
  };
}

/** How long `release-urls` waits for the requests it expects, and how often it looks, in ms. */
const HOLD_WAIT_MS = 10_000;
const HOLD_POLL_MS = 10;

/**
 * `hold-urls` `{ patterns }`: the page (and its frames) holds every request whose URL matches one
 * of `patterns` (`*` is a wildcard) until `release-urls`, as a chunk on a slow link arrives late
 * (`Fetch.enable`, `Fetch.continueRequest`). `release-urls` `{ expected? }` waits (up to
 * `HOLD_WAIT_MS`) until `expected` requests are held, lets them go, holds nothing more, and
 * returns how many it let go.
 */
function holdPlugin() {
  /** The paused requests of each DevTools session. */
  const held = new WeakMap();
  return {
    name: "t3-hold-commands",
    async executeCommand({ command, payload, session }) {
      if (command !== "hold-urls" && command !== "release-urls") return undefined;
      const client = await devtools(session);
      if (!held.has(client)) {
        held.set(client, []);
        client.on("Fetch.requestPaused", (event) => held.get(client).push(event.requestId));
      }
      if (command === "hold-urls") {
        await client.send("Network.enable");
        // The memory and disk caches would answer a chunk fetched before without asking.
        await client.send("Network.setCacheDisabled", { cacheDisabled: true });
        await client.send("Fetch.enable", { patterns: payload.patterns.map((urlPattern) => ({ urlPattern, requestStage: "Request" })) });
        return true;
      }
      const expected = payload?.expected ?? 0;
      for (const started = Date.now(); held.get(client).length < expected && Date.now() - started < HOLD_WAIT_MS; ) {
        await new Promise((resolve) => setTimeout(resolve, HOLD_POLL_MS));
      }
      const paused = held.get(client).splice(0);
      // A request held by an earlier `hold-urls` may have gone on with its Fetch.disable already.
      for (const requestId of paused) await client.send("Fetch.continueRequest", { requestId }).catch(() => {});
      await client.send("Fetch.disable");
      await client.send("Network.setCacheDisabled", { cacheDisabled: false });
      return paused.length;
    },
  };
}

/** `engine`: the engine the runner started (`T3_ENGINE`), for the page to check its own guess. */
function enginePlugin() {
  return {
    name: "t3-engine-command",
    executeCommand: ({ command }) => (command === "engine" ? ENGINE : undefined),
  };
}

export function serverCommands() {
  return [
    enginePlugin(),
    webdriverCommandsPlugin(),
    sendKeysPlugin(),
    setViewportPlugin(),
    sendMousePlugin(),
    emulateMediaPlugin(),
    imePlugin(),
    clipboardPlugin(),
    hostPlugin(),
    heapPlugin(),
    // Page-scoped through DevTools in Chromium (two files run at once there); from the test server
    // in the engines without DevTools, which run one file at a time (url-rules.mjs).
    ...(ENGINE === "chromium" ? [networkPlugin(), holdPlugin()] : [urlRulesPlugin()]),
    a11yCommandsPlugin(devtools),
  ];
}
