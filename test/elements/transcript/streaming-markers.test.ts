// A streaming reply never flashes syntax (docs/transcript.md, "Streaming"): at every prefix of
// a reply, each Markdown marker a person sees is still there in the final render, the tail is
// drawn as it will be when finished, and the blocks above it keep their nodes.
import { expect } from "@esm-bundle/chai";
import type { T3TranscriptElement } from "../../../src/elements/transcript/t3-transcript.js";
import { article, cleanup, mount } from "./fixtures.js";

const REPLY = [
  "## Plan\n\n",
  "First, **read the config** and _check_ the `port` value; see [the docs](https://example.com/docs) for more.\n\n",
  "| key | value |\n| --- | ----- |\n| port | 8080 |\n| host | local |\n\n",
  "Then run:\n\n```ts\nconst port = config.port ?? 8080;\nlisten(port);\n```\n\n",
  "Done: ~~old~~ *new* behaviour, and `a*b` stays code.",
].join("");

const MARKERS = ["*", "_", "`", "[", "]", "(", ")", "|", "~", "#"];
const body = (el: T3TranscriptElement) => article(el, "a").querySelector<HTMLElement>(".body")!;

/** What a person reads: the body's text without the code blocks' headers. */
function visibleText(el: T3TranscriptElement): string {
  const copy = body(el).cloneNode(true) as HTMLElement;
  for (const header of copy.querySelectorAll(".code-header")) header.remove();
  return copy.textContent ?? "";
}

function count(text: string, marker: string): number {
  return text.split(marker).length - 1;
}

describe("<t3-transcript> streaming without flashes of syntax", () => {
  afterEach(cleanup);

  it("shows at no prefix a marker that the finished reply does not show", async () => {
    const final = await mount([{ id: "a", role: "assistant", text: REPLY }]);
    const finalText = visibleText(final);
    final.remove();
    const el = await mount([{ id: "a", role: "assistant", text: "", pending: true }]);
    const flashes: string[] = [];
    for (let end = 1; end <= REPLY.length; end++) {
      el.updateMessage("a", { text: REPLY.slice(0, end), pending: true });
      await el.updateComplete;
      const shown = visibleText(el);
      for (const marker of MARKERS) {
        if (count(shown, marker) > count(finalText, marker)) flashes.push(`${JSON.stringify(REPLY.slice(0, end).slice(-12))}: ${marker}`);
      }
    }
    expect(flashes).to.deep.equal([]);
    el.updateMessage("a", { text: REPLY, pending: false });
    await el.updateComplete;
    expect(visibleText(el)).to.equal(finalText);
  });

  it("styles the text after an open marker, and shows a half-written link's label", async () => {
    const el = await mount([{ id: "a", role: "assistant", text: "Read **the con", pending: true }]);
    expect(body(el).querySelector("strong")!.textContent).to.equal("the con");
    el.updateMessage("a", { text: "Read **the config** and [the do", pending: true });
    await el.updateComplete;
    expect([body(el).textContent, body(el).querySelector("a")]).to.deep.equal(["Read the config and the do", null]);
    el.updateMessage("a", { text: "Read **the config** and [the docs](https://example.com/d", pending: true });
    await el.updateComplete;
    expect([body(el).textContent, body(el).querySelector("a")]).to.deep.equal(["Read the config and the docs", null]);
  });

  it("keeps the blocks above the tail, and a half-written table row waits", async () => {
    const el = await mount([{ id: "a", role: "assistant", text: "Intro.\n\n| a | b |\n| - | - |\n| 1 | 2 |\n| 3 ", pending: true }]);
    const intro = body(el).querySelector("p")!;
    expect([...body(el).querySelectorAll("td")].map((cell) => cell.textContent)).to.deep.equal(["1", "2"]);
    el.updateMessage("a", { text: "Intro.\n\n| a | b |\n| - | - |\n| 1 | 2 |\n| 3 | 4 |\n", pending: true });
    await el.updateComplete;
    expect(body(el).querySelector("p")).to.equal(intro);
    expect([...body(el).querySelectorAll("td")].map((cell) => cell.textContent)).to.deep.equal(["1", "2", "3", "4"]);
  });

  it("draws a marker that never closed as written once the reply is complete", async () => {
    const el = await mount([{ id: "a", role: "assistant", text: "a **b", pending: true }]);
    expect(body(el).querySelector("strong")!.textContent).to.equal("b");
    el.updateMessage("a", { text: "a **b", pending: false });
    await el.updateComplete;
    expect([body(el).textContent, body(el).querySelector("strong")]).to.deep.equal(["a **b", null]);
  });
});
