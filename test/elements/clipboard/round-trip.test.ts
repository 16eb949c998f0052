// Every record kind, a custom kind included, survives composer → transcript → composer: copied
// from a composer, pasted into a second one (another environment), sent, shown in a transcript,
// copied from there and pasted into a third composer. Its payload comes out identical except
// where docs/wire-format.md, "Clipboard fragment" says the import rewrites it: a re-fetched binary's ids, an `element` link
// becoming `preview-annotation`, an annotation's lost geometry (and its screenshot's new id).
import { expect } from "@esm-bundle/chai";
import { object, number } from "valibot";
import type {
  ComposerContextRecord,
  ElementContextRecord,
  ImageContextRecord,
  PreviewAnnotationContextRecord,
  ReviewCommentContextRecord,
  UnknownContextRecord,
} from "../../../src/contract/types.js";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import type { ComposerValue, DraftAttachment } from "../../../src/elements/composer/types.js";
import { chipRegistry, createChipRegistry } from "../../../src/presentation/index.js";
import type { ChipRegistry } from "../../../src/presentation/types.js";
import { chipsOf, editorOf, focusEnd, mention, mount, next, pngFile, skill, terminal, type, unmountAll } from "../composer/helpers.js";
import { article, cleanup, mount as mountTranscript } from "../transcript/fixtures.js";
import { attachmentsJoined, copyFrom, expectValue, pasteInto, selectAll, sharedTransport, uploadsDone } from "./helpers.js";

const link = (record: { kind: string; contextId: string; label: string }) =>
  `${record.kind === "image" ? "!" : ""}[${record.label}](t3-context://v1/${record.kind}/${record.contextId})`;

const element: ElementContextRecord = {
  version: 1, contextId: "element_e1", kind: "element", label: "<SaveButton>",
  pageUrl: "https://app.example.com/settings", pageTitle: "Settings", tagName: "button",
  selector: "main > button.save", htmlPreview: '<button class="save">Save</button>', componentName: "SaveButton",
  source: { functionName: "SaveButton", fileName: "src/SaveButton.tsx", lineNumber: 12, columnNumber: 4 },
  styles: "color: red;",
};
const { version: _version, contextId: _contextId, kind: _kind, label: _label, ...elementDetails } = element;
const screenshot: ImageContextRecord = {
  version: 1, contextId: "image_a1", kind: "image", label: "annotation.png", attachmentId: "up_shot", name: "annotation.png", mimeType: "image/png", sizeBytes: 3,
};
const annotation: PreviewAnnotationContextRecord = {
  version: 1, contextId: "preview-annotation_a1", kind: "preview-annotation", label: "Make the header blue",
  annotationId: "a1", pageUrl: "https://app.example.com/", pageTitle: "Home", comment: "Make the header blue",
  targetSummary: "1 selected element, 2 marked regions, 1 drawing", styleChanges: ["color: red → blue"],
  elements: [elementDetails],
  elementIds: ["el-1"],
  styleChangeDetails: [{ targetId: "el-1", selector: "header", property: "color", previousValue: "red", value: "blue" }],
  screenshotContextId: "image_a1", regionCount: 2, strokeCount: 1,
};
const pullRequest: ReviewCommentContextRecord = {
  version: 1, contextId: "review-comment_c1", kind: "review-comment", label: "app.ts L12 to L15",
  sectionId: "s1", sectionTitle: "Changes", filePath: "src/app.ts", startIndex: 0, endIndex: 3, rangeLabel: "+12 to +15",
  text: "Why is this async?", diff: "@@ -1,2 +1,2 @@\n-old\n+new", fenceLanguage: "diff",
  pullRequest: { number: 9, title: "Fix the build", url: "https://github.com/acme/app/pull/9", headBranch: "fix-build", baseBranch: "main", state: "open", isDraft: true },
};
const ticket: UnknownContextRecord = {
  version: 1, contextId: "ticket_42", kind: "ticket", label: "#42 Fix login",
  payload: { id: 42, title: "Fix login", tags: ["auth", "p1"], nested: { open: true, owner: null } },
};

/** The registry every element of a round trip draws with: the built-ins and the custom kind. */
function registryWithTicket(): ChipRegistry {
  const registry = createChipRegistry({ base: chipRegistry });
  registry.define("ticket", { label: (record) => record.label, payload: object({ id: number() }) });
  return registry;
}

/** Pastes `data` into a fresh composer and waits until every chip resolved and uploads are done. */
async function pasteIntoNew(data: DataTransfer, environmentId: string, transport: ReturnType<typeof sharedTransport>, registry: ChipRegistry, attachments: number): Promise<T3ComposerElement> {
  const composer = await mount({ "environment-id": environmentId });
  composer.registry = registry;
  composer.transport = transport;
  pasteInto(composer, data);
  await attachmentsJoined(composer, attachments);
  await uploadsDone(composer);
  expect(chipsOf(composer).map((chip) => chip.dataset.contextUnresolved)).to.deep.equal(chipsOf(composer).map(() => undefined));
  return composer;
}

interface Trip {
  a: T3ComposerElement;
  /** B's value and attachments before it sent (sending empties it). */
  b: { value: ComposerValue; attachments: DraftAttachment[] };
  c: T3ComposerElement;
  transport: ReturnType<typeof sharedTransport>;
}

/**
 * A → B by copy and paste, B → transcript by sending, transcript → C by copy and paste.
 * `attachments` is how many attachments the record brings into B and into C.
 */
