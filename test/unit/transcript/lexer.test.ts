import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Token } from "marked";
import { contextReferenceStart, lexMarkdown, START_LOOKAHEAD } from "../../../src/elements/transcript/markdown/lexer.js";

const CHIP = "[a.ts](t3-context://v1/file/a)";

/** Every inline token of a lexed text, depth first. */
function inlineTokens(text: string, breaks = false): Token[] {
  const out: Token[] = [];
  const walk = (tokens: Token[] | undefined) => {
    for (const token of tokens ?? []) {
      out.push(token);
      walk((token as { tokens?: Token[] }).tokens);
    }
  };
  walk(lexMarkdown(text, { breaks }));
  return out;
}

const chips = (text: string) => inlineTokens(text).filter((token) => token.type === "contextReference").length;

describe("context reference start hint", () => {
  it("looks no further than its lookahead, so each call costs a bounded amount", () => {
    // The hint used to search the whole rest of the text for the link marker at every inline token:
    // quadratic on 1 MB of `[a](` or `a_ ` (issue 14).
    const far = "a".repeat(START_LOOKAHEAD * 4) + CHIP;
    assert.equal(contextReferenceStart(far), undefined);
    assert.equal(contextReferenceStart("ab" + CHIP), 2);
    assert.equal(contextReferenceStart("ab!" + CHIP), 2);
  });

  it("still finds a chip after a plain run far longer than the lookahead", () => {
    const text = "word ".repeat(START_LOOKAHEAD) + CHIP + " end";
    assert.equal(chips(text), 1);
  });

  it("still finds chips among hostile runs of `[a](` and `a_ `", () => {
    assert.equal(chips("[a](".repeat(500) + CHIP), 1);
    assert.equal(chips("a_ ".repeat(500) + CHIP + " a_ ".repeat(10)), 1);
    assert.equal(chips(`x*${CHIP}*y ${CHIP}`), 2);
  });

  it("lexes hostile runs into a token count proportional to their size", () => {
    for (const unit of ["[a](", "a_ ", "[a](t3-context://v1/"]) {
      const counts = [1, 2, 4].map((times) => inlineTokens(unit.repeat(1000 * times)).length);
      // Text tokens merge, so a hostile run stays a few tokens whatever its length.
      assert.ok(counts[2]! <= counts[0]! * 4, `${unit}: ${counts.join(", ")}`);
    }
  });
});
