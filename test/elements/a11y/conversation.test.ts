// The transcript as a conversation: a named `log` of messages named by their speaker, and one
// polite announcement when a reply arrives or finishes streaming.
import { expect } from "@esm-bundle/chai";
import { executeServerCommand } from "@web/test-runner-commands";
import { article, cleanup, mount, shadow, userMessage } from "../transcript/fixtures.js";
import { itIn } from "../../support/engine.js";

const status = (el: Element) => el.shadowRoot!.querySelector<HTMLElement>("[role=status]")!;
const said = (el: Element) => status(el).textContent!.trim();

describe("<t3-transcript> conversation semantics", () => {
  afterEach(cleanup);

  // Chromium only: it reads the accessibility tree through the DevTools protocol (the `ax-names`
  // command); Firefox over WebDriver BiDi and WebKit over WebDriver expose no accessibility tree.
  itIn(["chromium"], "is a named log of articles, each named by its speaker", async () => {
    const el = await mount([userMessage("m1", "Hello"), { id: "m2", role: "assistant", text: "Hi" }, { id: "m3", role: "system", text: "Joined" }]);
    const list = shadow(el).querySelector("[part=messages]")!;
    expect([list.getAttribute("role"), list.getAttribute("aria-label")]).to.deep.equal(["log", "Conversation"]);
    expect(["m1", "m2", "m3"].map((id) => article(el, id).getAttribute("aria-label"))).to.deep.equal(["You", "Assistant", "System"]);
    const { nodes } = await executeServerCommand<{ nodes: Array<{ role: string; name: string }> }, Record<string, never>>("ax-names", {});
    expect(nodes.filter((node) => node.role === "article").map((node) => node.name)).to.deep.equal(["You", "Assistant", "System"]);
  });

  it("says nothing about the messages of the thread it was given", async () => {
    const el = await mount([userMessage("m1", "Hello"), { id: "m2", role: "assistant", text: "Hi" }]);
    expect(said(el)).to.equal("");
  });

  it("says once, politely, that a streamed reply finished, and not while it streams", async () => {
    const el = await mount([userMessage("m1", "Hello")]);
    expect(status(el).getAttribute("aria-live")).to.equal("polite");
    el.appendMessage({ id: "m2", role: "assistant", text: "Think", pending: true });
    await el.updateComplete;
    el.updateMessage("m2", { text: "Thinking about it" });
    await el.updateComplete;
    expect(said(el)).to.equal("");
    el.updateMessage("m2", { text: "Done.", pending: false });
    await el.updateComplete;
    expect(said(el)).to.equal("Assistant replied.");
    el.updateMessage("m2", { text: "Done!" });
    await el.updateComplete;
    expect(said(el)).to.equal("Assistant replied.");
  });

  it("says that a reply arrived whole, but not the person's own message", async () => {
    const el = await mount([]);
    el.appendMessage(userMessage("m1", "Hello"));
    await el.updateComplete;
    expect(said(el)).to.equal("");
    el.appendMessage({ id: "m2", role: "assistant", text: "Hi" });
    await el.updateComplete;
    expect(said(el)).to.equal("Assistant replied.");
  });

  it("keeps the log's own announcements off: the reply is said once, not per streamed token", async () => {
    const el = await mount([]);
    expect(shadow(el).querySelector("[part=messages]")!.getAttribute("aria-live")).to.equal("off");
  });
});
