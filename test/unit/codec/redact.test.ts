// The secret redactor (docs/secrets.md): a corpus of real-shaped credentials, each caught by the
// rule of its id, and of near misses that must stay exactly as they are. The samples are built
// from pieces at run time, so that no scanner mistakes this file for a leak.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { SECRET_RULES, redactContextRecord, redactSecrets, type RedactionRule } from "../../../src/codec/secrets.js";
import type { ComposerContextRecord } from "../../../src/contract/types.js";

/** `length` characters of `alphabet`, deterministic and random-looking. */
function noise(length: number, alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", seed = 7): string {
  let out = "";
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out += alphabet[state % alphabet.length];
  }
  return out;
}
const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

const jwt = ["eyJ" + "hbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9", "eyJ" + "zdWIiOiIxMjM0NTY3ODkwIiwiaWF0IjoxNTE2MjM5MDIyfQ", noise(43, B64URL)].join(".");
const pem = (label: string) => `-----BEGIN ${label}-----\n${noise(64)}\n${noise(64)}\n${noise(20)}==\n-----END ${label}-----`;

/** [rule id, text holding one secret, what the text must become]. */
const SAMPLES: [string, string, string][] = [
  ["aws-access-key", `aws configure set key ${"AKIA" + noise(16, UPPER)} done`, "aws configure set key [redacted: aws-access-key] done"],
  ["aws-access-key", `id=${"ASIA" + noise(16, UPPER)}`, "id=[redacted: aws-access-key]"],
  ["google-api-key", `?key=${"AIza" + noise(35, B64URL)}&x=1`, "?key=[redacted: google-api-key]&x=1"],
  ["github-token", `remote: ${"ghp_" + noise(36)}`, "remote: [redacted: github-token]"],
  ["github-token", `(${"gho_" + noise(36)})`, "([redacted: github-token])"],
  ["github-token", `GH=${"github_pat_" + noise(22) + "_" + noise(59)}`, "GH=[redacted: github-token]"],
  ["gitlab-token", `PRIVATE-TOKEN: ${"glpat-" + noise(20, B64URL)}`, "PRIVATE-TOKEN: [redacted: gitlab-token]"],
  ["gitlab-token", `runner ${"glrt-" + noise(24)}.`, "runner [redacted: gitlab-token]."],
  ["slack-token", `"${"xoxb-" + noise(12, "0123456789") + "-" + noise(13, "0123456789") + "-" + noise(24)}"`, '"[redacted: slack-token]"'],
  ["slack-token", `app ${"xapp-1-" + noise(11, UPPER) + "-" + noise(13, "0123456789") + "-" + noise(64, "0123456789abcdef")}`, "app [redacted: slack-token]"],
  ["npm-token", `//registry.npmjs.org/:_authToken=${"npm_" + noise(36)}`, "//registry.npmjs.org/:_authToken=[redacted: npm-token]"],
  ["private-key", `key:\n${pem("RSA PRIVATE KEY")}\nafter`, "key:\n[redacted: private-key]\nafter"],
  ["private-key", `${pem("OPENSSH PRIVATE KEY")}`, "[redacted: private-key]"],
  ["private-key", `${pem("PRIVATE KEY")}`, "[redacted: private-key]"],
  ["private-key", `${pem("PGP PRIVATE KEY BLOCK")} x`, "[redacted: private-key] x"],
  ["private-key", `cut: -----BEGIN EC PRIVATE KEY-----\n${noise(64)}`, "cut: [redacted: private-key]"],
  ["jwt", `token ${jwt} expired`, "token [redacted: jwt] expired"],
  ["bearer", `curl -H "Authorization: Bearer ${noise(40, B64URL)}"`, 'curl -H "Authorization: Bearer [redacted: bearer]"'],
  ["bearer", `authorization: bearer ${noise(30)}==`, "authorization: bearer [redacted: bearer]"],
  ["url-password", "git clone https://deploy:" + "s3cr3t-Pa55@git.example.com/acme/app.git", "git clone https://deploy:[redacted: url-password]@git.example.com/acme/app.git"],
  ["url-password", "DATABASE_URL=postgres://app:" + "hunter2@db:5432/app", "DATABASE_URL=postgres://app:[redacted: url-password]@db:5432/app"],
  ["assignment", "DB_PASSWORD=" + "correct-horse-battery", "DB_PASSWORD=[redacted: assignment]"],
  ["assignment", 'export API_KEY="' + "k-12345abcde" + '"', 'export API_KEY="[redacted: assignment]"'],
  ["assignment", '{"client_secret": "' + "abc123xyz" + '", "id": 4}', '{"client_secret": "[redacted: assignment]", "id": 4}'],
  ["assignment", "  secret: " + "s0meth1ng\n  name: web", "  secret: [redacted: assignment]\n  name: web"],
  ["assignment", "mysql --password=" + "pa55word -u root", "mysql --password=[redacted: assignment] -u root"],
  ["assignment", "aws_secret_access_key = " + noise(40, B64URL.slice(0, 62) + "+/"), "aws_secret_access_key = [redacted: assignment]"],
  ["assignment", "https://api.example.com/v1?access_token=" + noise(24) + "&page=2", "https://api.example.com/v1?access_token=[redacted: assignment]&page=2"],
];

