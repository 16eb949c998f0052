import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { decodeCharacterReferences } from "../../../src/elements/transcript/markdown/entities.js";

describe("decodeCharacterReferences", () => {
  it("decodes named, decimal and hex references", () => {
    assert.equal(decodeCharacterReferences("AT&amp;T &lt;b&gt; &copy; &#65;&#x42;&#X43;"), "AT&T <b> © ABC");
  });

  it("leaves unknown names and malformed references as they are", () => {
    assert.equal(decodeCharacterReferences("&bogus; &amp &#; &#xZZ; & alone"), "&bogus; &amp &#; &#xZZ; & alone");
  });

  it("decodes in one pass, so an escaped reference stays a reference", () => {
    assert.equal(decodeCharacterReferences("&amp;lt; &amp;#106;"), "&lt; &#106;");
  });

  it("turns NUL, surrogates and values past Unicode into U+FFFD", () => {
    assert.equal(decodeCharacterReferences("&#0;&#xD800;&#x110000;"), "\ufffd\ufffd\ufffd");
  });

  it("does not read names off the prototype", () => {
    assert.equal(decodeCharacterReferences("&constructor; &__proto__; &toString;"), "&constructor; &__proto__; &toString;");
  });
});
