// A TCP proxy in front of the host, for WebSocket faults: it can drop every connection, or drop a
// connection as soon as the host sends bytes that contain a given text (an `ack` frame, say: the
// host's frames are unmasked and uncompressed, so their JSON is visible on the wire).
import { connect, createServer, type AddressInfo, type Socket } from "node:net";

export interface TcpProxy {
  /** `http://127.0.0.1:port`. */
  url: string;
  apiUrl: string;
  /** Connections accepted so far (refused ones included). */
  readonly accepted: number;
  /** While true, every new connection is closed at once, as if the host were down. */
  refusing: boolean;
  /** Drop the next connection whose host-to-client bytes contain `text`, before they are passed on. */
  dropOnNext(text: string): void;
  /** Drops every open connection. */
  dropAll(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(upstream: string): Promise<TcpProxy> {
  const target = new URL(upstream);
  const pairs = new Set<[Socket, Socket]>();
  const drops: string[] = [];
  let accepted = 0;
  const server = createServer((client) => {
    accepted++;
    if (proxy.refusing) {
      client.destroy();
      return;
    }
    const host = connect(Number(target.port), target.hostname);
    const pair: [Socket, Socket] = [client, host];
    pairs.add(pair);
    const drop = () => {
      client.destroy();
      host.destroy();
      pairs.delete(pair);
    };
    client.on("data", (chunk) => host.write(chunk));
    host.on("data", (chunk: Buffer) => {
      const index = drops.findIndex((text) => chunk.includes(text));
      if (index >= 0) {
        drops.splice(index, 1);
        drop();
        return;
      }
      client.write(chunk);
    });
    client.on("close", drop);
    host.on("close", drop);
    client.on("error", drop);
    host.on("error", drop);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const proxy: TcpProxy = {
    refusing: false,
    url,
    apiUrl: `${url}/api`,
    get accepted() {
      return accepted;
    },
    dropOnNext: (text) => drops.push(text),
    dropAll() {
      for (const [client, host] of [...pairs]) {
        client.destroy();
        host.destroy();
      }
      pairs.clear();
    },
    close() {
      this.dropAll();
      return new Promise((done) => server.close(() => done()));
    },
  };
  return proxy;
}
