// `t3-composer/transport`: the transport interface and its adapters.
export { ComposerError } from "./errors.js";
export type { ComposerErrorCode } from "./errors.js";
export type {
  ComposerTransport,
  OutgoingMessage,
  SentMessage,
  TranscriptAttachment,
  UploadOptions,
} from "./types.js";
