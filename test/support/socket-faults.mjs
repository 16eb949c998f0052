// WebSocket faults of the host proxy (host-proxy.mjs), for connections already open: the live
// socket connects when its transport is made, before a test says what should go wrong.
//   - `drop-socket-on` `{ text }`: the next connection whose host-to-client bytes contain `text`
//     drops before they are passed on (an `ack` frame, say: the host's frames are unmasked, so
//     their JSON is visible on the wire);
//   - `duplicate-socket-frame`: the next client-to-host chunk (one frame, for small frames) is
//     delivered twice;
//   - `inject-socket-frame` `{ text }`: a text frame carrying `text` goes at once to the client of
//     every open connection, as if the host had sent it (a garbage frame, say). Meant for idle
//     connections: written between two chunks of the host's, it would split a frame that a chunk
//     left unfinished, and the host's frames are small and come whole.

/** @type {Map<string, { drops: string[], duplicates: number }>} */
const faultsByHost = new Map();

function faultsOf(id) {
  let faults = faultsByHost.get(id);
  if (!faults) faultsByHost.set(id, (faults = { drops: [], duplicates: 0 }));
  return faults;
}

/** @type {Map<string, Set<import("node:net").Socket>>} client sockets past the 101 answer, by host */
const upgradedByHost = new Map();

/** WebSocket opcode of a text frame, with the FIN bit: the whole message in one frame. */
const FIN_TEXT = 0x81;
/** Payload lengths up to this fit the length byte; up to 0xffff take 126 and two more bytes. */
const SHORT_LENGTH_MAX = 125;
const LENGTH_16 = 126;

/** One unmasked (host-to-client) text frame carrying `text`. */
function textFrame(text) {
  const payload = Buffer.from(text, "utf8");
  if (payload.length > 0xffff) throw new RangeError("inject-socket-frame: the text is too long for this helper");
  const short = payload.length <= SHORT_LENGTH_MAX;
  const head = Buffer.alloc(short ? 2 : 4);
  head[0] = FIN_TEXT;
  head[1] = short ? payload.length : LENGTH_16;
  if (!short) head.writeUInt16BE(payload.length, 2);
  return Buffer.concat([head, payload]);
}

/** Whether `rule` is a socket fault; if so it is recorded for host `id` (or, injecting, applied now). */
export function addSocketFault(id, rule) {
  if (rule.fault === "drop-socket-on") faultsOf(id).drops.push(String(rule.text));
  else if (rule.fault === "duplicate-socket-frame") faultsOf(id).duplicates += rule.times ?? 1;
  else if (rule.fault === "inject-socket-frame") {
    const frame = textFrame(String(rule.text));
    for (const client of upgradedByHost.get(id) ?? []) client.write(frame);
  } else return false;
  return true;
}

export function clearSocketFaults(id) {
  faultsByHost.delete(id);
}

/** Pipes an upgraded `client` and `upstream` both ways, applying host `id`'s socket faults. */
export function pipeWithFaults(id, client, upstream, close) {
  client.on("data", (chunk) => {
    upstream.write(chunk);
    const faults = faultsByHost.get(id);
    if (faults?.duplicates > 0 && upgraded) {
      faults.duplicates--;
      upstream.write(chunk);
    }
  });
  let upgraded = false;
  client.once("close", () => {
    const clients = upgradedByHost.get(id);
    clients?.delete(client);
    if (clients?.size === 0) upgradedByHost.delete(id);
  });
  upstream.on("data", (chunk) => {
    if (!upgraded) {
      upgraded = true; // the host's first bytes are its 101 answer: frames follow
      // An injection comes in a later task, after this chunk (the 101) has been written below.
      const clients = upgradedByHost.get(id) ?? new Set();
      clients.add(client);
      upgradedByHost.set(id, clients);
    }
    const drops = faultsByHost.get(id)?.drops ?? [];
    const index = drops.findIndex((text) => chunk.includes(text));
    if (index >= 0) {
      drops.splice(index, 1);
      close();
      return;
    }
    client.write(chunk);
  });
}
