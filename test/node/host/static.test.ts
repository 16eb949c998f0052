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

  it("serves the demo's tokenizer modules under /vendor/gpt-tokenizer/", async () => {
    const response = await fetch(`${host.url}/vendor/gpt-tokenizer/encoding/o200k_base.js`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "text/javascript; charset=utf-8");
    assert.match(await response.text(), /countTokens/);
  });

  for (const path of [
    "/demo/host/server.ts", "/package.json", "/dist/%2e%2e/package.json", "/demo/../package.json", "/%E0%A4%A",
    "/vendor/gpt-tokenizer/../package.json", "/vendor/gpt-tokenizer/%2e%2e/package.json", "/vendor/gpt-tokenizer/encoding/o200k_base.js.map",
  ]) {
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
