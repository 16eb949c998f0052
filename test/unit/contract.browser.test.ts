// The contract and the clipboard codec run unchanged in a browser (valibot included).
import { expect } from "@esm-bundle/chai";
import {
  decodeClipboardHtml,
  decodeComposerContextRecord,
  decodeMessageContext,
  encodeClipboardFragment,
  encodeClipboardHtml,
  type ClipboardFragment,
  type TerminalContextRecord,
} from "../../src/codec/index.js";

const record: TerminalContextRecord = {
  version: 1,
  contextId: "terminal_1",
  kind: "terminal",
  label: "Build",
  terminalId: "build",
  terminalLabel: "Build",
  lineStart: 1,
  lineEnd: 1,
  text: "don't <panic> & café 😀",
};

describe("contract in the browser", () => {
  it("decodes a record, trimming ids and dropping undeclared keys", () => {
    expect(decodeComposerContextRecord({ ...record, contextId: " terminal_1 ", extra: 1 })).to.deep.equal({
      success: true,
      output: record,
    });
  });

  it("fails a context with duplicate ids at the second one", () => {
    const result = decodeMessageContext({ version: 1, records: [record, record] });
    expect(result.success).to.equal(false);
    expect(!result.success && result.issues.map((issue) => issue.path)).to.deep.equal(["records.1.contextId"]);
  });

  it("round-trips a fragment through the HTML flavor, apostrophe included", () => {
    const fragment: ClipboardFragment = { version: 1, source: { environmentId: "env" }, records: [record] };
    const html = encodeClipboardHtml(encodeClipboardFragment(fragment)!, { text: record.text });
    expect(html.endsWith(">don't &lt;panic&gt; &amp; café 😀</pre>")).to.equal(true);
    expect(decodeClipboardHtml(html)).to.deep.equal(fragment);
  });
});
