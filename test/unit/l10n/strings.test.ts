import assert from "node:assert/strict";
import { afterEach, describe, it } from "node:test";
import { localizerFor, onStringsChange, setStrings } from "../../../src/l10n/catalog.js";
import { englishLocalizer } from "../../../src/l10n/localizer.js";
import { englishStrings, STRING_KEYS, type T3StringKey } from "../../../src/l10n/strings.js";
import { frenchStrings } from "../../../demo/app/french.js";

afterEach(() => {
  setStrings("fr", null);
  setStrings("fr-CA", null);
  setStrings("en", null);
  setStrings("pl", null);
});

describe("string table", () => {
  it("has a non-empty English message for every key", () => {
    for (const key of STRING_KEYS) {
      const message = englishStrings[key];
      assert.ok(typeof message === "string" ? message.length > 0 : message.other.length > 0, key);
    }
  });

  it("fills placeholders and writes numbers in the locale's digits", () => {
    assert.equal(englishLocalizer.text("removeFile", { name: "a.png" }), "Remove a.png");
    setStrings("fr", { mediaPosition: "{index} sur {count}" });
    assert.equal(localizerFor("fr").text("mediaPosition", { index: 1200, count: 3400 }), "1\u202f200 sur 3\u202f400");
    assert.equal(englishLocalizer.text("mediaPosition", { index: 1200, count: 3400 }), "1,200 / 3,400");
  });

  it("keeps a placeholder no parameter fills", () => {
    assert.equal(englishLocalizer.text("removeFile"), "Remove {name}");
  });

  it("chooses the plural form by Intl.PluralRules of the locale", () => {
    assert.equal(englishLocalizer.text("confirmRemoveImage", { name: "a.png", count: 1 }), "Remove “a.png”? The message refers to it once; that reference goes too.");
    assert.equal(englishLocalizer.text("confirmRemoveImage", { name: "a.png", count: 2 }), "Remove “a.png”? The message refers to it 2 times; those references go too.");
    // Polish has a "few" form (2–4) distinct from "many" (5+): English rules would pick "other" for both.
    setStrings("pl", { confirmRemoveImage: { one: "raz", few: "{count} razy (few)", many: "{count} razy (many)", other: "{count} (other)" } });
    const pl = localizerFor("pl");
    assert.deepEqual([1, 3, 5, 1.5].map((count) => pl.text("confirmRemoveImage", { count })), ["raz", "3 razy (few)", "5 razy (many)", "1,5 (other)"]);
  });

  it("formats sizes with the locale's numbers and the table's units", () => {
    assert.deepEqual([999, 1536, 4096, 20 * 1024 * 1024].map((bytes) => englishLocalizer.bytes(bytes)), ["999 B", "1.5 KB", "4.0 KB", "20 MB"]);
    setStrings("fr", { sizeKilobytes: "{size} Ko" });
    assert.equal(localizerFor("fr").bytes(1536), "1,5 Ko");
    assert.equal(localizerFor("fr").bytes(12), "12 B");
  });

  it("formats percentages per locale", () => {
    assert.equal(englishLocalizer.percent(0.42), "42%");
    assert.match(localizerFor("fr").percent(0.42), /^42[\u00a0\u202f]%$/);
  });

  it("looks up the locale, then its language, then English", () => {
    setStrings("fr", { cancel: "Annuler", remove: "Supprimer" });
    setStrings("fr-CA", { cancel: "Canceller" });
    const strings = localizerFor("fr-ca");
    assert.deepEqual([strings.text("cancel"), strings.text("remove"), strings.text("close")], ["Canceller", "Supprimer", "Close"]);
  });

  it("puts an element's overrides first", () => {
    setStrings("fr", { cancel: "Annuler" });
    assert.equal(localizerFor("fr", { cancel: "Non" }).text("cancel"), "Non");
  });

  it("lets setStrings('en') change the English defaults for every locale without its own", () => {
    setStrings("en", { cancel: "Keep" });
    assert.deepEqual([localizerFor("en-GB").text("cancel"), localizerFor("de").text("cancel")], ["Keep", "Keep"]);
  });

  it("treats an invalid or missing locale (an attribute's value) as English", () => {
    assert.equal(localizerFor("not a locale!").locale, "en");
    assert.equal(localizerFor(null).text("cancel"), "Cancel");
  });

  it("merges a second setStrings for a locale and removes it with null", () => {
    setStrings("fr", { cancel: "Annuler" });
    setStrings("fr", { remove: "Supprimer" });
    assert.deepEqual([localizerFor("fr").text("cancel"), localizerFor("fr").text("remove")], ["Annuler", "Supprimer"]);
    setStrings("fr", null);
    assert.equal(localizerFor("fr").text("cancel"), "Cancel");
  });

  it("tells listeners after every change", () => {
    let calls = 0;
    const stop = onStringsChange(() => calls++);
    setStrings("fr", { cancel: "Annuler" });
    stop();
    setStrings("fr", { cancel: "Non" });
    assert.equal(calls, 1);
  });

  it("throws for misuse, naming the bad value", () => {
    assert.throws(() => setStrings("not a locale!", {}), { name: "RangeError", message: /"not a locale!"/ });
    assert.throws(() => setStrings("fr", { cancle: "x" } as never), { name: "TypeError", message: /"cancle"/ });
    assert.throws(() => setStrings("fr", { cancel: 3 } as never), { name: "TypeError", message: /"cancel" must be a string/ });
    assert.throws(() => setStrings("fr", { cancel: { other: "x" } } as never), { name: "TypeError", message: /"cancel"/ });
    assert.throws(() => setStrings("fr", { confirmRemoveImage: { one: "x" } } as never), { name: "TypeError", message: /"other"/ });
    assert.throws(() => setStrings("fr", JSON.parse('{"__proto__": {"cancel": "x"}}') as never), { name: "TypeError", message: /"__proto__"/ });
  });


  // WCAG 2.5.3: a name begins with what the control shows (docs/accessibility.md, "The composer").
  const SHOWN_FIRST: ReadonlyArray<[T3StringKey, string]> = [
    ["chipName", "{label}"],
    ["unavailableContext", "{label}"],
    ["openFile", "{name}"],
  ];

  it("begins every name of a chip or a file with what it shows, in every table we ship", () => {
    for (const [table, strings] of [["English", englishStrings], ["the demo's French", frenchStrings]] as const) {
      for (const [key, shown] of SHOWN_FIRST) {
        const message = strings[key];
        assert.ok(typeof message === "string" && message.startsWith(`${shown},`), `${table} ${key}: ${JSON.stringify(message)}`);
      }
    }
    assert.equal(englishLocalizer.text("chipName", { label: "invoice.pdf, 12 KB", kind: "File" }), "invoice.pdf, 12 KB, File");
    assert.equal(englishLocalizer.text("unavailableContext", { label: "PROJ-43" }), "PROJ-43, unavailable context");
  });
});