async function roundTrip(put: (a: T3ComposerElement, transport: ReturnType<typeof sharedTransport>) => Promise<void>, attachments: [number, number] = [0, 0]): Promise<Trip> {
  const transport = sharedTransport();
  const registry = registryWithTicket();
  const a = await mount({ "environment-id": "env-a", "thread-id": "thread-a" });
  a.registry = registry;
  a.transport = transport;
  await put(a, transport);
  await uploadsDone(a);
  await selectAll(a);
  const b = await pasteIntoNew(copyFrom(editorOf(a)), "env-b", transport, registry, attachments[0]);
  const before = { value: b.value, attachments: b.attachments };
  const sent = await b.send();
  const stored = structuredClone(transport.sent);
  const transcript = await mountTranscript([{ ...sent!, role: "user" }], (el) => {
    el.registry = registry;
    el.setAttribute("environment-id", "env-b");
  });
  const body = article(transcript, sent!.id).querySelector(".body")!;
  document.getSelection()!.setBaseAndExtent(body, 0, body, body.childNodes.length);
  const c = await pasteIntoNew(copyFrom(body), "env-c", transport, registry, attachments[1]);
  expect(transport.sent).to.deep.equal(stored); // a paste never changes what was sent
  expect(transcript.messages).to.deep.equal([{ ...sent!, role: "user" }]);
  return { a, b: before, c, transport };
}

/** Puts `record` into A between two words. */
function between(record: ComposerContextRecord, extra: ComposerContextRecord[] = []) {
  return async (a: T3ComposerElement) => {
    a.value = { text: `see ${link(record)} now`, context: { version: 1, records: [record, ...extra] } };
  };
}

/** Attaches `file` into A between two words, uploaded through the shared host. */
function attached(file: File) {
  return async (a: T3ComposerElement) => {
    a.value = { text: "see " };
    await focusEnd(a);
    const added = next(a, "t3-context-add");
    a.attachFiles([file]);
    await added;
    await type("now");
  };
}

/** The value of a composer holding one record between the two words. */
function holding(record: ComposerContextRecord): ComposerValue {
  return { text: `see ${link(record)} now`, context: { version: 1, records: [record] } };
}


describe("round trip composer → transcript → composer, per kind", () => {
  afterEach(() => {
    cleanup();
    unmountAll();
    document.getSelection()?.removeAllRanges();
  });

  for (const record of [terminal, mention, skill, pullRequest, ticket] as ComposerContextRecord[]) {
    it(`${record.kind}: identical`, async () => {
      const { a, b, c } = await roundTrip(between(record));
      expectValue(a, holding(record));
      expect(b.value).to.deep.equal(holding(record));
      expectValue(c, holding(record));
    });
  }

  it("element: becomes a preview annotation with the element as its one target", async () => {
    const { b, c } = await roundTrip(between(element));
    const rebuilt: PreviewAnnotationContextRecord = {
      version: 1, contextId: "preview-annotation_e1", kind: "preview-annotation", label: "<SaveButton>",
      annotationId: "e1", pageUrl: element.pageUrl, pageTitle: element.pageTitle, comment: "", targetSummary: "1 selected element",
      styleChanges: [], elements: [elementDetails], elementIds: ["e1"],
    };
    expect(b.value).to.deep.equal(holding(rebuilt));
    expectValue(c, holding(rebuilt));
  });

  it("preview-annotation: identical but for its screenshot's new id (geometry never travels; the counts do)", async () => {
    const { b, c, transport } = await roundTrip(async (a, host) => {
      await host.upload!(new Blob(["png"], { type: "image/png" }), { localId: "up_shot", name: "annotation.png", signal: new AbortController().signal });
      await between(annotation, [screenshot])(a);
    }, [1, 0]);
    const shot = b.attachments[0]!;
    const moved = { ...annotation, screenshotContextId: `image_${shot.localId}` };
    expect([shot.name, shot.status, shot.referenced]).to.deep.equal(["annotation.png", "ready", false]);
    expect(b.value).to.deep.equal(holding(moved));
    // The message carries the annotation; its screenshot went as an attachment, not a record.
    expectValue(c, holding(moved));
    expect(transport.fetches).to.deep.equal([{ environmentId: "env-a", attachmentId: "up_shot" }]);
  });

  it("image: identical but for the ids of its fetched-again bytes", async () => {
    const { a, b, c, transport } = await roundTrip(attached(pngFile("pixel.png")), [1, 1]);
    const original = a.value.context!.records[0] as ImageContextRecord;
    const moved = (local: string) => holding({ ...original, contextId: `image_${local}`, attachmentId: local });
    const bLocal = b.attachments[0]!.localId;
    expectValue(a, holding(original));
    expect(b.value).to.deep.equal(moved(bLocal));
    expectValue(c, moved(c.attachments[0]!.localId));
    expect(transport.fetches).to.deep.equal([
      { environmentId: "env-a", attachmentId: original.attachmentId },
      { environmentId: "env-b", attachmentId: bLocal },
    ]);
  });

  it("file: identical but for the ids of its fetched-again bytes", async () => {
    const { a, b, c } = await roundTrip(attached(new File(["hello, world"], "notes.txt", { type: "text/plain" })), [1, 1]);
    const original = a.value.context!.records[0]!;
    expect(original).to.deep.include({ kind: "file", name: "notes.txt", mimeType: "text/plain", sizeBytes: 12 });
    const moved = (local: string) => holding({ ...original, contextId: `file_${local}`, attachmentId: local } as ComposerContextRecord);
    expect(b.value).to.deep.equal(moved(b.attachments[0]!.localId));
    expectValue(c, moved(c.attachments[0]!.localId));
  });
});
