// The test host helper itself: the proxy reaches the host, stop and restart keep the data,
// faults apply to the requests they match.
import { expect } from "@esm-bundle/chai";
import { startHost, type TestHost } from "../support/host.js";

let host: TestHost;
before(async () => {
  host = await startHost();
});
after(() => host.dispose());

const post = (threadId: string, clientMessageId: string) =>
  fetch(`${host.apiUrl}/threads/${threadId}/messages`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ clientMessageId, text: "hello", attachments: [] }),
  });

describe("test host helper", () => {
  it("serves the demo page and the protocol on the page's origin", async () => {
    expect(new URL(host.url).origin).to.equal(location.origin);
    const page = await fetch(host.url);
    expect(page.status).to.equal(200);
    expect(page.headers.get("content-type")).to.equal("text/html; charset=utf-8");
    const list = await fetch(`${host.apiUrl}/threads/helper-1/messages`);
    expect(await list.json()).to.deep.equal([]);
  });

  it("drops connections while stopped, and keeps the data across a restart", async () => {
    expect((await post("helper-2", "msg_helper00000000000001")).status).to.equal(201);
    await host.stop();
    let failure: unknown;
    await fetch(`${host.apiUrl}/threads/helper-2/messages`).catch((error: unknown) => (failure = error));
    expect(failure).to.be.instanceOf(TypeError);
    await host.restart();
    const rows = await host.rows<{ text: string }>("SELECT text FROM messages WHERE thread_id = ?", "helper-2");
    expect(rows).to.deep.equal([{ text: "hello" }]);
  });

  it("applies a fault to the next matching request only", async () => {
    await host.fault({ fault: "fail-503", method: "POST", path: "/messages$" });
    const failed = await post("helper-3", "msg_helper00000000000002");
    expect(failed.status).to.equal(503);
    expect(await failed.json()).to.deep.equal({ error: { code: "injected", message: "injected fail-503" } });
    expect((await post("helper-3", "msg_helper00000000000002")).status).to.equal(201);
  });
});
