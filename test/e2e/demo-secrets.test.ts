// The demo's redaction sample end to end, on a real reference host: "Terminal with a leaked token"
// inserts a terminal excerpt whose `git push` line holds a GitHub token. The chip says a secret is
// hidden, the message the host stores (SQLite) holds `[redacted: github-token]` in its place, and
// Reveal, from the chip's menu by keyboard and a real click, puts the token back into the record that is sent.
import { expect } from "@esm-bundle/chai";
import { sendKeys } from "@web/test-runner-commands";
import type { ComposerContextRecord, SentMessage } from "../../src/index.js";
import { openDemo, sampleButton, type DemoPage, useDemoHost } from "./support/demo-page.js";
import { click, nextEvent, press, type, waitFor } from "./support/frames.js";

const SAMPLE = "Terminal with a leaked token";
// Built from pieces, as demo/app/samples.js builds it, so that no scanner takes this file for a leak.
const TOKEN = "ghp_" + "DemoOnlyNotARealToken000Example01234";
const ORIGINAL = `$ git push https://${TOKEN}@github.com/acme/app.git\nremote: Permission to acme/app.git denied.\n`;
const REDACTED = "$ git push https://[redacted: github-token]@github.com/acme/app.git\nremote: Permission to acme/app.git denied.\n";

const host = useDemoHost(1);

const chipOf = (page: DemoPage) => page.composer.shadowRoot!.querySelector<HTMLElement>('.t3-chip[data-context-id="terminal_deploy-1"]');
/** A terminal record's captured text. */
const textOf = (record: ComposerContextRecord | undefined) => (record as { text?: string } | undefined)?.text;
const draftText = (page: DemoPage) => textOf(page.composer.value.context?.records[0]);

/** Types a question, inserts the sample, and waits for its chip. */
async function insertSample(page: DemoPage): Promise<HTMLElement> {
  page.composer.focus();
  await type("Why was this push refused?");
  await click(page.frame, sampleButton(page, SAMPLE));
  return waitFor(() => chipOf(page), "the sample's chip");
}

/** Presses Enter and resolves with the terminal record's text as the host stored it, and as SQLite holds it. */
async function sendAndRead(page: DemoPage, thread: string): Promise<{ sent: string; stored: string }> {
  const sent = nextEvent<{ result: SentMessage }>(page.composer, "t3-sent");
  await press("Enter");
  const { result } = await sent;
  const [row] = await host().rows<{ context_json: string }>("SELECT context_json FROM messages WHERE id = ? AND thread_id = ?", result.id, thread);
  const stored = textOf((JSON.parse(row!.context_json) as { records: ComposerContextRecord[] }).records[0]);
  return { sent: textOf(result.context?.records[0]) ?? "", stored: stored ?? "" };
}

describe("demo: a terminal excerpt with a leaked token", function () {
  // Each test opens the demo on a live host and sends through it: more than mocha's 10 s on a busy machine.
  this.timeout(30_000);

  it("shows the chip with one secret hidden and sends the excerpt with the token redacted", async () => {
    const thread = "e2e-secrets-redacted";
    const page = await openDemo(host(), thread);
    const chip = await insertSample(page);
    expect(chip.dataset.redacted).to.equal("1");
    expect(chip.querySelector(".t3-chip-redacted")!.textContent).to.equal("1 secret hidden");
    expect(draftText(page)).to.equal(REDACTED);
    expect(await sendAndRead(page, thread)).to.deep.equal({ sent: REDACTED, stored: REDACTED });
  });

  it("reveals the token from the chip's menu, and then sends it as it was captured", async () => {
    const thread = "e2e-secrets-revealed";
    const page = await openDemo(host(), thread);
    await insertSample(page);
    // Select the chip (it is just before the caret and its trailing space) and press Enter on it.
    await press("ArrowLeft");
    await sendKeys({ down: "Shift" });
    await press("ArrowLeft");
    await sendKeys({ up: "Shift" });
    await press("Enter");
    const menu = await waitFor(() => page.composer.shadowRoot!.querySelector<HTMLElement>('[part~="reveal"]'), "the reveal menu");
    expect(menu.textContent).to.contain("Reveal the hidden secret? It will be sent as it was captured.");
    await click(page.frame, menu.querySelector('[part~="reveal-confirm"]')!);
    await waitFor(() => draftText(page) === ORIGINAL, "the original excerpt back in the draft");
    expect(chipOf(page)!.hasAttribute("data-redacted")).to.equal(false);
    expect(page.composer.shadowRoot!.querySelector('[role="status"]')!.textContent).to.contain("Revealed 1 secret.");
    await press("End"); // off the selected chip: Enter on it would activate it, not send
    expect(await sendAndRead(page, thread)).to.deep.equal({ sent: ORIGINAL, stored: ORIGINAL });
  });
});
