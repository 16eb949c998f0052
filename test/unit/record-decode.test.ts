// decodeComposerContextRecord: behaviours the conformance vectors do not pin down.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { safeParse } from "valibot";
import {
  ComposerContextRecordSchema,
  decodeComposerContextRecord,
  type DecodeResult,
  type Issue,
  type PreviewAnnotationContextRecord,
  type ReviewCommentContextRecord,
  type SkillContextRecord,
} from "../../src/codec/index.js";

const UNREADABLE: Issue = {
  path: "",
  message: "The input could not be read: a getter or Proxy trap threw while decoding it",
};

const skill = () => ({ version: 1, contextId: "ctx_1", kind: "skill", label: "$x", name: "x" });
const terminal = () => ({
  version: 1,
  contextId: "ctx_t",
  kind: "terminal",
  label: "Terminal 1",
  terminalId: "term-1",
  terminalLabel: "Terminal 1",
  lineStart: 1,
  lineEnd: 2,
  text: "a\nb",
});
const elementDetails = () => ({
  pageUrl: "http://localhost/",
  pageTitle: null,
  tagName: "button",
  selector: null,
  htmlPreview: "<button>",
  componentName: null,
  source: null,
  styles: "",
});
const annotation = () => ({
  version: 1,
  contextId: "ctx_a",
  kind: "preview-annotation",
  label: "Checkout",
  annotationId: "ann_1",
  pageUrl: "http://localhost/",
  pageTitle: null,
  comment: "",
  targetSummary: "",
  styleChanges: [] as string[],
});
const review = () => ({
  version: 1,
  contextId: "ctx_r",
  kind: "review-comment",
  label: "f.ts L1",
  sectionId: "diff-1",
  sectionTitle: "Changes",
  filePath: "f.ts",
  startIndex: 1,
  endIndex: 1,
  rangeLabel: "L1",
  text: "",
  diff: "",
});
const pullRequest = () => ({
  number: 1,
  title: "t",
  url: "u",
  headBranch: "h",
  baseBranch: "b",
  state: "open",
  isDraft: false,
});
const unknownRecord = (payload: unknown) => ({ version: 1, contextId: "ctx_u", kind: "future-thing", label: "F", payload });

function issuesOf(result: DecodeResult<unknown>): Issue[] {
  assert.equal(result.success, false, "expected a failure");
  return result.success ? [] : result.issues;
}

function outputOf<T>(result: DecodeResult<T>): T {
  assert.ok(result.success, `expected success, got ${JSON.stringify(!result.success && result.issues)}`);
  return result.output;
}

const paths = (result: DecodeResult<unknown>) => issuesOf(result).map((issue) => issue.path);

