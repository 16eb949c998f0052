// Dictation's engines (docs/composer.md, "Dictation"): what a speech engine is, the built-in one
// over the browser's own recognizer, and `createRecordedSpeech`, which records the microphone and
// hands the audio to the host. The code that listens and records is a chunk of its own
// (speech/speech-engines.ts), fetched on the first click of Dictate: the first load
// holds only these few lines.
import { loadFailed } from "../chunks.js";

/** One piece of recognized speech: `final: false` is a guess that a later piece replaces. */
export interface SpeechResult {
  text: string;
  final: boolean;
}

/**
 * A speech engine, the composer's `speech` property. `start(signal)` listens until `signal`
 * aborts (the person stopped dictation), then yields what is still to come as final pieces and
 * ends. A failure is thrown from the iteration; a `DOMException` named `NotAllowedError` means
 * the microphone was denied.
 */
export interface ComposerSpeech {
  /** Starts listening; the pieces it yields are interim (`final: false`) or final text, until `signal` aborts. */
  start(signal: AbortSignal): AsyncIterable<SpeechResult>;
}

/** What `createRecordedSpeech` takes. */
export interface RecordedSpeechOptions {
  /** Turns a recording into text (a request to a transcription service, say); `""`: nothing was said. */
  transcribe(audio: Blob): Promise<string>;
  /** The recording's MIME type, if the browser can record it; default: the browser's choice. */
  mimeType?: string;
}

interface RecognitionWindow {
  SpeechRecognition?: unknown;
  webkitSpeechRecognition?: unknown;
}

/** Whether this browser has its own speech recognizer (Chromium and Safari prefix it `webkit`). */
export function hasBrowserSpeech(): boolean {
  const scope = globalThis as RecognitionWindow;
  return typeof (scope.SpeechRecognition ?? scope.webkitSpeechRecognition) === "function";
}

/** Whether `value` looks like a speech engine (an object with `start`). */
export function isSpeech(value: unknown): value is ComposerSpeech {
  return typeof value === "object" && value !== null && typeof (value as Partial<ComposerSpeech>).start === "function";
}

/** The speech chunk; a failed fetch is `load-failed`, as the composer's other chunks' are. */
function speechChunk() {
  return import("./speech/speech-engines.js").catch((cause: unknown) => {
    throw loadFailed(cause);
  });
}

/** The built-in engine over the browser's `SpeechRecognition`, in the language `lang()` gives. */
export function browserSpeech(lang: () => string): ComposerSpeech {
  return {
    async *start(signal) {
      const chunk = await speechChunk();
      yield* chunk.listen(signal, lang());
    },
  };
}

/**
 * A speech engine that records the microphone with `MediaRecorder` while dictation runs and, once
 * it stops, yields what `transcribe(audio)` answers as one final piece (docs/composer.md,
 * "Dictation", has a recipe for an OpenAI-compatible endpoint). Throws a TypeError when
 * `transcribe` is not a function.
 */
export function createRecordedSpeech(options: RecordedSpeechOptions): ComposerSpeech {
  const transcribe = options?.transcribe;
  if (typeof transcribe !== "function") throw new TypeError(`createRecordedSpeech: transcribe must be a function, got ${String(transcribe)}`);
  const mimeType = options.mimeType;
  return {
    async *start(signal) {
      const chunk = await speechChunk();
      const audio = await chunk.record(signal, mimeType);
      if (audio.size === 0) return;
      const text = await transcribe(audio);
      if (typeof text === "string" && text.trim() !== "") yield { text, final: true };
    },
  };
}
