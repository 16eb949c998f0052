// The kit's `kinds` option (docs/host.md): the provider view projects a custom kind's record with
// the host's definition, and without one shows its payload as JSON, as the codec does.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import * as v from "valibot";
import { defineContextKind, projectComposerContextForProvider, type ComposerContextRecord, type ContextKindDefinition } from "../../../src/codec/index.js";
import { createDiskBlobStore, createHost, openSqliteStore, type HostKit } from "../../../src/host/index.js";
import type { SentMessage } from "../../../src/transport/index.js";

const TICKET = defineContextKind({
  kind: "ticket",
  payload: v.object({ key: v.string(), title: v.string() }),
  label: "Ticket",
  entryBody: (record) => `${record.payload.key}: ${record.payload.title}`,
});
const RECORD: ComposerContextRecord = { version: 1, contextId: "ticket_t1", kind: "ticket", label: "T-1", payload: { key: "T-1", title: "Crash on save" } };
const TEXT = "Look at [T-1](t3-context://v1/ticket/ticket_t1)";
const ORIGIN = "http://127.0.0.1";

const folders: string[] = [];
after(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function kitWith(kinds?: readonly ContextKindDefinition[]): Promise<HostKit> {
  const folder = await mkdtemp(join(tmpdir(), "t3-kinds-"));
  folders.push(folder);
  const store = await openSqliteStore(join(folder, "t3.db"));
  return createHost({ store, blobs: createDiskBlobStore(folder), ...(kinds ? { kinds } : {}) });
}

async function providerView(kit: HostKit): Promise<string> {
  const body = { clientMessageId: "c1", text: TEXT, context: { version: 1, records: [RECORD] } };
  const posted = await kit.fetch(
    new Request(`${ORIGIN}/api/threads/k/messages`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  );
  assert.equal(posted.status, 201);
  const sent = (await posted.json()) as SentMessage;
  const view = await kit.fetch(new Request(`${ORIGIN}/api/threads/k/messages/${sent.id}/provider`));
  assert.equal(view.status, 200);
  return view.text();
}

describe("createHost({ kinds })", () => {
  it("projects a custom kind's record with the host's definition", async () => {
    const kit = await kitWith([TICKET]);
    try {
      const text = await providerView(kit);
      assert.match(text, /T-1: Crash on save/);
      assert.match(text, /\[Ticket: T-1; ref=ticket_t1\]/);
      assert.equal(text, projectComposerContextForProvider({ text: TEXT, records: [RECORD] }, { kinds: [TICKET] }));
    } finally {
      await kit.close();
    }
  });

  it("without kinds shows the payload as JSON, as the codec does", async () => {
    const kit = await kitWith();
    try {
      const text = await providerView(kit);
      assert.doesNotMatch(text, /T-1: Crash on save/);
      assert.equal(text, projectComposerContextForProvider({ text: TEXT, records: [RECORD] }));
    } finally {
      await kit.close();
    }
  });
});