describe("decodeComposerContextRecord: hostile input never throws", () => {
  it("a cyclic payload fails at payload", () => {
    const payload: Record<string, unknown> = {};
    payload.self = payload;
    assert.deepEqual(paths(decodeComposerContextRecord(unknownRecord(payload))), ["payload"]);
  });

  it("a cycle in an undeclared property of a known record is never read", () => {
    const record: Record<string, unknown> = skill();
    record.extra = record;
    assert.deepEqual(outputOf(decodeComposerContextRecord(record)), skill());
  });

  it("a getter that throws gives one root issue", () => {
    const record = skill();
    Object.defineProperty(record, "name", {
      enumerable: true,
      get() {
        throw new Error("boom");
      },
    });
    assert.deepEqual(decodeComposerContextRecord(record), { success: false, issues: [UNREADABLE] });
  });

  it("a getter on `kind` that throws gives one root issue", () => {
    const record = {
      get kind(): string {
        throw new Error("boom");
      },
    };
    assert.deepEqual(decodeComposerContextRecord(record), { success: false, issues: [UNREADABLE] });
  });

  it("a Proxy whose traps throw gives one root issue", () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error("get");
        },
        has() {
          throw new Error("has");
        },
      },
    );
    assert.deepEqual(decodeComposerContextRecord(hostile), { success: false, issues: [UNREADABLE] });
  });

  it("a value whose prototype cannot be read (valibot quotes it in the message) gives one root issue", () => {
    const trap = new Proxy(
      {},
      {
        getPrototypeOf() {
          throw new Error("proto");
        },
      },
    );
    assert.deepEqual(decodeComposerContextRecord({ ...skill(), name: trap }), { success: false, issues: [UNREADABLE] });
  });

  it("a well-behaved Proxy decodes to a plain object", () => {
    const output = outputOf(decodeComposerContextRecord(new Proxy(skill(), {})));
    assert.equal(Object.getPrototypeOf(output), Object.prototype);
    assert.deepEqual(output, skill());
  });

  it("a 10 MB string fails at its path with a short message", () => {
    const huge = "x".repeat(10_000_000);
    const label = issuesOf(decodeComposerContextRecord({ ...skill(), label: huge }));
    assert.deepEqual(label, [{ path: "label", message: "Invalid length: Expected <=200 but received 10000000" }]);
    // A wrong type quotes the value it received: the message is cut.
    const [sizeIssue] = issuesOf(decodeComposerContextRecord({ ...terminal(), lineStart: huge }));
    assert.equal(sizeIssue!.path, "lineStart");
    assert.equal(sizeIssue!.message.length, 301);
    assert.ok(sizeIssue!.message.startsWith('Invalid type: Expected number but received "xxx'));
    assert.ok(sizeIssue!.message.endsWith("x…"));
  });

  it("BigInt: a field fails by type, a payload because JSON.stringify throws", () => {
    assert.deepEqual(issuesOf(decodeComposerContextRecord({ ...terminal(), lineEnd: 2n })), [
      { path: "lineEnd", message: "Invalid type: Expected number but received 2" },
    ]);
    assert.deepEqual(paths(decodeComposerContextRecord(unknownRecord({ n: 1n }))), ["payload"]);
  });

  it("symbols: a symbol kind, a symbol payload and a symbol input fail; symbol keys are ignored", () => {
    assert.deepEqual(paths(decodeComposerContextRecord({ ...skill(), kind: Symbol("skill") })), ["kind", "payload"]);
    assert.deepEqual(paths(decodeComposerContextRecord(unknownRecord(Symbol("p")))), ["payload"]);
    assert.deepEqual(paths(decodeComposerContextRecord(Symbol("record"))), [""]);
    assert.deepEqual(outputOf(decodeComposerContextRecord({ ...skill(), [Symbol("extra")]: 1 })), skill());
  });

  it("non-object inputs fail at the root", () => {
    for (const input of [undefined, null, 0, "", "skill", true, () => skill()]) {
      assert.deepEqual(paths(decodeComposerContextRecord(input)), [""], String(input));
    }
  });

  // Fuzz counterexample (record.hostile, trap "to-json-flips"): the payload was kept by reference,
  // so a `toJSON` that answered small when measured and huge afterwards left a decoded record
  // that no longer decoded, and that threw when projected.
  it("a payload whose toJSON changes its answer decodes to the value that was measured", () => {
    let calls = 0;
    const payload = { toJSON: () => (calls++ === 0 ? [""] : "x".repeat(100_000)) };
    const output = outputOf(decodeComposerContextRecord({ version: 1, contextId: "-", label: "", kind: "a", payload }));
    assert.deepEqual(output, { version: 1, contextId: "-", label: "", kind: "a", payload: [""] });
    assert.deepEqual(outputOf(decodeComposerContextRecord(output)), output);
  });

  it("a payload of Proxies and getters decodes to plain data", () => {
    const inner = new Proxy({ a: 1 }, {});
    const payload = { get value() { return [inner, new Map([[1, 2]]), new Date(0)]; } };
    const output = outputOf(decodeComposerContextRecord(unknownRecord(payload)));
    assert.deepEqual(output, unknownRecord({ value: [{ a: 1 }, {}, "1970-01-01T00:00:00.000Z"] }));
  });

  // Found while sizing the fuzz inputs: the payload bound serialized a sparse array hole by hole
  // (44 s for a length of 10 ** 8) before it could compare the length.
  it("a sparse payload array of length 2 ** 32 - 1 fails without being walked", () => {
    const payload: unknown[] = [];
    payload.length = 2 ** 32 - 1;
    assert.deepEqual(paths(decodeComposerContextRecord(unknownRecord({ nested: [payload] }))), ["payload"]);
  });

  it("a sparse payload array counts the nulls it writes: 12,799 holes pass, 12,800 fail", () => {
    const fits: unknown[] = [];
    fits.length = 12_800; // 2 brackets + 12,800 × "null" + 12,799 commas = 64,001
    assert.deepEqual(paths(decodeComposerContextRecord(unknownRecord(fits))), ["payload"]);
    fits.length = 12_799;
    assert.equal(decodeComposerContextRecord(unknownRecord(fits)).success, true);
  });

  it("a sparse array of length 2 ** 32 - 1 fails without being walked", () => {
    const styleChanges: string[] = [];
    styleChanges.length = 2 ** 32 - 1;
    assert.deepEqual(issuesOf(decodeComposerContextRecord({ ...annotation(), styleChanges })), [
      { path: "styleChanges", message: "Invalid length: Expected <=200 but received 4294967295" },
    ]);
  });
});

