// The clipboard fragment codec: limits, the HTML flavor's attribute reader, and misuse.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  CONTEXT_FRAGMENT_MIME,
  decodeClipboardFragment,
  decodeClipboardHtml,
  encodeClipboardFragment,
  encodeClipboardHtml,
  type ClipboardFragment,
  type TerminalContextRecord,
} from "../../src/codec/index.js";

const terminal = (text: string): TerminalContextRecord => ({
  version: 1,
  contextId: "t1",
  kind: "terminal",
  label: "Build",
  terminalId: "b",
  terminalLabel: "Build",
  lineStart: 1,
  lineEnd: 1,
  text,
});
const fragment = (records: ClipboardFragment["records"] = []): ClipboardFragment => ({
  version: 1,
  source: { environmentId: "env" },
  records,
});
const EMPTY_JSON = '{"version":1,"source":{"environmentId":"env"},"records":[]}';
const EMPTY_ENCODED = "%7B%22version%22%3A1%2C%22source%22%3A%7B%22environmentId%22%3A%22env%22%7D%2C%22records%22%3A%5B%5D%7D";

describe("CONTEXT_FRAGMENT_MIME", () => {
  it("is Chromium's custom-format name for the fragment JSON", () => {
    assert.equal(CONTEXT_FRAGMENT_MIME, "web application/x-t3-context-fragment+json");
  });
});

describe("encodeClipboardFragment", () => {
  it("writes compact JSON", () => {
    assert.equal(encodeClipboardFragment(fragment()), EMPTY_JSON);
  });

  it("returns the JSON at 16,000,000 characters and null above", () => {
    // The JSON of fragment([terminal(text)]) is its text plus a fixed envelope.
    const envelope = JSON.stringify(fragment([terminal("")])).length;
    const exact = encodeClipboardFragment(fragment([terminal("x".repeat(16_000_000 - envelope))]));
    assert.equal(exact?.length, 16_000_000);
    assert.equal(encodeClipboardFragment(fragment([terminal("x".repeat(16_000_001 - envelope))])), null);
  });
});

describe("decodeClipboardFragment", () => {
  it("returns null for null, undefined and the empty string", () => {
    assert.deepEqual([decodeClipboardFragment(null), decodeClipboardFragment(undefined), decodeClipboardFragment("")], [null, null, null]);
  });

  it("reads up to 16,000,000 characters and no more, even of valid JSON", () => {
    const padded = (length: number) => EMPTY_JSON + " ".repeat(length - EMPTY_JSON.length);
    assert.deepEqual(decodeClipboardFragment(padded(16_000_000)), fragment());
    assert.equal(decodeClipboardFragment(padded(16_000_001)), null);
  });

  it("returns null for JSON that is not a fragment", () => {
    for (const text of ["null", "[]", '"x"', "{}", '{"version":1,"records":[]}', '{"version":1,"source":{"environmentId":"e"}}', '{"version":1,"source":"e","records":[]}']) {
      assert.equal(decodeClipboardFragment(text), null, text);
    }
  });

  it("requires trimmed non-empty source ids, and trims them", () => {
    const withSource = (source: unknown) => decodeClipboardFragment(JSON.stringify({ version: 1, source, records: [] }));
    assert.equal(withSource({ environmentId: "e", threadId: " " }), null);
    assert.equal(withSource({ environmentId: "e", messageId: "" }), null);
    assert.equal(withSource({ environmentId: 1 }), null);
    assert.deepEqual(withSource({ environmentId: " e ", threadId: "\tt\n", messageId: " m", extra: "dropped" })?.source, {
      environmentId: "e",
      threadId: "t",
      messageId: "m",
    });
  });

  it("allows 200 raw records and rejects 201, counting ones it would drop", () => {
    const withRecords = (records: unknown[]) => decodeClipboardFragment(JSON.stringify({ ...fragment(), records }));
    assert.equal(withRecords(Array.from({ length: 200 }, () => "junk"))?.records.length, 0);
    assert.equal(withRecords(Array.from({ length: 201 }, () => "junk")), null);
  });

  it("throws a TypeError when called with something that is not a string", () => {
    assert.throws(() => decodeClipboardFragment(42 as unknown as string), {
      name: "TypeError",
      message: "decodeClipboardFragment expects a string, got number",
    });
  });
});

