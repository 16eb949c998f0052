// The import plan of a paste or a restored stash (docs/wire-format.md, "Ids" and "Clipboard fragment"): which
// records join under which ids, which binaries are fetched, and how the links change.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type {
  ComposerContextRecord,
  ElementContextRecord,
  ImageContextRecord,
  PreviewAnnotationContextRecord,
  TerminalContextRecord,
  UnknownContextRecord,
} from "../../../src/contract/types.js";
import { annotationFromElement, isSameContextPayload, planImport } from "../../../src/elements/composer/import-plan.js";

const terminal: TerminalContextRecord = {
  version: 1, contextId: "terminal_t1", kind: "terminal", label: "build line 1",
  terminalId: "build", terminalLabel: "build", lineStart: 1, lineEnd: 1, text: "ok",
};
const image: ImageContextRecord = {
  version: 1, contextId: "image_att_src", kind: "image", label: "shot.png",
  attachmentId: "up_9", name: "shot.png", mimeType: "image/png", sizeBytes: 10,
};
const annotation: PreviewAnnotationContextRecord = {
  version: 1, contextId: "preview-annotation_a1", kind: "preview-annotation", label: "Make it blue",
  annotationId: "a1", pageUrl: "https://x.test/", pageTitle: "X", comment: "Make it blue",
  targetSummary: "2 marked regions", styleChanges: [], screenshotContextId: "image_att_src", regionCount: 2,
};
const element: ElementContextRecord = {
  version: 1, contextId: "element_e1", kind: "element", label: "<Button>",
  pageUrl: "https://x.test/", pageTitle: null, tagName: "button", selector: "main > button", htmlPreview: "<button>Go</button>",
  componentName: "Button", source: null, styles: "",
};
const custom: UnknownContextRecord = { version: 1, contextId: "ticket_42", kind: "ticket", label: "#42", payload: { id: 42 } };

const link = (record: { kind: string; contextId: string; label: string }) =>
  `${record.kind === "image" ? "!" : ""}[${record.label}](t3-context://v1/${record.kind}/${record.contextId})`;

function plan(text: string, records: ComposerContextRecord[], draft: ComposerContextRecord[] = [], source: string | null = "env-a") {
  const byId = new Map(draft.map((record) => [record.contextId, record]));
  let minted = 0;
  return planImport(text, records, { held: (id) => byId.get(id), sourceEnvironmentId: source, mintLocalId: () => `att_new${++minted}` });
}

describe("planImport", () => {
  it("adds records the draft does not hold, keeping text and ids", () => {
    const text = `see ${link(terminal)} and ${link(custom)}`;
    assert.deepEqual(plan(text, [terminal, custom]), { text, records: [terminal, custom], fetches: [] });
  });

  it("reuses a record whose payload the draft holds, whatever its label", () => {
    const text = link(terminal);
    assert.deepEqual(plan(text, [terminal], [{ ...terminal, label: "other" }]), { text, records: [], fetches: [] });
  });

  it("gives a colliding record with another payload its producer id with -2, -3, and rewrites its links", () => {
    const pasted = { ...terminal, text: "changed" };
    const draft = [terminal, { ...terminal, contextId: "terminal_t1-2", text: "also taken" }];
    const result = plan(`a ${link(pasted)} b ${link(pasted)}`, [pasted], draft);
    const moved = { ...pasted, contextId: "terminal_t1-3" };
    assert.deepEqual(result, { text: `a ${link(moved)} b ${link(moved)}`, records: [moved], fetches: [] });
  });

  it("suffixes an id that is not kind-scoped without adding a scope", () => {
    const result = plan(link(custom), [{ ...custom, payload: { id: 7 } }], [custom]);
    assert.deepEqual(result.records.map((record) => record.contextId), ["ticket_42-2"]);
    assert.equal(result.text, "[#42](t3-context://v1/ticket/ticket_42-2)");
  });

  it("re-scopes a legacy terminal id (docs/wire-format.md, Ids)", () => {
    const legacy = { ...terminal, contextId: "legacy_terminal_1" };
    const result = plan(`x ${link(legacy)}`, [legacy]);
    assert.deepEqual(result.records, [{ ...legacy, contextId: "terminal_legacy_terminal_1" }]);
    assert.equal(result.text, `x ${link({ ...legacy, contextId: "terminal_legacy_terminal_1" })}`);
  });

  it("fetches an image under a fresh local id and points its annotation's screenshot at it", () => {
    const result = plan(link(annotation), [annotation, image]);
    assert.deepEqual(result, {
      text: link(annotation),
      records: [{ ...annotation, screenshotContextId: "image_att_new1" }],
      fetches: [
        {
          record: { ...image, contextId: "image_att_new1", attachmentId: "att_new1" },
          localId: "att_new1",
          source: { environmentId: "env-a", attachmentId: "up_9" },
        },
      ],
    });
  });

  it("keeps an image as it is when there is no source (a restored stash)", () => {
    assert.deepEqual(plan(link(image), [image], [], null), { text: link(image), records: [image], fetches: [] });
  });

  it("does not fetch an image the draft already holds", () => {
    assert.deepEqual(plan(link(image), [image], [image]), { text: link(image), records: [], fetches: [] });
  });

  it("turns an element into a preview annotation and rewrites its link's kind", () => {
    const result = plan(`fix ${link(element)}`, [element]);
    const rebuilt = annotationFromElement(element);
    assert.deepEqual(rebuilt, {
      version: 1, contextId: "preview-annotation_e1", kind: "preview-annotation", label: "<Button>",
      annotationId: "e1", pageUrl: "https://x.test/", pageTitle: null, comment: "", targetSummary: "1 selected element",
      styleChanges: [],
      elements: [{ pageUrl: "https://x.test/", pageTitle: null, tagName: "button", selector: "main > button", htmlPreview: "<button>Go</button>", componentName: "Button", source: null, styles: "" }],
      elementIds: ["e1"],
    });
    assert.deepEqual(result, { text: "fix [<Button>](t3-context://v1/preview-annotation/preview-annotation_e1)", records: [rebuilt], fetches: [] });
  });

  it("leaves links without records as they are", () => {
    const text = "[gone](t3-context://v1/terminal/terminal_zz) [x](t3-context://v1/file/file_q)";
    assert.deepEqual(plan(text, []), { text, records: [], fetches: [] });
  });

  it("takes the first of two records with one id", () => {
    assert.deepEqual(plan(link(terminal), [terminal, { ...terminal, text: "second" }]).records, [terminal]);
  });

  it("compares payloads with sorted keys, ignoring label and contextId only", () => {
    const reordered = Object.fromEntries(Object.entries(terminal).reverse()) as unknown as TerminalContextRecord;
    assert.equal(isSameContextPayload(terminal, { ...reordered, label: "x", contextId: "y" }), true);
    assert.equal(isSameContextPayload(terminal, { ...terminal, lineEnd: 2 }), false);
    assert.equal(isSameContextPayload(custom, { ...custom, payload: { id: 42, more: true } }), false);
  });

  it("copes with __proto__ and constructor in payloads", () => {
    const tricky = { ...custom, payload: JSON.parse('{"__proto__": {"a": 1}, "constructor": 2}') as unknown };
    assert.equal(isSameContextPayload(tricky, structuredClone(tricky)), true);
    assert.deepEqual(plan(link(tricky), [tricky]).records, [tricky]);
  });
});
