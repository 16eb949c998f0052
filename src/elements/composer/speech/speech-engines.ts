// The speech chunk (speech.ts says when it loads): listening with the browser's own recognizer,
// and recording the microphone for `createRecordedSpeech`.
import type { SpeechResult } from "../speech.js";
import { Pending } from "./pending.js";

/** The part of the Web Speech API's recognizer used here (lib.dom has no types for it). */
interface Recognizer extends EventTarget {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  start(): void;
  stop(): void;
  abort(): void;
}

interface RecognitionResultEvent extends Event {
  readonly resultIndex: number;
  readonly results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }>;
}

/**
 * The recognizer's `error` codes that mean the microphone or the service was refused
 * (https://webaudio.github.io/web-speech-api/#speechreco-error): reported as a denied microphone.
 */
const DENIED = new Set(["not-allowed", "service-not-allowed", "audio-capture"]);
/** Codes that end listening without a failure: silence, or our own `abort()`. */
const QUIET = new Set(["no-speech", "aborted"]);

/** The result event's pieces: each final result, then the interim ones joined, if any. */
function piecesOf(event: RecognitionResultEvent): SpeechResult[] {
  const pieces: SpeechResult[] = [];
  let interim = "";
  for (let index = event.resultIndex; index < event.results.length; index++) {
    const result = event.results[index]!;
    const text = result[0]?.transcript ?? "";
    if (result.isFinal) pieces.push({ text, final: true });
    else interim += text;
  }
  if (interim !== "") pieces.push({ text: interim, final: false });
  return pieces;
}

/** Listens with the browser's recognizer until `signal` aborts; then yields its last results. */
export async function* listen(signal: AbortSignal, lang: string): AsyncGenerator<SpeechResult> {
  const scope = globalThis as { SpeechRecognition?: new () => Recognizer; webkitSpeechRecognition?: new () => Recognizer };
  const Recognition = scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
  if (!Recognition) throw new DOMException("This browser has no speech recognition.", "NotSupportedError");
  const recognizer = new Recognition();
  recognizer.continuous = true;
  recognizer.interimResults = true;
  if (lang) recognizer.lang = lang;
  const pending = new Pending<SpeechResult>();
  recognizer.addEventListener("result", (event) => {
    for (const piece of piecesOf(event as RecognitionResultEvent)) pending.push(piece);
  });
  recognizer.addEventListener("error", (event) => {
    const { error, message } = event as Event & { error?: string; message?: string };
    if (QUIET.has(error ?? "")) return;
    const name = DENIED.has(error ?? "") ? "NotAllowedError" : "OperationError";
    pending.fail(new DOMException(message || `Speech recognition failed: ${String(error)}`, name));
  });
  recognizer.addEventListener("end", () => pending.end());
  // `stop()`, not `abort()`: the recognizer still delivers what it heard before the stop.
  const stop = () => recognizer.stop();
  signal.addEventListener("abort", stop, { once: true });
  try {
    recognizer.start();
    if (signal.aborted) stop();
    yield* pending;
  } finally {
    signal.removeEventListener("abort", stop);
    recognizer.abort(); // a consumer that left early: nothing keeps the microphone on
  }
}

/**
 * Records the microphone until `signal` aborts; resolves with the recording (empty when it was
 * stopped before the microphone was granted). Rejects with the `getUserMedia` failure, such as a
 * `NotAllowedError` for a denied microphone.
 */
export async function record(signal: AbortSignal, mimeType: string | undefined): Promise<Blob> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  try {
    if (signal.aborted) return new Blob();
    const recorder = new MediaRecorder(stream, mimeType && MediaRecorder.isTypeSupported(mimeType) ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    recorder.addEventListener("dataavailable", (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    });
    const stopped = new Promise<void>((resolve, reject) => {
      recorder.addEventListener("stop", () => resolve());
      recorder.addEventListener("error", (event) => reject((event as ErrorEvent).error ?? new DOMException("Recording failed.", "OperationError")));
    });
    const stop = () => {
      if (recorder.state !== "inactive") recorder.stop();
    };
    signal.addEventListener("abort", stop, { once: true });
    recorder.start();
    await stopped;
    signal.removeEventListener("abort", stop);
    return new Blob(chunks, { type: recorder.mimeType });
  } finally {
    for (const track of stream.getTracks()) track.stop();
  }
}
