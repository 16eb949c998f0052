// The demo's pretend agent (demo/app/agent.js) on a real reference host: while it works, Enter
// queues the message above the editor; when it stops, the message goes and the host stores it.
import { expect } from "@esm-bundle/chai";
import { openDemo, useDemoHost } from "./support/demo-page.js";
import { click, frameDocument, press, type, waitFor } from "./support/frames.js";

const THREAD = "queue-demo";
const host = useDemoHost(1);

describe("the demo's pretend agent", () => {
  it("makes the composer busy, so Enter queues; stopping it sends the queued message", async () => {
    const page = await openDemo(host(), THREAD);
    // The agent's button is in the developer panel, which opens from the header (closed on load).
    const agent = frameDocument(page.frame).getElementById("agent") as HTMLButtonElement;
    expect(agent.checkVisibility()).to.equal(false);
    await click(page.frame, frameDocument(page.frame).getElementById("dev-toggle")!);
    expect(agent.checkVisibility()).to.equal(true);
    await click(page.frame, agent);
    expect(page.composer.busy).to.equal(true);
    expect(agent.getAttribute("aria-pressed")).to.equal("true");
    page.composer.focus();
    await type("after you are done");
    await press("Enter");
    const row = await waitFor(() => page.composer.shadowRoot!.querySelector('[part="queue"] > li'), "the queued message");
    expect(row.querySelector(".queued-text")!.textContent).to.equal("after you are done");
    expect(await host().rows("SELECT text FROM messages WHERE thread_id = ?", THREAD)).to.deep.equal([]);

    await click(page.frame, agent);
    expect(page.composer.busy).to.equal(false);
    await waitFor(() => page.composer.queue.length === 0, "the queue to empty");
    await waitFor(() => page.transcript.messages.some((message) => message.text === "after you are done" && !message.pending), "the stored message");
    expect(await host().rows("SELECT text, steer FROM messages WHERE thread_id = ?", THREAD)).to.deep.equal([{ text: "after you are done", steer: 0 }]);
    // A bound, not a wait: the demo loads whole against a host process, and on a loaded machine
    // that went past mocha's 10 s (a stress run). Every step waits for the state it needs.
  }).timeout(30_000);
});
