// Types of request-faults.mjs, for the Node suites' fault proxy (test/node/support/fault-proxy.ts).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** The host a fault forwards to: its port, and the sockets to drop when it stops. */
export interface FaultHost {
  port: number;
  sockets: Set<Socket>;
}

export function late(host: FaultHost, path: string, req: IncomingMessage): void;
export function cutBody(host: FaultHost, path: string, req: IncomingMessage): void;
export function duplicate(host: FaultHost, path: string, req: IncomingMessage, res: ServerResponse): void;
export function upstreamHeaders(req: IncomingMessage, port: number): IncomingMessage["headers"];
