import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, describe, it } from "node:test";
import { startTestHost, type TestHost } from "../support/host.js";

let host: TestHost;
before(async () => {
  host = await startTestHost();
});
after(() => host.stop());

describe("static files", () => {
  it("serves the demo page at /", async () => {
    const response = await fetch(`${host.url}/`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "text/html; charset=utf-8");
    assert.equal(await response.text(), await readFile(new URL("../../../demo/index.html", import.meta.url), "utf8"));
  });

  for (const path of ["/demo/host/server.ts", "/package.json", "/dist/%2e%2e/package.json", "/demo/../package.json", "/%E0%A4%A"]) {
    it(`answers 404 for ${path}`, async () => {
      const response = await fetch(`${host.url}${path}`);
      assert.equal(response.status, 404);
    });
  }

  it("refuses to write outside /api", async () => {
    const response = await fetch(`${host.url}/`, { method: "POST", body: "x" });
    assert.equal(response.status, 405);
  });
});