describe("encodeClipboardHtml", () => {
  it("writes an apostrophe as %27, which encodeURIComponent leaves alone", () => {
    const json = encodeClipboardFragment(fragment([terminal("don't")]))!;
    const html = encodeClipboardHtml(json, { text: "don't" });
    assert.ok(html.includes("%22don%27t%22"));
    assert.ok(html.endsWith(`">don't</pre>`));
    assert.ok(!html.slice(0, html.indexOf(">")).includes("'"));
  });

  it("wraps caller HTML in a div as it is, and ignores the text then (even empty HTML)", () => {
    assert.equal(encodeClipboardHtml(EMPTY_JSON, { html: "<b>x</b> & y", text: "ignored" }), `<div data-t3-context-fragment="${EMPTY_ENCODED}"><b>x</b> & y</div>`);
    assert.equal(encodeClipboardHtml(EMPTY_JSON, { html: "", text: "ignored" }), `<div data-t3-context-fragment="${EMPTY_ENCODED}"></div>`);
  });

  it("escapes only & < > in the text, and writes an empty pre without text", () => {
    assert.equal(encodeClipboardHtml(EMPTY_JSON, { text: `a<b>&"c'` }), `<pre data-t3-context-fragment="${EMPTY_ENCODED}">a&lt;b&gt;&amp;"c'</pre>`);
    assert.equal(encodeClipboardHtml(EMPTY_JSON, {}), `<pre data-t3-context-fragment="${EMPTY_ENCODED}"></pre>`);
  });
});

describe("decodeClipboardHtml", () => {
  const attribute = (value: string, quote = '"') => `data-t3-context-fragment=${quote}${value}${quote}`;

  it("returns null for null, undefined, the empty string and HTML without the attribute", () => {
    for (const html of [null, undefined, "", "<div>x</div>", "data-t3-context-fragment", "data-t3-context-fragment="]) {
      assert.equal(decodeClipboardHtml(html), null, String(html));
    }
  });

  it("does not search more than 64,000,000 characters", () => {
    const html = `<pre ${attribute(EMPTY_ENCODED)}>`;
    const padded = (length: number) => html + " ".repeat(length - html.length);
    assert.deepEqual(decodeClipboardHtml(padded(64_000_000)), fragment());
    assert.equal(decodeClipboardHtml(padded(64_000_001)), null);
  });

  it("reads a double-quoted value up to the closing double quote, apostrophes included", () => {
    // What T3 Code's own encoder writes (no %27): its decoder gives null here, ours reads it.
    const json = encodeClipboardFragment(fragment([terminal("don't panic")]))!;
    const html = `<pre ${attribute(encodeURIComponent(json))}>x</pre>`;
    assert.ok(html.includes("don't"));
    assert.deepEqual(decodeClipboardHtml(html)?.records[0], terminal("don't panic"));
  });

  it("reads a single-quoted value up to the closing apostrophe", () => {
    const json = encodeClipboardFragment(fragment([terminal('say "hi"')]))!;
    // A hand-written single-quoted attribute may hold a raw double quote.
    const value = encodeURIComponent(json).replaceAll("%22", '"');
    assert.deepEqual(decodeClipboardHtml(`<div ${attribute(value, "'")}>x</div>`)?.records[0], terminal('say "hi"'));
  });

  it("takes the first attribute that has a value", () => {
    const other = encodeURIComponent(JSON.stringify({ ...fragment(), source: { environmentId: "second" } }));
    assert.equal(decodeClipboardHtml(`<p ${attribute(EMPTY_ENCODED)}></p><p ${attribute(other)}></p>`)?.source.environmentId, "env");
    // Unquoted and empty occurrences are skipped, as the reference pattern skips them.
    for (const before of ["data-t3-context-fragment=x ", attribute(""), attribute("", "'"), "data-t3-context-fragment= "]) {
      assert.equal(decodeClipboardHtml(`${before}<p ${attribute(other)}></p>`)?.source.environmentId, "second", before);
    }
    // So is one whose quote never closes (the reference would capture up to the other quote).
    assert.equal(decodeClipboardHtml(`data-t3-context-fragment='x <p ${attribute(other)}></p>`)?.source.environmentId, "second");
    assert.equal(decodeClipboardHtml(`<p data-t3-context-fragment='${other}`), null);
  });

  it("does not fall back to a later attribute when the first value is bad", () => {
    assert.equal(decodeClipboardHtml(`<p ${attribute("%7B")}></p><p ${attribute(EMPTY_ENCODED)}></p>`), null);
  });

  it("is case-sensitive and needs the `=` right after the name", () => {
    assert.equal(decodeClipboardHtml(`<p DATA-T3-CONTEXT-FRAGMENT="${EMPTY_ENCODED}">`), null);
    assert.equal(decodeClipboardHtml(`<p data-t3-context-fragment ="${EMPTY_ENCODED}">`), null);
  });

  it("returns null for malformed percent-encoding, JSON or fragments", () => {
    for (const value of ["%E0%A4%A", "%ZZ", "%7B", encodeURIComponent('{"version":2}'), "%ED%A0%80"]) {
      assert.equal(decodeClipboardHtml(`<p ${attribute(value)}>`), null, value);
    }
  });

  it("finds the attribute after many skipped occurrences", () => {
    const decoys = 'data-t3-context-fragment=x data-t3-context-fragment="" '.repeat(100_000);
    assert.deepEqual(decodeClipboardHtml(`${decoys}<p ${attribute(EMPTY_ENCODED)}>`), fragment());
  });

  it("throws a TypeError when called with something that is not a string", () => {
    assert.throws(() => decodeClipboardHtml({} as unknown as string), { name: "TypeError", message: "decodeClipboardHtml expects a string, got object" });
  });
});
