// WebSocket faults of the host proxy (host-proxy.mjs), for connections already open: the live
// socket connects when its transport is made, before a test says what should go wrong.
//   - `drop-socket-on` `{ text }`: the next connection whose host-to-client bytes contain `text`
//     drops before they are passed on (an `ack` frame, say: the host's frames are unmasked, so
//     their JSON is visible on the wire);
//   - `duplicate-socket-frame`: the next client-to-host chunk (one frame, for small frames) is
//     delivered twice.

/** @type {Map<string, { drops: string[], duplicates: number }>} */
const faultsByHost = new Map();

function faultsOf(id) {
  let faults = faultsByHost.get(id);
  if (!faults) faultsByHost.set(id, (faults = { drops: [], duplicates: 0 }));
  return faults;
}

/** Whether `rule` is a socket fault; if so it is recorded for host `id`. */
export function addSocketFault(id, rule) {
  if (rule.fault === "drop-socket-on") faultsOf(id).drops.push(String(rule.text));
  else if (rule.fault === "duplicate-socket-frame") faultsOf(id).duplicates += rule.times ?? 1;
  else return false;
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
  upstream.on("data", (chunk) => {
    upgraded = true; // the host's first bytes are its 101 answer: frames follow
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
