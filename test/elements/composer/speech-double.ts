// A test double of the browser's `SpeechRecognition` global (Chromium's own needs a network
// service the tests cannot reach): it records how it was set up and lets the test deliver results,
// errors and the end, as the Web Speech API's events carry them.

export class FakeRecognition extends EventTarget {
  static instances: FakeRecognition[] = [];
  continuous = false;
  interimResults = false;
  lang = "";
  started = false;
  stopped = false;
  aborted = false;
  #results: { transcript: string; isFinal: boolean }[] = [];

  start(): void {
    this.started = true;
    FakeRecognition.instances.push(this);
  }

  stop(): void {
    this.stopped = true;
  }

  abort(): void {
    this.aborted = true;
  }

  /** Delivers a `result` event: earlier final results stay, a new interim one replaces the last interim one. */
  hear(transcript: string, isFinal: boolean): void {
    const firstChanged = this.#results.findIndex((result) => !result.isFinal);
    const resultIndex = firstChanged === -1 ? this.#results.length : firstChanged;
    this.#results = [...this.#results.slice(0, resultIndex), { transcript, isFinal }];
    const results = this.#results.map(({ transcript, isFinal }) => Object.assign([{ transcript, confidence: 1 }], { isFinal }));
    this.dispatchEvent(Object.assign(new Event("result"), { resultIndex, results }));
  }

  fail(error: string): void {
    this.dispatchEvent(Object.assign(new Event("error"), { error, message: "" }));
  }

  end(): void {
    this.dispatchEvent(new Event("end"));
  }
}

type SpeechScope = { SpeechRecognition?: unknown; webkitSpeechRecognition?: unknown };

/** Installs the double as `webkitSpeechRecognition` (Chromium's name); returns the uninstall. */
export function installSpeechDouble(): () => void {
  const scope = window as unknown as SpeechScope;
  const saved = { SpeechRecognition: scope.SpeechRecognition, webkitSpeechRecognition: scope.webkitSpeechRecognition };
  delete scope.SpeechRecognition;
  scope.webkitSpeechRecognition = FakeRecognition;
  FakeRecognition.instances = [];
  return () => {
    scope.SpeechRecognition = saved.SpeechRecognition;
    scope.webkitSpeechRecognition = saved.webkitSpeechRecognition;
    if (saved.SpeechRecognition === undefined) delete scope.SpeechRecognition;
  };
}
