// The built-in secret rules (docs/secrets.md, "Built-in rules"): well-known credential formats,
// each with the page where its vendor or its standard describes the format. A table of our own
// rather than a dependency: docs/dependencies.md, "Secret rules", says why.
//
// Every pattern is shaped to run in linear time on V8's backtracking engine (docs/security.md,
// "What the codec guarantees"): it starts with a one-character look-behind and a literal (so a
// match can only start where a token starts), and its repeated parts are character classes
// separated by delimiters those classes do not contain. A start can then only scan the run of
// characters up to the next delimiter, and each run is scanned from a bounded number of starts.
// `test/unit/codec/redact.test.ts` ("hostile text") feeds each rule a megabyte of its own near
// misses. A rule's first capture group, when it has one, is the secret; the rest stays visible.

/** One rule: an `id` (written into the marker, `[redacted: <id>]`) and the pattern that finds it. */
export interface RedactionRule {
  /** Lowercase letters, digits and `-`, at most 64 characters: `github-token`. */
  readonly id: string;
  /** What to hide: the first capture group when the pattern has one, else the whole match. */
  readonly pattern: RegExp;
}

/** The built-in rules, most specific first: where two rules find the same span, the first names it. */
export const SECRET_RULES: readonly RedactionRule[] = Object.freeze(
  [
    // AWS access key ids: a four-letter prefix (AKIA long-term, ASIA temporary) and 16 upper-case
    // letters or digits. AWS IAM User Guide, "IAM identifiers", "Understanding unique ID prefixes":
    // https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_identifiers.html
    { id: "aws-access-key", pattern: /(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Z0-9])/ },
    // Google Cloud API keys: `AIza` and 35 URL-safe characters. Google Cloud, "Manage API keys":
    // https://cloud.google.com/docs/authentication/api-keys
    { id: "google-api-key", pattern: /(?<![\w-])AIza[\w-]{35}(?![\w-])/ },
    // GitHub tokens: `ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_` and 36 or more letters and digits, and
    // fine-grained personal tokens `github_pat_…`. GitHub Docs, "About authentication to GitHub",
    // "GitHub's token formats":
    // https://docs.github.com/en/authentication/keeping-your-account-and-data-secure/about-authentication-to-github#githubs-token-formats
    { id: "github-token", pattern: /(?<!\w)(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_\w{22,})(?!\w)/ },
    // GitLab tokens: a `gl…-` prefix per token type (`glpat-` personal, `gldt-` deploy, `glrt-`
    // runner, `glptt-` pipeline trigger…) and 20 or more characters. GitLab Docs, "GitLab token
    // overview", "Token prefixes": https://docs.gitlab.com/security/tokens/#token-prefixes
    { id: "gitlab-token", pattern: /(?<![\w-])gl(?:pat|dt|rt|ptt|ft|oas|cbt|soat|agent|imt|wt)-[\w-]{20,}(?:\.[\w-]+)*/ },
    // Slack tokens: `xoxb-` bot, `xoxp-` user, `xoxa-`/`xoxr-`/`xoxe-`… and `xapp-` app-level
    // tokens. Slack API, "Token types": https://api.slack.com/concepts/token-types
    { id: "slack-token", pattern: /(?<![\w-])(?:xox[abeoprs]|xapp)-[A-Za-z0-9-]{10,}/ },
    // npm access tokens: `npm_` and 36 letters and digits. npm Docs, "About access tokens":
    // https://docs.npmjs.com/about-access-tokens
    { id: "npm-token", pattern: /(?<!\w)npm_[A-Za-z0-9]{36}(?!\w)/ },
    // Private keys in PEM (RFC 7468, "Textual Encodings of PKIX, PKCS, and CMS Structures":
    // `-----BEGIN PRIVATE KEY-----`, and the `RSA`, `EC`, `ENCRYPTED`, `OPENSSH` labels) and
    // OpenPGP armor (RFC 4880, section 6.2, `PRIVATE KEY BLOCK`): the whole block. The body has no
    // `--`, so it ends at the END line, or where a cut-off excerpt ends.
    // https://www.rfc-editor.org/rfc/rfc7468 https://www.rfc-editor.org/rfc/rfc4880#section-6.2
    { id: "private-key", pattern: /-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----(?:[^-]|-(?!-))*(?:-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----)?/ },
    // JSON Web Tokens: three base64url parts joined by dots, the header a JSON object (`eyJ` is
    // how `{"` encodes). RFC 7519 section 3 and RFC 7515 section 7.1 (compact serialization):
    // https://www.rfc-editor.org/rfc/rfc7519#section-3
    { id: "jwt", pattern: /(?<![\w-])eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]*/ },
    // Bearer credentials: `Bearer <b64token>` (RFC 6750, section 2.1). The token must hold a
    // digit, so that "bearer of bad news" stays: https://www.rfc-editor.org/rfc/rfc6750#section-2.1
    { id: "bearer", pattern: /(?<![\w-])[Bb]earer[ \t]+(?=[A-Za-z_.~+/-]*\d)([\w.~+/-]{8,}=*)/ },
    // A password in a URL's user information, `scheme://user:password@host` (RFC 3986,
    // section 3.2.1, which deprecates it): https://www.rfc-editor.org/rfc/rfc3986#section-3.2.1
    { id: "url-password", pattern: /(?<![\w+.-])[A-Za-z][\w+.-]*:\/\/[^\s/:@]*:([^\s/@]+)@/ },
    // Assignments: a name that ends in `password`, `passwd`, `secret`, `token`, `api_key`… then
    // `=` or `:` and a value (dotenv and shell `NAME=value`, YAML `key: value`, JSON
    // `"key": "value"`, query strings, `--password=…`). No one format defines these. A type
    // (`password: string`) is not a value, and `max_tokens: 10` names no secret.
    {
      id: "assignment",
      pattern:
        /(?<![\w.-])[\w.-]*?(?:passw(?:or)?d|pwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|credentials?)["']?[ \t]*(?:=(?![=>])|:(?!:))[ \t]*["']?(?!(?:string|number|boolean|null|undefined|true|false|str|bool|int|any)\b)([^\s"'`,;&[\]{}()<>]+)/i,
    },
  ].map((rule) => Object.freeze(rule)),
);
