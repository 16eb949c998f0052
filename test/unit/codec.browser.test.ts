// The codec entry is pure: the same functions run unchanged in a browser.
import { expect } from "@esm-bundle/chai";
import { collectComposerContextReferences, toKindScopedComposerContextId } from "../../src/codec/index.js";

describe("codec in the browser", () => {
  it("collects a link with UTF-16 offsets", () => {
    const [occurrence] = collectComposerContextReferences("é ![a.png](t3-context://v1/image/i1)");
    expect(occurrence).to.deep.equal({
      kind: "image",
      contextId: "i1",
      label: "a.png",
      image: true,
      source: "![a.png](t3-context://v1/image/i1)",
      start: 2,
      end: 36,
    });
  });

  it("folds a producer id with the same digest as Node", () => {
    expect(toKindScopedComposerContextId("terminal", "same.id:1")).to.equal("terminal_same-id-1-26cc77aeb7cc74b9");
  });
});
