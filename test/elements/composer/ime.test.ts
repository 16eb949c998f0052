import { expect } from "@esm-bundle/chai";
import { composingKey } from "../../support/composition.js";
import { T1, chipsOf, focusEnd, frame, imeCommit, imeCompose, mount, press, record, terminal, type, unmountAll } from "./helpers.js";


describe("<t3-composer> input methods", () => {
  afterEach(unmountAll);

  it("takes a Chinese composition right after a chip", async () => {
    const el = await mount();
    el.value = { text: `看 ${T1}`, context: { version: 1, records: [terminal] } };
    await focusEnd(el);
    await imeCompose("zh");
    await imeCompose("zhong");
    await imeCompose("中");
    await imeCommit("中文");
    await frame();
    expect(el.value).to.deep.equal({ text: `看 ${T1}中文`, context: { version: 1, records: [terminal] } });
    expect(chipsOf(el)).to.have.length(1);
  });

  it("takes a composition right before a chip", async () => {
    const el = await mount();
    el.value = { text: `${T1} end`, context: { version: 1, records: [terminal] } };
    await focusEnd(el);
    for (let step = 0; step < 5; step++) await press("ArrowLeft"); // before the chip
    await imeCompose("ni");
    await imeCommit("你");
    await frame();
    expect(el.value.text).to.equal(`你${T1} end`);
  });

  it("never sends on Enter during a composition: the Enter commits the text", async () => {
    const el = await mount();
    const sends = record(el, "t3-send");
    await focusEnd(el);
    await type("a ");
    await imeCompose("ri");
    await imeCompose("日");
    await composingKey("Enter"); // what the page sees of an Enter the IME takes: isComposing, keyCode 229
    await imeCommit("日");
    await frame();
    expect(sends).to.have.length(0);
    expect(el.value.text).to.equal("a 日");
  });

  it("never sends on an Enter with keyCode 229 (what an IME gives every key it takes)", async () => {
    const el = await mount();
    const sends = record(el, "t3-send");
    await focusEnd(el);
    await type("x");
    await composingKey("Enter", { isComposing: false });
    await frame();
    expect(sends).to.have.length(0);
    expect(el.value.text).to.equal("x");
  });

  it("sends on a plain Enter after the composition ended", async () => {
    const el = await mount();
    const sends = record(el, "t3-send");
    el.addEventListener("t3-send", (event) => event.preventDefault());
    await focusEnd(el);
    await imeCompose("hao");
    await imeCommit("好");
    await press("Enter");
    await frame();
    expect(sends.map((event) => event.detail.message.text)).to.deep.equal(["好"]);
  });
});

describe("<t3-composer> input methods and suggestions", () => {
  afterEach(unmountAll);

  it("composes a query after @ and offers suggestions for it", async () => {
    const el = await mount();
    const queries: string[] = [];
    el.addEventListener("t3-trigger", (event) => {
      queries.push(event.detail.query);
      event.detail.provide(Promise.resolve([{ kind: "mention", value: `docs/${event.detail.query}.md` }]));
    });
    await focusEnd(el);
    await type("@");
    await imeCompose("wen");
    await imeCompose("文");
    await imeCommit("文件");
    await frame();
    await el.updateComplete;
    expect(el.value.text).to.equal("@文件");
    expect(queries.at(-1)).to.equal("文件");
    await press("Enter");
    await frame();
    expect(el.value.text).to.match(/^\[docs\/文件\.md\]\(t3-context:\/\/v1\/mention\/mention_docs-md-[0-9a-f]{16}\) $/);
  });
});
