import { expect } from "@esm-bundle/chai";
import { lexMarkdown, renderBlock } from "../../../src/elements/transcript/markdown/engine.js";
import { MessageList } from "../../../src/elements/transcript/message-list.js";
import type { TranscriptMessage } from "../../../src/elements/transcript/types.js";
import { VIRTUALIZE_AFTER } from "../../../src/elements/transcript/virtual-list.js";
import { chipRegistry, createChipRegistry } from "../../../src/presentation/index.js";
import { article, chip, cleanup, image, link, mount, shadow, terminal, userMessage } from "./fixtures.js";

const thread = (count: number): TranscriptMessage[] =>
  Array.from({ length: count }, (_, i) => ({ id: `m${i}`, role: i % 2 ? "assistant" : "user", text: `Message **${i}**` }) as TranscriptMessage);

/** Records every mutation under `root`. */
function watch(root: Node): { records: MutationRecord[]; stop(): void } {
  const records: MutationRecord[] = [];
  const observer = new MutationObserver((batch) => records.push(...batch));
  observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  return {
    records,
    stop() {
      records.push(...observer.takeRecords());
      observer.disconnect();
    },
  };
}

describe("<t3-transcript> messages", () => {
  afterEach(cleanup);

  it("draws user, assistant and system messages with their parts", async () => {
    const el = await mount([
      { id: "u", role: "user", text: "hi" },
      { id: "a", role: "assistant", text: "hello" },
      { id: "s", role: "system", text: "joined" },
    ]);
    expect([...shadow(el).querySelectorAll("article")].map((a) => [a.dataset.role, a.getAttribute("part"), a.textContent])).to.deep.equal([
      ["user", "message message-user", "hi"],
      ["assistant", "message message-assistant", "hello"],
      ["system", "message message-system", "joined"],
    ]);
    expect(article(el, "u").querySelector("[part=bubble] > [part=body]")!.textContent).to.equal("hi");
  });

  it("returns the messages it holds, in order", async () => {
    const messages = thread(3);
    const el = await mount(messages);
    expect(el.messages).to.deep.equal(messages);
    el.appendMessage({ id: "x", role: "assistant", text: "more" });
    expect(el.messages.map((m) => m.id)).to.deep.equal(["m0", "m1", "m2", "x"]);
  });

  it("appends a message without touching the others", async () => {
    const el = await mount(thread(3));
    const before = [...shadow(el).querySelectorAll("article")];
    const spy = watch(shadow(el).querySelector("[part=messages]")!);
    el.appendMessage({ id: "m3", role: "assistant", text: "new" });
    await el.updateComplete;
    spy.stop();
    const after = [...shadow(el).querySelectorAll("article")];
    expect(after.slice(0, 3)).to.deep.equal(before);
    expect(spy.records.every((r) => r.target === after[3] || after[3]!.contains(r.target) || (r.target === after[3]!.parentNode && [...r.addedNodes].every((n) => n === after[3])))).to.equal(true);
    expect(after[3]!.textContent).to.equal("new");
  });

  it("re-renders only the streaming message on updateMessage", async () => {
    const el = await mount(thread(50));
    const list = shadow(el).querySelector("[part=messages]")!;
    const before = [...list.children];
    const last = article(el, "m49");
    const spy = watch(list);
    for (const text of ["Once", "Once upon", "Once upon a **time**"]) {
      el.updateMessage("m49", { text });
      await el.updateComplete;
    }
    spy.stop();
    expect([...list.children]).to.deep.equal(before);
    expect(spy.records.length).to.be.greaterThan(0);
    expect(spy.records.filter((r) => !last.contains(r.target))).to.deep.equal([]);
    expect(last.querySelector(".body")!.innerHTML).to.equal("<p>Once upon a <strong>time</strong></p>");
  });

  it("keeps the blocks that did not change while a reply streams", async () => {
    const el = await mount([{ id: "a", role: "assistant", text: "First paragraph.\n\nSecond" }]);
    const first = article(el, "a").querySelector("p")!;
    el.updateMessage("a", { text: "First paragraph.\n\nSecond paragraph, longer." });
    await el.updateComplete;
    const paragraphs = article(el, "a").querySelectorAll("p");
    expect(paragraphs[0]).to.equal(first);
    expect(paragraphs[1]!.textContent).to.equal("Second paragraph, longer.");
  });

  it("draws several updates in one task once", async () => {
    const el = await mount([{ id: "a", role: "assistant", text: "" }]);
    const spy = watch(article(el, "a"));
    el.updateMessage("a", { text: "a" });
    el.updateMessage("a", { text: "ab" });
    el.updateMessage("a", { text: "abc" });
    await el.updateComplete;
    spy.stop();
    expect(spy.records.flatMap((r) => [...r.addedNodes]).map((n) => n.textContent)).to.deep.equal(["abc"]);
  });

  it("replaces an optimistic message in place when the stored copy arrives", async () => {
    const el = await mount(thread(2));
    el.appendMessage({ id: "local-1", role: "user", text: "sending", pending: true, clientMessageId: "msg_aaaaaaaaaaaaaaaaaaaa" });
    await el.updateComplete;
    const node = article(el, "local-1");
    expect([node.dataset.pending, node.getAttribute("part")]).to.deep.equal(["true", "message message-user message-pending"]);
    el.appendMessage({ id: "srv-9", role: "user", text: "sending", clientMessageId: "msg_aaaaaaaaaaaaaaaaaaaa" });
    await el.updateComplete;
    const articles = [...shadow(el).querySelectorAll("article")];
    expect(articles.length).to.equal(3);
    expect(articles[2]).to.equal(node);
    expect([node.dataset.messageId, node.dataset.pending, node.getAttribute("part")]).to.deep.equal(["srv-9", undefined, "message message-user"]);
    expect(el.messages.map((m) => m.id)).to.deep.equal(["m0", "m1", "srv-9"]);
  });

  it("replaces an optimistic message in place when the stored copy arrives through messages", async () => {
    const el = await mount(thread(1));
    const optimistic: TranscriptMessage = { id: "local-1", role: "user", text: "hi", pending: true, clientMessageId: "msg_b" };
    el.appendMessage(optimistic);
    await el.updateComplete;
    const node = article(el, "local-1");
    const first = article(el, "m0");
    el.messages = [...thread(1), { id: "srv-1", role: "user", text: "hi", clientMessageId: "msg_b" }];
    await el.updateComplete;
    expect([...shadow(el).querySelectorAll("article")]).to.deep.equal([first, node]);
    expect(node.dataset.messageId).to.equal("srv-1");
  });

  it("binds an optimistic message's chips to its local attachment ids, then to the host's", async () => {
    const local = { ...image, attachmentId: "att_localaaaaaaaaaaaa" };
    const el = await mount([
      userMessage("local-1", link(image), {
        pending: true,
        clientMessageId: "msg_c",
        context: { version: 1, records: [local] },
        attachments: [{ id: "att_localaaaaaaaaaaaa", name: "shot.png", mimeType: "image/png" }],
      }),
    ]);
    expect(chip(shadow(el), "image_i1").dataset.contextUnresolved).to.equal(undefined);
    el.appendMessage(userMessage("srv-1", link(image), { clientMessageId: "msg_c", context: { version: 1, records: [image] }, attachments: [{ id: "att-1", name: "shot.png", mimeType: "image/png" }] }));
    await el.updateComplete;
    expect(chip(shadow(el), "image_i1").dataset.contextUnresolved).to.equal(undefined);
    expect(shadow(el).querySelectorAll("article").length).to.equal(1);
  });

  it("keeps unchanged messages' nodes when messages is set again with equal copies", async () => {
    const el = await mount(thread(5));
    const before = [...shadow(el).querySelectorAll("article")];
    const spy = watch(shadow(el).querySelector("[part=messages]")!);
    el.messages = thread(5).map((m) => ({ ...m }));
    await el.updateComplete;
    spy.stop();
    expect(spy.records).to.deep.equal([]);
    expect([...shadow(el).querySelectorAll("article")]).to.deep.equal(before);
  });

  it("reorders and removes messages by id, reusing their nodes", async () => {
    const el = await mount(thread(4));
    const [a, b, c] = ["m0", "m1", "m2"].map((id) => article(el, id));
    el.messages = [thread(4)[2]!, thread(4)[0]!, thread(4)[1]!];
    await el.updateComplete;
    expect([...shadow(el).querySelectorAll("article")]).to.deep.equal([c, a, b]);
  });

  it("treats appending a shown id as replacing it", async () => {
    const el = await mount(thread(2));
    const node = article(el, "m1");
    el.appendMessage({ id: "m1", role: "assistant", text: "edited" });
    await el.updateComplete;
    expect(shadow(el).querySelectorAll("article").length).to.equal(2);
    expect(node.textContent).to.equal("edited");
  });

  it("updates a chip when its record arrives later", async () => {
    const el = await mount([userMessage("m1", link(terminal))]);
    expect(chip(shadow(el), "terminal_t1").dataset.contextUnresolved).to.equal("true");
    el.updateMessage("m1", { context: { version: 1, records: [terminal] } });
    await el.updateComplete;
    expect(chip(shadow(el), "terminal_t1").dataset.contextUnresolved).to.equal(undefined);
  });

  it("throws on misuse with a message naming the bad value", async () => {
    const el = await mount(thread(1));
    expect(() => (el.messages = "nope" as never)).to.throw(TypeError, 'messages: expected an array, got "nope"');
    expect(() => el.appendMessage({ id: "", role: "user", text: "" })).to.throw(TypeError, 'appendMessage: message id must be a non-empty string, got ""');
    expect(() => el.appendMessage({ id: "x", role: "bot", text: "" } as never)).to.throw(TypeError, 'appendMessage: message x has role "bot"');
    expect(() => el.appendMessage({ id: "x", role: "user", text: 5 } as never)).to.throw(TypeError, "appendMessage: message x has text 5");
    expect(() => el.updateMessage("missing", { text: "" })).to.throw(RangeError, 'updateMessage: no message with id "missing"');
    expect(() => el.updateMessage("m0", { id: "other" } as never)).to.throw(TypeError, "updateMessage: a patch cannot change the id of message m0");
    expect(() => (el.registry = {} as never)).to.throw(TypeError, "registry: expected a chip registry");
    expect(() => (el.resolveAttachmentUrl = "x" as never)).to.throw(TypeError, "resolveAttachmentUrl: expected a function, got x");
  });

  it("keeps every message of a short thread in the DOM, each skipping layout off screen", async () => {
    const el = await mount(thread(VIRTUALIZE_AFTER));
    const articles = [...shadow(el).querySelectorAll("article")];
    expect(articles.map((a) => a.textContent)).to.deep.equal(thread(VIRTUALIZE_AFTER).map((_, i) => `Message ${i}`));
    expect(getComputedStyle(article(el, `m${VIRTUALIZE_AFTER - 1}`)).contentVisibility).to.equal("auto");
  });

  it("draws a thousand messages as a window at their end, in order (docs/transcript.md, Long threads)", async () => {
    const el = await mount(thread(1000));
    const articles = [...shadow(el).querySelectorAll("article")];
    expect(articles.length).to.be.within(1, VIRTUALIZE_AFTER);
    const first = 1000 - articles.length;
    expect(articles.map((a) => [a.dataset.messageId, a.textContent, a.getAttribute("aria-posinset"), a.getAttribute("aria-setsize")])).to.deep.equal(
      articles.map((_, i) => [`m${first + i}`, `Message ${first + i}`, String(first + i + 1), "1000"]),
    );
    expect(el.messages.map((m) => m.id)).to.deep.equal(thread(1000).map((m) => m.id));
  });

  it("draws a long thread in slices, newest message first", () => {
    const list = new MessageList();
    list.set(thread(3));
    const deps = { host: document.body, registry: chipRegistry, resolveAttachmentUrl: undefined, markdown: { lex: lexMarkdown, render: renderBlock } };
    const texts = () => [...list.node.children].map((node) => node.textContent);
    // A deadline already past: each slice draws one message.
    expect(list.flush(deps, 0)).to.equal(false);
    expect(texts()).to.deep.equal(["", "", "Message 2"]);
    expect(list.flush(deps, 0)).to.equal(false);
    expect(list.flush(deps, 0)).to.equal(true);
    expect(texts()).to.deep.equal(["Message 0", "Message 1", "Message 2"]);
    expect(list.pending).to.equal(false);
  });

  it("draws messages set before it is connected, and survives a move", async () => {
    const el = document.createElement("t3-transcript");
    el.messages = thread(2);
    const host = document.createElement("div");
    document.body.append(host);
    host.append(el);
    await el.updateComplete;
    const node = article(el, "m0");
    document.body.append(el);
    await el.updateComplete;
    expect(article(el, "m0")).to.equal(node);
    host.remove();
  });

  it("holds a registry subscription only while connected", async () => {
    const base = createChipRegistry({ base: chipRegistry });
    let listening = 0;
    const registry = {
      ...base,
      subscribe(listener: () => void) {
        listening++;
        const off = base.subscribe(listener);
        return () => {
          listening--;
          off();
        };
      },
    };
    const el = await mount(thread(1), (t) => (t.registry = registry));
    expect(listening).to.equal(1);
    el.remove();
    expect(listening).to.equal(0);
    document.body.append(el);
    expect(listening).to.equal(1);
  });

  it("redraws on reconnect when a kind was defined while it was away", async () => {
    const registry = createChipRegistry({ base: chipRegistry });
    const record = { version: 1 as const, contextId: "note_1", kind: "note", label: "A note", payload: {} };
    const el = await mount([userMessage("m1", "[A note](t3-context://v1/note/note_1)", { context: { version: 1, records: [record] } })], (t) => (t.registry = registry));
    el.remove();
    registry.define("note", { label: () => "Defined note" });
    document.body.append(el);
    await el.updateComplete;
    expect(chip(shadow(el), "note_1").textContent).to.equal("Defined note");
  });

  it("reflects environment-id and thread-id", async () => {
    const el = await mount([], (t) => {
      t.setAttribute("environment-id", "env-1");
      t.setAttribute("thread-id", "th-1");
    });
    expect([el.environmentId, el.threadId]).to.deep.equal(["env-1", "th-1"]);
  });
});
