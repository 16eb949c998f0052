// Request faults of the host proxy (host-proxy.mjs) beyond refusing, failing and hanging:
//   - `late`: the host handles the request; its answer is held back until the client gives up
//     (an answer slower than the client's timeout);
//   - `cut-body`: half the body reaches the host, then both connections drop (an upload cut
//     half way);
//   - `duplicate`: the whole request reaches the host twice, and the client gets the second
//     answer (a network or a proxy delivering twice).
import { request as forward } from "node:http";

/**
 * The request's headers for the host: the same, but addressed to the host itself. The proxies put
 * the host on the page's origin, so a request from the page's own origin is a same-origin request
 * of the host's (its Origin check passes); a request from any other origin keeps its Origin.
 */
export function upstreamHeaders(req, port) {
  const headers = { ...req.headers, host: `127.0.0.1:${port}` };
  if (req.headers.origin === `http://${req.headers.host}`) headers.origin = `http://127.0.0.1:${port}`;
  return headers;
}

/** The request's options for the host: its headers as `upstreamHeaders` makes them, unpooled. */
function upstreamOptions(host, path, req) {
  return { host: "127.0.0.1", port: host.port, method: req.method, path, headers: upstreamHeaders(req, host.port), agent: false };
}

/** Holds the client's connection with the host's, so that stopping the host drops both. */
function hold(host, req) {
  host.sockets.add(req.socket);
  req.socket.once("close", () => host.sockets.delete(req.socket));
}

export function late(host, path, req) {
  const upstream = forward(upstreamOptions(host, path, req), (answer) => answer.resume());
  upstream.on("error", () => req.socket.destroy());
  hold(host, req);
  req.pipe(upstream);
}

export function cutBody(host, path, req) {
  const half = Math.floor(Number(req.headers["content-length"] ?? 0) / 2);
  const upstream = forward(upstreamOptions(host, path, req), (answer) => answer.resume());
  upstream.on("error", () => {});
  let passed = 0;
  req.on("data", (chunk) => {
    if (passed >= half) return;
    const part = chunk.subarray(0, half - passed);
    passed += part.length;
    upstream.write(part);
    if (passed < half) return;
    // Let the host read what it got, then cut both sides, as a lost connection does.
    setImmediate(() => {
      upstream.destroy();
      req.socket.destroy();
    });
  });
}

export function duplicate(host, path, req, res) {
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    const body = Buffer.concat(chunks);
    const once = (then) => {
      const upstream = forward(upstreamOptions(host, path, req), then);
      upstream.on("error", () => req.socket.destroy());
      upstream.end(body);
    };
    once((first) => {
      first.resume();
      first.on("end", () =>
        once((second) => {
          res.writeHead(second.statusCode ?? 502, second.headers);
          second.pipe(res);
        }),
      );
    });
  });
}
