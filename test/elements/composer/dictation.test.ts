import { expect } from "@esm-bundle/chai";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import type { ComposerSpeech, SpeechResult } from "../../../src/elements/composer/speech.js";
import { T1, chipsOf, chord, focusEnd, mount, press, record, terminal, type, unmountAll } from "./helpers.js";
import { FakeRecognition, installSpeechDouble } from "./speech-double.js";
import { click, part, until } from "./toolbar-helpers.js";

/** Clicks Dictate and waits for the double to be listening. */
async function startDictation(el: T3ComposerElement): Promise<FakeRecognition> {
  const count = FakeRecognition.instances.length;
  await click(part(el, "dictate-button")!);
  await until(() => FakeRecognition.instances.length > count, "the recognizer to start");
  return FakeRecognition.instances.at(-1)!;
}

function interim(el: T3ComposerElement): string | null {
  return part(el, "dictation-interim")?.textContent ?? null;
}

describe("<t3-composer> dictation with the browser's SpeechRecognition", () => {
  let uninstall: () => void;
  beforeEach(() => (uninstall = installSpeechDouble()));
  afterEach(() => {
    unmountAll();
    uninstall();
  });

  it("shows Dictate where the browser has a recognizer, and not with speech = null", async () => {
    const el = await mount();
    expect(part(el, "dictate-button")!.getAttribute("aria-label")).to.equal("Dictate");
    expect(part(el, "dictate-button")!.getAttribute("aria-pressed")).to.equal("false");
    el.speech = null;
    await el.updateComplete;
    expect(part(el, "dictate-button") === null).to.equal(true);
  });

  it("does not show Dictate without a recognizer or a speech engine", async () => {
    uninstall();
    const scope = window as unknown as Record<string, unknown>;
    const saved = { SpeechRecognition: scope.SpeechRecognition, webkitSpeechRecognition: scope.webkitSpeechRecognition };
    delete scope.SpeechRecognition;
    delete scope.webkitSpeechRecognition;
    try {
      const el = await mount();
      expect(part(el, "dictate-button") === null).to.equal(true);
    } finally {
      for (const [name, value] of Object.entries(saved)) if (value !== undefined) scope[name] = value;
      uninstall = installSpeechDouble();
    }
  });

  it("listens continuously with interim results in the composer's language, pressed meanwhile", async () => {
    const host = document.createElement("div");
    host.lang = "de-DE";
    document.body.append(host);
    try {
      const el = await mount({}, host);
      const recognizer = await startDictation(el);
      await el.updateComplete;
      expect([recognizer.continuous, recognizer.interimResults, recognizer.lang]).to.deep.equal([true, true, "de-DE"]);
      expect(part(el, "dictate-button")!.getAttribute("aria-pressed")).to.equal("true");
    } finally {
      host.remove();
    }
  });

  it("shows interim text at the caret as a pending run that is not in value", async () => {
    const el = await mount();
    await focusEnd(el);
    await type("note: ");
    const recognizer = await startDictation(el);
    recognizer.hear("hello wor", false);
    await until(() => interim(el) === "hello wor", "the interim text");
    expect(el.value).to.deep.equal({ text: "note: " });
    recognizer.hear("hello world", false);
    await until(() => interim(el) === "hello world", "the replaced interim text");
    expect(el.value).to.deep.equal({ text: "note: " });
  });

  it("turns final text into ordinary text at the caret, the pending run gone", async () => {
    const el = await mount();
    await focusEnd(el);
    await type("note:");
    const recognizer = await startDictation(el);
    recognizer.hear("hello wor", false);
    recognizer.hear("hello world", true);
    await until(() => el.value.text === "note: hello world", "the final text");
    expect(interim(el)).to.equal(null);
    recognizer.hear(" and more", true);
    await until(() => el.value.text === "note: hello world and more", "the second final text");
  });

  it("undoes a dictated piece in one step and keeps the chips around it", async () => {
    const el = await mount();
    el.value = { text: `see ${T1} `, context: { version: 1, records: [terminal] } };
    await focusEnd(el);
    await type("now");
    const recognizer = await startDictation(el);
    recognizer.hear("three spoken words", true);
    await until(() => el.value.text.endsWith("three spoken words"), "the final text");
    expect(el.value).to.deep.equal({ text: `see ${T1} now three spoken words`, context: { version: 1, records: [terminal] } });
    expect(chipsOf(el)).to.have.length(1);
    recognizer.stop();
    recognizer.end();
    await until(() => part(el, "dictate-button")!.getAttribute("aria-pressed") === "false", "dictation to end");
    el.focus();
    await chord("Control", "z");
    await until(() => el.value.text === `see ${T1} now`, "the undo");
    expect(el.value.context?.records).to.deep.equal([terminal]);
  });

  it("keeps typing right after a dictated piece out of its undo step", async () => {
    const el = await mount();
    await focusEnd(el);
    const recognizer = await startDictation(el);
    recognizer.hear("spoken", true);
    await until(() => el.value.text === "spoken", "the final text");
    el.focus();
    await type(" typed");
    expect(el.value.text).to.equal("spoken typed");
    await chord("Control", "z");
    await until(() => el.value.text === "spoken", "the undo of the typing");
    await chord("Control", "z");
    await until(() => el.value.text === "", "the undo of the dictated piece");
  });

  it("stops on a second click: the recognizer is told to stop, and its last final text still goes in", async () => {
    const el = await mount();
    await focusEnd(el);
    const recognizer = await startDictation(el);
    await click(part(el, "dictate-button")!);
    expect(recognizer.stopped).to.equal(true);
    await el.updateComplete;
    expect(part(el, "dictate-button")!.getAttribute("aria-pressed")).to.equal("false");
    recognizer.hear("last words", true);
    recognizer.end();
    await until(() => el.value.text === "last words", "the last final text");
  });

  it("stops on Escape, and Escape does nothing else meanwhile", async () => {
    const el = await mount();
    await focusEnd(el);
    await type("draft");
    const recognizer = await startDictation(el);
    el.focus();
    await press("Escape");
    expect(recognizer.stopped).to.equal(true);
    recognizer.end();
    await until(() => part(el, "dictate-button")!.getAttribute("aria-pressed") === "false", "dictation to end");
    expect(el.value).to.deep.equal({ text: "draft" });
  });

  it("starts and stops from the keyboard (Enter on Dictate)", async () => {
    const el = await mount();
    const button = part(el, "dictate-button")!;
    button.focus();
    await press("Enter");
    await until(() => FakeRecognition.instances.length === 1, "the recognizer to start");
    part(el, "dictate-button")!.focus();
    await press("Enter");
    expect(FakeRecognition.instances[0]!.stopped).to.equal(true);
  });

  it("shows a denied microphone in the error notice, after t3-error", async () => {
    const el = await mount();
    const errors = record(el, "t3-error");
    const recognizer = await startDictation(el);
    recognizer.fail("not-allowed");
    await until(() => part(el, "error") !== null, "the notice");
    expect(errors.map((event) => event.detail.code)).to.deep.equal(["microphone-denied"]);
    const notice = part(el, "error")!;
    expect(notice.getAttribute("role")).to.equal("alert");
    expect(notice.textContent).to.contain("Dictation needs the microphone.");
    expect(part(el, "retry-button") === null).to.equal(true);
    expect(part(el, "dictate-button")!.getAttribute("aria-pressed")).to.equal("false");
  });

  it("takes a speech engine of the host's: final pieces in, the signal aborted on stop", async () => {
    uninstall();
    uninstall = () => {};
    let signal: AbortSignal | undefined;
    let push: ((piece: SpeechResult | null) => void) | undefined;
    const speech: ComposerSpeech = {
      async *start(given) {
        signal = given;
        for (;;) {
          const piece = await new Promise<SpeechResult | null>((resolve) => (push = resolve));
          if (!piece) return;
          yield piece;
        }
      },
    };
    const el = await mount();
    el.speech = speech;
    await el.updateComplete;
    await focusEnd(el);
    await click(part(el, "dictate-button")!);
    await until(() => push !== undefined, "the engine to start");
    push!({ text: "from the host", final: true });
    await until(() => el.value.text === "from the host", "the host's final text");
    await click(part(el, "dictate-button")!);
    expect(signal!.aborted).to.equal(true);
    push!(null);
  });

  it("throws a TypeError for a speech value that is not an engine", async () => {
    const el = await mount();
    expect(() => (el.speech = { listen() {} } as unknown as ComposerSpeech)).to.throw(TypeError, /speech: expected \{ start\(signal\) \}/);
  });
});