describe("decodeComposerContextRecord: `__proto__` and other prototype keys", () => {
  it("a JSON `__proto__` key is dropped and pollutes nothing", () => {
    const input = JSON.parse('{"version":1,"contextId":"a","kind":"skill","label":"","name":"n","__proto__":{"polluted":true}}');
    const output = outputOf(decodeComposerContextRecord(input));
    assert.equal(Object.getPrototypeOf(output), Object.prototype);
    assert.deepEqual(Object.keys(output).sort(), ["contextId", "kind", "label", "name", "version"]);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it("`__proto__` and `constructor` are valid context ids", () => {
    for (const id of ["__proto__", "constructor"]) {
      assert.equal(outputOf(decodeComposerContextRecord({ ...skill(), contextId: id })).contextId, id);
    }
  });

  it("a payload keeps its own `__proto__` key as data", () => {
    const input = JSON.parse('{"version":1,"contextId":"a","kind":"x","label":"","payload":{"__proto__":{"a":1}}}');
    const output = outputOf(decodeComposerContextRecord(input)) as { payload: object };
    assert.deepEqual(Object.keys(output.payload), ["__proto__"]);
    assert.equal(JSON.stringify(output), '{"version":1,"contextId":"a","label":"","kind":"x","payload":{"__proto__":{"a":1}}}');
  });

  it("`__proto__` and `constructor` are not kinds", () => {
    assert.deepEqual(paths(decodeComposerContextRecord({ ...unknownRecord(1), kind: "__proto__" })), ["kind"]);
    // `constructor` matches the open-kind grammar, so it is just another custom kind.
    assert.equal(outputOf(decodeComposerContextRecord({ ...unknownRecord(1), kind: "constructor" })).kind, "constructor");
  });
});

describe("decodeComposerContextRecord: issue paths", () => {
  // src/contract/ordered-range.ts: the range rule runs beside another field's failure, not after its own fields'.
  it("names a reversed range beside another field's issue, and not when a range field has the wrong type", () => {
    assert.deepEqual(issuesOf(decodeComposerContextRecord({ ...terminal(), label: 5, lineStart: 3, lineEnd: 2 })), [
      { path: "label", message: "Invalid type: Expected string but received 5" },
      { path: "lineEnd", message: "lineEnd must be at least lineStart" },
    ]);
    // 2.5 is a number that fails a validation: the object is still typed, so the range is checked.
    assert.deepEqual(issuesOf(decodeComposerContextRecord({ ...review(), startIndex: 2.5, endIndex: 1 })), [
      { path: "startIndex", message: "Invalid safe integer: Received 2.5" },
      { path: "endIndex", message: "endIndex must be at least startIndex" },
    ]);
    assert.deepEqual(issuesOf(decodeComposerContextRecord({ ...terminal(), lineStart: "3", lineEnd: 2 })), [
      { path: "lineStart", message: 'Invalid type: Expected number but received "3"' },
    ]);
  });

  it("names the later field of a reversed range", () => {
    assert.deepEqual(issuesOf(decodeComposerContextRecord({ ...terminal(), lineStart: 3, lineEnd: 2 })), [
      { path: "lineEnd", message: "lineEnd must be at least lineStart" },
    ]);
    assert.deepEqual(issuesOf(decodeComposerContextRecord({ ...review(), startIndex: 9, endIndex: 8 })), [
      { path: "endIndex", message: "endIndex must be at least startIndex" },
    ]);
  });

  it("reaches into nested objects and arrays", () => {
    const record = {
      ...annotation(),
      elements: [elementDetails(), { ...elementDetails(), tagName: " ", source: { functionName: null, fileName: null, lineNumber: -1, columnNumber: null } }],
      styleChangeDetails: [{ targetId: "t", selector: null, property: "p", previousValue: "", value: "v".repeat(8001) }],
    };
    assert.deepEqual(paths(decodeComposerContextRecord(record)), [
      "elements.1.tagName",
      "elements.1.source.lineNumber",
      "styleChangeDetails.0.value",
    ]);
    assert.deepEqual(
      paths(decodeComposerContextRecord({ ...review(), pullRequest: { ...pullRequest(), number: 0, state: "draft" } })),
      ["pullRequest.number", "pullRequest.state"],
    );
  });

  it("lists every missing key of a malformed known record", () => {
    assert.deepEqual(issuesOf(decodeComposerContextRecord({ version: 1, contextId: "a", kind: "mention", label: "" })), [
      { path: "path", message: 'Invalid key: Expected "path" but received undefined' },
    ]);
  });

  it("a known kind padded with spaces fails at kind (and is not kept as unknown)", () => {
    const result = decodeComposerContextRecord({ ...skill(), kind: " skill ", payload: {} });
    assert.deepEqual(issuesOf(result), [{ path: "kind", message: "A known kind cannot use the unknown-record form" }]);
  });
});

describe("decodeComposerContextRecord: trimming", () => {
  it("trims ids, names and paths, and leaves labels and text alone", () => {
    const pad = (value: string) => ` \t${value}\u00a0\n`;
    const input = {
      version: 1,
      contextId: pad("ctx_1"),
      kind: "image",
      label: pad("shot.png"),
      attachmentId: pad("att_1"),
      name: pad("shot.png"),
      mimeType: pad("image/png"),
      sizeBytes: 3,
    };
    assert.deepEqual(outputOf(decodeComposerContextRecord(input)), {
      version: 1,
      contextId: "ctx_1",
      kind: "image",
      label: pad("shot.png"),
      attachmentId: "att_1",
      name: "shot.png",
      mimeType: "image/png",
      sizeBytes: 3,
    });
    const term = outputOf(
      decodeComposerContextRecord({ ...terminal(), terminalId: pad("t"), terminalLabel: pad("T 1"), label: pad("T"), text: pad("x") }),
    );
    assert.deepEqual(term, { ...terminal(), terminalId: "t", terminalLabel: "T 1", label: pad("T"), text: pad("x") });
    const mention = outputOf(decodeComposerContextRecord({ version: 1, contextId: "m", kind: "mention", label: "", path: pad("src/a.ts") }));
    assert.deepEqual(mention, { version: 1, contextId: "m", kind: "mention", label: "", path: "src/a.ts" });
    const custom = outputOf(decodeComposerContextRecord({ ...unknownRecord(" p "), kind: pad("future-thing") }));
    assert.deepEqual(custom, { version: 1, contextId: "ctx_u", kind: "future-thing", label: "F", payload: " p " });
  });

  it("trims review section ids and file paths, element tag names and screenshot ids, not URLs", () => {
    const output = outputOf(
      decodeComposerContextRecord({ ...review(), sectionId: " diff-1 ", filePath: " f.ts ", sectionTitle: " Changes " }),
    ) as ReviewCommentContextRecord;
    assert.deepEqual([output.sectionId, output.filePath, output.sectionTitle], ["diff-1", "f.ts", " Changes "]);
    const annotated = outputOf(
      decodeComposerContextRecord({
        ...annotation(),
        pageUrl: " http://x/ ",
        screenshotContextId: " image_ann_1 ",
        elements: [{ ...elementDetails(), tagName: " div " }],
      }),
    ) as PreviewAnnotationContextRecord;
    assert.deepEqual(
      [annotated.pageUrl, annotated.screenshotContextId, annotated.elements?.[0]?.tagName],
      [" http://x/ ", "image_ann_1", "div"],
    );
  });

  it("measures the limit after trimming", () => {
    const name = "n".repeat(255);
    const output = outputOf(decodeComposerContextRecord({ ...skill(), name: `  ${name}  ` })) as SkillContextRecord;
    assert.equal(output.name, name);
    assert.deepEqual(paths(decodeComposerContextRecord({ ...skill(), name: `  ${name}n  ` })), ["name"]);
  });
});

describe("decodeComposerContextRecord: undeclared properties are dropped", () => {
  it("at every level of a known record", () => {
    const input = {
      ...review(),
      sourceRevision: "abc",
      sourceStale: true,
      pullRequest: { ...pullRequest(), mergeable: true },
    };
    assert.deepEqual(outputOf(decodeComposerContextRecord(input)), { ...review(), pullRequest: pullRequest() });
    const withElement = {
      ...annotation(),
      geometry: [1, 2],
      elements: [{ ...elementDetails(), rect: {}, source: { functionName: null, fileName: "a.ts", lineNumber: 1, columnNumber: 2, hook: "x" } }],
      styleChangeDetails: [{ targetId: "t", selector: null, property: "p", previousValue: "", value: "", extra: 1 }],
    };
    assert.deepEqual(outputOf(decodeComposerContextRecord(withElement)), {
      ...annotation(),
      elements: [{ ...elementDetails(), source: { functionName: null, fileName: "a.ts", lineNumber: 1, columnNumber: 2 } }],
      styleChangeDetails: [{ targetId: "t", selector: null, property: "p", previousValue: "", value: "" }],
    });
  });

  it("an unknown record keeps exactly five keys, and its payload whole, as a copy of its JSON", () => {
    const payload = { deep: { extra: [1, { x: null }] } };
    const output = outputOf(decodeComposerContextRecord({ ...unknownRecord(payload), extra: 1, attachmentId: "a" }));
    assert.deepEqual(output, unknownRecord(payload));
    assert.notEqual((output as { payload: unknown }).payload, payload, "the payload is a copy");
  });

  it("the output is a new object: changing it leaves the input alone", () => {
    const input = skill();
    const output = outputOf(decodeComposerContextRecord(input)) as { name: string };
    assert.notEqual(output, input);
    output.name = "changed";
    assert.equal(input.name, "x");
  });
});

describe("decodeComposerContextRecord: unknown payload bound", () => {
  const decodesPayload = (payload: unknown) => decodeComposerContextRecord(unknownRecord(payload)).success;

  it("counts the quotes: 63,998 characters pass, 63,999 fail", () => {
    assert.equal(decodesPayload("x".repeat(63_998)), true);
    assert.equal(decodesPayload("x".repeat(63_999)), false);
  });

  it("counts escaping: 31,999 quotes pass (64,000), 32,000 fail (64,002)", () => {
    assert.equal(decodesPayload('"'.repeat(31_999)), true);
    assert.equal(decodesPayload('"'.repeat(32_000)), false);
  });

  it("counts a lone surrogate as its six-character escape", () => {
    // JSON.stringify writes a lone surrogate as `\udXXX`.
    assert.equal(decodesPayload("\ud800".repeat(10_666)), true); // 63,996 + 2
    assert.equal(decodesPayload("\ud800".repeat(10_667)), false); // 64,002 + 2
  });

  it("accepts any JSON value, null included, and rejects what has no JSON", () => {
    for (const payload of [null, 0, false, "", [], {}, [null]]) assert.equal(decodesPayload(payload), true, JSON.stringify(payload));
    for (const payload of [undefined, () => 1, Symbol("s"), 1n]) assert.equal(decodesPayload(payload), false, String(payload));
    const { payload: _omitted, ...withoutPayload } = unknownRecord(1);
    assert.deepEqual(paths(decodeComposerContextRecord(withoutPayload)), ["payload"]);
  });

  it("fails through the exported schema too, for hosts that validate with valibot", () => {
    const result = safeParse(ComposerContextRecordSchema, unknownRecord(1n));
    assert.equal(result.success, false);
    assert.deepEqual(result.issues?.map((issue) => [issue.path?.map((item) => item.key).join("."), issue.message]), [
      ["payload", "The payload must serialize to at most 64000 JSON characters"],
    ]);
  });

  it("measures the JSON a `toJSON` method writes, as JSON.stringify does", () => {
    assert.equal(decodesPayload({ toJSON: () => "x".repeat(63_998) }), true);
    assert.equal(decodesPayload({ toJSON: () => "x".repeat(63_999) }), false);
    assert.equal(decodesPayload({ toJSON: () => undefined }), false);
  });
});

describe("decodeComposerContextRecord: values", () => {
  it("integers must be safe integers within bounds", () => {
    const sizes = (sizeBytes: unknown) =>
      decodeComposerContextRecord({ version: 1, contextId: "a", kind: "file", label: "", attachmentId: "a", name: "n", mimeType: "m", sizeBytes }).success;
    assert.deepEqual(
      [0, 2 ** 53 - 1, -1, 1.5, 2 ** 53, 2 ** 60, Number.NaN, Infinity, "1", null].map(sizes),
      [true, true, false, false, false, false, false, false, false, false],
    );
    assert.equal(decodeComposerContextRecord({ ...review(), pullRequest: { ...pullRequest(), number: 1 } }).success, true);
    assert.equal(decodeComposerContextRecord({ ...review(), pullRequest: { ...pullRequest(), number: 0 } }).success, false);
  });

  it("version must be the number 1", () => {
    assert.deepEqual(
      [1, 1.0, "1", 2, true, null].map((version) => decodeComposerContextRecord({ ...skill(), version }).success),
      [true, true, false, false, false, false],
    );
  });

  it("nullable keys must be present", () => {
    const { pageTitle: _omitted, ...withoutTitle } = annotation();
    assert.deepEqual(paths(decodeComposerContextRecord(withoutTitle)), ["pageTitle"]);
  });

  it("an explicit undefined optional field fails (JSON never carries one)", () => {
    assert.deepEqual(paths(decodeComposerContextRecord({ ...review(), fenceLanguage: undefined })), ["fenceLanguage"]);
  });

  it("array bounds: 200 style changes and 50 elements pass, one more fails", () => {
    const styles = (count: number) => Array.from({ length: count }, () => "color: red");
    const elements = (count: number) => Array.from({ length: count }, elementDetails);
    assert.equal(decodeComposerContextRecord({ ...annotation(), styleChanges: styles(200), elements: elements(50) }).success, true);
    assert.deepEqual(paths(decodeComposerContextRecord({ ...annotation(), styleChanges: styles(201) })), ["styleChanges"]);
    assert.deepEqual(paths(decodeComposerContextRecord({ ...annotation(), elements: elements(51) })), ["elements"]);
    assert.deepEqual(paths(decodeComposerContextRecord({ ...annotation(), elementIds: styles(51) })), ["elementIds"]);
  });

  it("`thread` is not built in: without a payload it is dropped, with one it is kept as unknown", () => {
    const thread = { version: 1, contextId: "th", kind: "thread", label: "T", environmentId: "e", threadId: "t", title: "T" };
    assert.deepEqual(paths(decodeComposerContextRecord(thread)), ["payload"]);
    assert.deepEqual(outputOf(decodeComposerContextRecord({ ...thread, payload: { threadId: "t" } })), {
      version: 1,
      contextId: "th",
      kind: "thread",
      label: "T",
      payload: { threadId: "t" },
    });
  });
});
