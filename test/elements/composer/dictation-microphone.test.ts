// Runs in the `microphone` group (web-test-runner.config.mjs): Chromium's fake media device,
// granted or denied through the page's permissions (page-commands.mjs), and MediaRecorder
// recording it for real; `transcribe` is the test's stub.
import { expect } from "@esm-bundle/chai";
import { executeServerCommand } from "@web/test-runner-commands";
import { createRecordedSpeech } from "../../../src/elements/composer/speech.js";
import { focusEnd, mount, record, type, unmountAll } from "./helpers.js";
import { click, part, until } from "./toolbar-helpers.js";
import { describeIn } from "../../support/engine.js";

/** Watches the real `getUserMedia` (still called): resolves once it has granted a stream. */
function watchMicrophone(): { granted: Promise<MediaStream>; restore(): void } {
  const devices = navigator.mediaDevices;
  const original = devices.getUserMedia;
  let resolve!: (stream: MediaStream) => void;
  const granted = new Promise<MediaStream>((done) => (resolve = done));
  devices.getUserMedia = async function (constraints) {
    const stream = await original.call(devices, constraints);
    resolve(stream);
    return stream;
  };
  return { granted, restore: () => void (devices.getUserMedia = original) };
}

// Chromium only: the microphone is Chromium's fake media device (a command-line flag), and
// WebDriver BiDi cannot grant the microphone permission in Firefox.
describeIn(["chromium"], "<t3-composer> dictation with createRecordedSpeech and the microphone", () => {
  let restore = () => {};
  afterEach(async () => {
    unmountAll();
    restore();
    await executeServerCommand("permissions-reset");
  });

  it("records the microphone until the second click, then inserts what transcribe answers", async () => {
    await executeServerCommand("permissions-grant", { names: ["microphone"] });
    const recordings: Blob[] = [];
    const el = await mount();
    el.speech = createRecordedSpeech({
      transcribe: async (audio) => {
        recordings.push(audio);
        return "spoken text";
      },
    });
    await el.updateComplete;
    await focusEnd(el);
    await type("say:");
    const watch = watchMicrophone();
    restore = watch.restore;
    await click(part(el, "dictate-button")!);
    const stream = await watch.granted;
    await until(() => part(el, "dictate-button")!.getAttribute("aria-pressed") === "true", "the pressed button");
    // Some audio: the fake device's track has delivered at least one frame once it is live.
    await until(() => stream.getAudioTracks()[0]?.readyState === "live", "the live track");
    await click(part(el, "dictate-button")!);
    await until(() => el.value.text === "say: spoken text", "the transcribed text");
    expect(recordings).to.have.length(1);
    expect(recordings[0]!.size).to.be.greaterThan(0);
    expect(recordings[0]!.type).to.match(/^audio\//);
    expect(stream.getAudioTracks().every((track) => track.readyState === "ended")).to.equal(true);
  });

  it("shows a denied microphone in the notice and never calls transcribe", async () => {
    await executeServerCommand("permissions-deny");
    let calls = 0;
    const el = await mount();
    el.speech = createRecordedSpeech({
      transcribe: async () => {
        calls++;
        return "never";
      },
    });
    await el.updateComplete;
    const errors = record(el, "t3-error");
    await click(part(el, "dictate-button")!);
    await until(() => part(el, "error") !== null, "the notice");
    expect(errors.map((event) => event.detail.code)).to.deep.equal(["microphone-denied"]);
    expect(part(el, "error")!.textContent).to.contain("Dictation needs the microphone.");
    expect(calls).to.equal(0);
    expect(part(el, "dictate-button")!.getAttribute("aria-pressed")).to.equal("false");
  });

  it("throws a TypeError for createRecordedSpeech without transcribe", () => {
    expect(() => createRecordedSpeech({} as never)).to.throw(TypeError, /transcribe must be a function/);
  });
});
