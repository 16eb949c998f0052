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

/**
 * One frame of a reply that an app's agent streams to a thread's live sockets (docs/host.md,
 * "Replies"). Each frame carries the whole text so far, so a frame that is missed costs nothing
 * once the next one comes; the last has `done: true`.
 */
export interface LiveReply {
  /** The reply's id: the transcript message it is shown as. */
  id: string;
  /** The id of the stored message it answers. */
  inReplyTo: string;
  /** Markdown: the whole reply so far. */
  text: string;
  /** Whether this is the reply's last frame. */
  done: boolean;
}

/** @internal The schema of `LiveReply`, which the host kit checks the replies it pushes with. */
export const LiveReplySchema = v.object({ id: v.pipe(v.string(), v.nonEmpty()), inReplyTo: v.string(), text: v.string(), done: v.boolean() });

/** The frame schemas by `type`. */
const FRAME_SCHEMAS = new Map<unknown, v.GenericSchema>([
  ["ack", v.object({ type: v.literal("ack"), id: v.string(), message: SentMessageSchema })],
  ["error", v.object({ type: v.literal("error"), id: v.exactOptional(v.nullable(v.string())), error: HostErrorSchema })],
  ["message", v.object({ type: v.literal("message"), message: SentMessageSchema })],
  ["reply", v.object({ type: v.literal("reply"), reply: LiveReplySchema })],
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
  | { type: "message"; message: Decoded<SentMessage> }
  | { type: "reply"; reply: LiveReply };

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
  if (frame.success && "message" in frame.output) markDecodedMessage(frame.output.message);
  return frame;
}
