// The transcript's error regime (docs/errors.md): what it cannot show it reports as `t3-error`
// with the composer's event shape, once per message, and keeps drawing; misuse throws a
// `TypeError` that names the bad value, as the composer does.
import { expect } from "@esm-bundle/chai";
import type { ComposerErrorDetail } from "../../../src/elements/composer/events.js";
import type { T3ComposerElement, T3TranscriptElement } from "../../../src/index.js";
import { createChipRegistry, chipRegistry } from "../../../src/presentation/index.js";
import { chip, cleanup, link, mount, rendered, shadow, skill, terminal, userMessage } from "./fixtures.js";

/** Mounts with a `t3-error` listener in place before the first draw. */
async function mountRecording(messages: Parameters<typeof mount>[0], setup?: (el: T3TranscriptElement) => void) {
  const errors: ComposerErrorDetail[] = [];
  const el = await mount(messages, (t) => {
    t.addEventListener("t3-error", (event) => errors.push(event.detail));
    setup?.(t);
  });
  return { el, errors };
}

/** Runs `body` with console.error silenced (the elements also log what they report). */
async function quietly<T>(body: () => Promise<T>): Promise<T> {
  const original = console.error;
  console.error = () => {};
  try {
    return await body();
  } finally {
    console.error = original;
  }
}

afterEach(() => cleanup());

describe("t3-transcript errors", () => {
  it("reports a record that does not decode as invalid-record, once, and draws the others", async () => {
    const broken = { version: 1, contextId: "terminal_bad", kind: "terminal", label: "x" };
    const context = { version: 1, records: [terminal, broken] } as never;
    const { el, errors } = await mountRecording([userMessage("m1", `${link(terminal)} and [x](t3-context://v1/terminal/terminal_bad)`, { context })]);
    expect(errors.map((e) => e.code)).to.deep.equal(["invalid-record"]);
    expect(errors[0]!.message).to.match(/^Message m1: Record 1 is not a v1 record and is not shown: /);
    expect(chip(shadow(el), terminal.contextId).dataset.contextUnresolved).to.equal(undefined);
    expect(chip(shadow(el), "terminal_bad").dataset.contextUnresolved).to.equal("true");
    // Redrawing the same message (a registry change) does not report it again.
    el.registry = createChipRegistry({ base: chipRegistry });
    await el.updateComplete;
    await rendered();
    expect(errors.length).to.equal(1);
  });

  it("reports a context that fails as a whole as invalid-context and still draws its records", async () => {
    const context = { version: 1, records: [skill, { ...skill }] } as never;
    const { el, errors } = await mountRecording([userMessage("m1", link(skill), { context })]);
    expect(errors.map((e) => e.code)).to.deep.equal(["invalid-context"]);
    expect(errors[0]!.message).to.contain("records.1.contextId");
    expect(chip(shadow(el), skill.contextId).dataset.contextUnresolved).to.equal(undefined);
  });

  it("reports a presenter that throws as presenter-failed, naming the kind and the member, and draws the default icon", async () => {
    const registry = createChipRegistry({ base: chipRegistry });
    registry.override("skill", { icon: () => { throw new Error("boom"); } });
    const { el, errors } = await quietly(() =>
      mountRecording([userMessage("m1", link(skill), { context: { version: 1, records: [skill] } })], (t) => (t.registry = registry)),
    );
    expect(errors.map((e) => [e.code, e.message])).to.deep.equal([
      ["presenter-failed", "The icon presenter of context kind skill threw; the chip is drawn without it"],
    ]);
    expect((errors[0]!.cause as Error).message).to.equal("boom");
    expect(chip(shadow(el), skill.contextId).querySelector(".t3-chip-icon")).to.not.equal(null);
  });

  it("reports a label or kindLabel presenter that throws as presenter-failed, and names the chip from the record", async () => {
    const registry = createChipRegistry({ base: chipRegistry });
    registry.override("skill", {
      label: () => { throw new Error("label boom"); },
      kindLabel: () => { throw new Error("kind boom"); },
    });
    const { el, errors } = await quietly(() =>
      mountRecording([userMessage("m1", link(skill), { context: { version: 1, records: [skill] } })], (t) => (t.registry = registry)),
    );
    expect(errors.map((e) => [e.code, (e.cause as Error).message])).to.deep.equal([
      ["presenter-failed", "label boom"],
      ["presenter-failed", "kind boom"],
    ]);
    expect(errors[0]!.message).to.equal("The label presenter of context kind skill threw; the chip is drawn without it");
    expect(errors[1]!.message).to.equal("The kindLabel presenter of context kind skill threw; the chip is drawn without it");
    expect(chip(shadow(el), skill.contextId).getAttribute("aria-label")).to.equal(`${skill.label}, Skill`);
  });

  it("gives clean messages no t3-error", async () => {
    const { errors } = await mountRecording([userMessage("m1", link(terminal), { context: { version: 1, records: [terminal] } })]);
    expect(errors).to.deep.equal([]);
  });
});

describe("misuse throws the same TypeError in both elements", () => {
  it("names what was set as the registry", () => {
    const transcript = document.createElement("t3-transcript");
    const composer = document.createElement("t3-composer") as T3ComposerElement;
    for (const bad of [null, {}, "chipRegistry"]) {
      expect(() => (transcript.registry = bad as never)).to.throw(TypeError, `registry: expected a chip registry, got ${String(bad)}`);
      expect(() => (composer.registry = bad as never)).to.throw(TypeError, `registry: expected a chip registry, got ${String(bad)}`);
    }
    expect(composer.registry).to.equal(chipRegistry);
    const own = createChipRegistry({ base: chipRegistry });
    composer.registry = own;
    expect(composer.registry).to.equal(own);
  });

  it("throws a TypeError for an updateMessage id that is not a string, and a RangeError for an unknown one", async () => {
    const el = await mount([userMessage("m1", "hi")]);
    expect(() => el.updateMessage(5 as never, { text: "" })).to.throw(TypeError, "updateMessage: id must be a string, got 5");
    expect(() => el.updateMessage("missing", { text: "" })).to.throw(RangeError, 'updateMessage: no message with id "missing"');
  });
});
