import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { characterEntities } from "character-entities";
import { decodeCharacterReferences, takeMissedName, useNamedReferences } from "../../../src/elements/transcript/markdown/entities.js";

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

  // The tests below run in order: the full table is handed over halfway, as its chunk would.
  it("leaves a name outside the short list as written, and says so once, while the full table is not in", () => {
    takeMissedName();
    assert.equal(decodeCharacterReferences("&copy; &amp;"), "© &");
    assert.equal(takeMissedName(), false);
    assert.equal(decodeCharacterReferences("&HilbertSpace; &copy;"), "&HilbertSpace; ©");
    assert.equal(takeMissedName(), true);
    assert.equal(takeMissedName(), false);
  });

  it("decodes every HTML name once the full table is in, and only with its semicolon", () => {
    useNamedReferences(characterEntities);
    assert.equal(decodeCharacterReferences("&AElig; &Dcaron; &HilbertSpace; &DifferentialD; &ClockwiseContourIntegral; &ngE; &ouml;"), "Æ Ď ℋ ⅆ ∲ ≧̸ ö");
    assert.equal(decodeCharacterReferences("&AElig &ouml"), "&AElig &ouml");
    assert.equal(takeMissedName(), false);
  });

  it("with the full table, still leaves unknown names and the prototype's as they are", () => {
    assert.equal(decodeCharacterReferences("&bogus; &constructor; &__proto__; &hasOwnProperty;"), "&bogus; &constructor; &__proto__; &hasOwnProperty;");
    assert.equal(takeMissedName(), false);
  });
});
