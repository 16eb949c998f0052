import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { TerminalContextRecord } from "../../../src/contract/types.js";
import { stripReferences } from "../../../src/elements/composer/message.js";
import { bindPlaceholders } from "../../../src/elements/composer/placeholders.js";

const terminal = (id: string, label: string): TerminalContextRecord => ({
  version: 1, contextId: id, kind: "terminal", label, terminalId: id, terminalLabel: "build", lineStart: 1, lineEnd: 2, text: "x",
});

describe("stripReferences", () => {
  it("removes each link of the ids with one neighbouring space", () => {
    const t = "[t](t3-context://v1/terminal/t1)";
    const k = "[k](t3-context://v1/skill/k)";
    assert.equal(stripReferences(`a ${t} b ${k} ${t}`, new Set(["t1"])), `a b ${k}`);
    assert.equal(stripReferences(`${t}`, new Set(["t1"])), "");
  });
});

describe("bindPlaceholders", () => {
  it("binds each U+FFFC to the next terminal record and drops extra ones", () => {
    const records = [terminal("t1", "build lines 1-2"), terminal("t2", "")];
    assert.equal(
      bindPlaceholders("a \ufffc b \ufffc c \ufffc", records),
      "a [build lines 1-2](t3-context://v1/terminal/t1) b [build lines 1-2](t3-context://v1/terminal/t2) c ",
    );
  });
  it("leaves text without placeholders as it is", () => assert.equal(bindPlaceholders("plain", []), "plain"));
});
