// The host's answers as valibot schemas. Everything a host sends is untrusted: a body or frame
// that does not match becomes a typed failure, never an exception in the adapter.
import * as v from "valibot";
import { decodeSentMessage, decodeWith, markDecodedMessage, type Decoded } from "../contract/decode.js";
import { SentMessageSchema, type SentMessage } from "../contract/messages.js";
import type { DecodeResult } from "../contract/types.js";

/** @internal `{ attachmentId }`, the answer to an upload. */
export const UploadAnswerSchema = v.object({ attachmentId: v.pipe(v.string(), v.nonEmpty()) });

const HostErrorSchema = v.object({
  code: v.exactOptional(v.string()),
  message: v.exactOptional(v.string()),
  issues: v.exactOptional(v.unknown()),
});

/** The frame schemas by `type`. */
const FRAME_SCHEMAS = new Map<unknown, v.GenericSchema>([
  ["ack", v.object({ type: v.literal("ack"), id: v.string(), message: SentMessageSchema })],
  ["error", v.object({ type: v.literal("error"), id: v.exactOptional(v.nullable(v.string())), error: HostErrorSchema })],
  ["message", v.object({ type: v.literal("message"), message: SentMessageSchema })],
]);
/** What a frame of no known type fails with: an issue at `type`. */
const UnknownFrameSchema = v.object({ type: v.picklist([...FRAME_SCHEMAS.keys()] as string[]) });

/**
 * @internal Every frame the host may send on the live WebSocket. Dispatched on `type` by hand
 * (as the contract does on `kind`): valibot's `variant` would add a kilobyte to the drop-in.
 */
export const ServerFrameSchema = v.lazy((input: unknown) => {
  const type = typeof input === "object" && input !== null ? (input as { type?: unknown }).type : undefined;
  return FRAME_SCHEMAS.get(type) ?? UnknownFrameSchema;
});

/** @internal A frame once decoded: its message has passed the trust boundary. */
export type ServerFrame =
  | { type: "ack"; id: string; message: Decoded<SentMessage> }
  | { type: "error"; id?: string | null; error: v.InferOutput<typeof HostErrorSchema> }
  | { type: "message"; message: Decoded<SentMessage> };

/** @internal A client frame: one send, to be answered by an `ack` or an `error` with the same id. */
export interface SendFrame {
  type: "send";
  id: string;
  message: unknown;
}

/** @internal Validates a parsed answer to a send. */
export function parseSentMessage(input: unknown): DecodeResult<Decoded<SentMessage>> {
  return decodeSentMessage(input);
}

/** @internal Parses the text of one frame; bad JSON and bad shapes are both typed failures. */
export function parseServerFrame(data: unknown): DecodeResult<ServerFrame> {
  if (typeof data !== "string") return { success: false, issues: [{ path: "", message: "Expected a text frame" }] };
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return { success: false, issues: [{ path: "", message: "Expected JSON" }] };
  }
  const frame = decodeWith(ServerFrameSchema, json) as DecodeResult<ServerFrame>;
  if (frame.success && frame.output.type !== "error") markDecodedMessage(frame.output.message);
  return frame;
}