/** Text that looks random or secret-ish but holds no credential: each must stay exactly as it is. */
const NEAR_MISSES: [string, string][] = [
  ["a git SHA", "commit 3f786850e387550fdab836ed7e6dc881de23001b (HEAD -> main)"],
  ["a short SHA", "fixed in a1b2c3d, see 9fceb02"],
  ["a sha256 digest", "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
  ["an integrity hash", 'integrity="sha512-' + noise(86, B64URL.slice(0, 62) + "+/") + '=="'],
  ["a UUID", "request 123e4567-e89b-12d3-a456-426614174000 failed"],
  ["a base64 image", "<img src=\"data:image/png;base64," + noise(400, B64URL.slice(0, 62) + "+/") + '==">'],
  ["a long identifier in code", "const SESSION_CACHE_KEY_PREFIX_FOR_USER_PREFERENCES_V2 = makeKey(userPreferencesStore);"],
  ["a random-looking identifier", "export const x7Fq2LmP9zR4tV8wK1nB6cY3hJ5dG0sA = 1;"],
  ["password in prose", "Reset your password before you log in; the secret is to keep a token of it."],
  ["a password type", "interface Login { password: string; token?: string | null }"],
  ["a comparison", "if (password == confirm) return token === undefined;"],
  ["a token count", "max_tokens: 1024, tokens=12"],
  ["a URL without a password", "https://user@example.com/path and https://example.com:8080/x"],
  ["bearer in prose", "the bearer of bad news, Bearer authentication"],
  ["a PEM certificate", "-----BEGIN CERTIFICATE-----\nMIIB" + noise(60) + "\n-----END CERTIFICATE-----"],
  ["a public key", "-----BEGIN PUBLIC KEY-----\nMIIB" + noise(60) + "\n-----END PUBLIC KEY-----"],
  ["a redaction marker", "token=[redacted: github-token] and Bearer [redacted: jwt]"],
  ["an empty assignment", 'PASSWORD=\nSECRET=""'],
];

describe("redactSecrets: the built-in rules", () => {
  for (const [rule, text, expected] of SAMPLES) {
    it(`catches ${rule}: ${expected}`, () => {
      const result = redactSecrets(text);
      assert.equal(result.text, expected);
      assert.deepEqual(result.hits.map((hit) => hit.rule), [rule]);
    });
  }

  for (const [name, text] of NEAR_MISSES) {
    it(`leaves ${name} untouched`, () => {
      assert.deepEqual(redactSecrets(text), { text, hits: [] });
    });
  }

  it("gives each hit's place in the text it was given", () => {
    const token = "ghp_" + noise(36);
    const text = `a ${token} b password=x1`;
    const { hits } = redactSecrets(text);
    assert.deepEqual(hits, [
      { rule: "github-token", start: 2, end: 2 + token.length },
      { rule: "assignment", start: text.length - 2, end: text.length },
    ]);
  });

  it("names a span two rules find after the rule listed first", () => {
    // A GitHub token is also an assignment's value and a bearer credential here.
    const token = "ghp_" + noise(36);
    assert.equal(redactSecrets(`GITHUB_TOKEN=${token}`).text, "GITHUB_TOKEN=[redacted: github-token]");
    assert.equal(redactSecrets(`Bearer ${jwt}`).text, "Bearer [redacted: jwt]");
  });

  it("merges overlapping spans, so no tail of a secret stays", () => {
    const rules: RedactionRule[] = [
      { id: "left", pattern: /abc1/ },
      { id: "right", pattern: /c1def/ },
    ];
    assert.deepEqual(redactSecrets("x abc1def y", rules), { text: "x [redacted: left] y", hits: [{ rule: "left", start: 2, end: 9 }] });
  });

  it("changes nothing on its own output", () => {
    const once = redactSecrets(SAMPLES.map(([, text]) => text).join("\n")).text;
    assert.deepEqual(redactSecrets(once), { text: once, hits: [] });
  });

  it("ignores a rule's sticky flag and empty matches", () => {
    assert.equal(redactSecrets("a k9 b k9", [{ id: "k", pattern: /k\d/y }]).text, "a [redacted: k] b [redacted: k]");
    assert.deepEqual(redactSecrets("abc", [{ id: "empty", pattern: /x*/ }]), { text: "abc", hits: [] });
  });

  it("throws a TypeError naming a bad rule", () => {
    assert.throws(() => redactSecrets("x", [{ id: "Bad Id", pattern: /x/ }]), { name: "TypeError", message: /rules\[0\] has a bad id "Bad Id"/ });
    assert.throws(() => redactSecrets("x", [{ id: "ok", pattern: "x" as unknown as RegExp }]), { name: "TypeError", message: /rules\[0\] has a bad pattern x/ });
    assert.throws(() => redactSecrets(42 as unknown as string), { name: "TypeError", message: /text must be a string, got number/ });
  });

  it("lists every rule once, each with an id a marker can hold", () => {
    const ids = SECRET_RULES.map((rule) => rule.id);
    assert.deepEqual(ids, ["aws-access-key", "google-api-key", "github-token", "gitlab-token", "slack-token", "npm-token", "private-key", "jwt", "bearer", "url-password", "assignment"]);
    assert.ok(Object.isFrozen(SECRET_RULES) && SECRET_RULES.every((rule) => Object.isFrozen(rule)));
  });
});

describe("redactSecrets: hostile text", () => {
  // A megabyte of each rule's near misses: a pattern that backtracked over the rest of the text
  // from every start would take hours here (10^12 steps); the linear ones take milliseconds.
  const MEGABYTE = 1 << 20;
  const fill = (unit: string) => unit.repeat(Math.ceil(MEGABYTE / unit.length));
  const HOSTILE: [string, string][] = [
    ["AWS prefixes", fill("AKIA")],
    ["Google prefixes", fill("AIza-")],
    ["GitHub prefixes", fill("ghp_")],
    ["fine-grained prefixes", fill("github_pat_")],
    ["GitLab prefixes", fill("glpat-a.")],
    ["Slack prefixes", fill("xoxb-")],
    ["npm prefixes", fill("npm_")],
    ["BEGIN lines", fill("-----BEGIN PRIVATE KEY-----")],
    ["a key body without an end", "-----BEGIN PRIVATE KEY-----\n" + fill("a-")],
    ["JWT headers", fill("eyJ")],
    ["JWT parts", fill("eyJaaaaaaaaa.")],
    ["bearer words", fill("Bearer ")],
    ["bearer tokens without digits", "Bearer " + fill("abcdefgh")],
    ["schemes", fill("a://")],
    ["user information without @", fill("a://b:c")],
    ["password names", fill("password")],
    ["password names and blanks", fill("password ")],
    ["dotted names", fill("a.b-")],
    ["names with quotes", fill('token"')],
    ["brackets", fill("[")],
  ];
  for (const [name, text] of HOSTILE) {
    it(`finishes on a megabyte of ${name}`, () => {
      const result = redactSecrets(text);
      assert.equal(typeof result.text, "string");
    });
  }
});

describe("redactContextRecord", () => {
  const token = "ghp_" + noise(36);
  const base = { version: 1 as const, label: "x" };

  it("redacts a terminal excerpt's text and counts the spans", () => {
    const record: ComposerContextRecord = { ...base, kind: "terminal", contextId: "terminal_t1", terminalId: "t1", terminalLabel: "build", lineStart: 1, lineEnd: 2, text: `push ${token}\nPASSWORD=x1` };
    const { record: redacted, hidden } = redactContextRecord(record);
    assert.equal(hidden, 2);
    assert.equal((redacted as { text: string }).text, "push [redacted: github-token]\nPASSWORD=[redacted: assignment]");
  });

  it("redacts a review comment's body and diff, an element's HTML, an annotation's comment and elements", () => {
    const review = { ...base, kind: "review-comment", contextId: "review-comment_r", sectionId: "s", sectionTitle: "S", filePath: "a.ts", startIndex: 0, endIndex: 1, rangeLabel: "1", text: `use ${token}`, diff: `+TOKEN=${token}` } as ComposerContextRecord;
    const out = redactContextRecord(review);
    assert.equal(out.hidden, 2);
    assert.deepEqual([(out.record as { text: string }).text, (out.record as { diff: string }).diff], ["use [redacted: github-token]", "+TOKEN=[redacted: github-token]"]);
    const details = { pageUrl: "https://x.test/", pageTitle: null, tagName: "div", selector: null, htmlPreview: `<div data-key="${token}">`, componentName: null, source: null, styles: "" };
    const element = redactContextRecord({ ...base, kind: "element", contextId: "element_e", ...details } as ComposerContextRecord);
    assert.equal((element.record as { htmlPreview: string }).htmlPreview, '<div data-key="[redacted: github-token]">');
    const annotation = { ...base, kind: "preview-annotation", contextId: "preview-annotation_a", annotationId: "a", pageUrl: "https://x.test/", pageTitle: null, comment: `key ${token}`, targetSummary: "1", styleChanges: [], elements: [details] } as ComposerContextRecord;
    const redacted = redactContextRecord(annotation).record as { comment: string; elements: { htmlPreview: string }[] };
    assert.deepEqual([redacted.comment, redacted.elements[0]!.htmlPreview], ["key [redacted: github-token]", '<div data-key="[redacted: github-token]">']);
  });

  it("gives back the very record when there is nothing to hide, or the kind captures no text", () => {
    const terminal = { ...base, kind: "terminal", contextId: "terminal_t", terminalId: "t", terminalLabel: "t", lineStart: 1, lineEnd: 1, text: "ok" } as ComposerContextRecord;
    assert.equal(redactContextRecord(terminal).record, terminal);
    const mention = { ...base, kind: "mention", contextId: "mention_m", path: "password=hunter2" } as ComposerContextRecord;
    assert.deepEqual(redactContextRecord(mention), { record: mention, hidden: 0 });
  });

  it("cuts a field at its limit when the markers made it longer", () => {
    const text = "pwd=ab\n".repeat(64_000 / 7);
    const terminal = { ...base, kind: "terminal", contextId: "terminal_t", terminalId: "t", terminalLabel: "t", lineStart: 1, lineEnd: 1, text } as ComposerContextRecord;
    const out = redactContextRecord(terminal).record as { text: string };
    assert.equal(out.text.length, 64_000);
    assert.ok(!out.text.includes("=ab"));
  });
});
