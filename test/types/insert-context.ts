// `insertContext` is typed by kind (compiled by `npm run test:types`; each `@ts-expect-error`
// fails the check when the line it marks compiles). A payload typed through
// `CustomContextPayloads` is checked against the installed package (test/node/package/).
import type { ComposerContextRecord, T3ComposerElement } from "../../src/index.js";

declare const composer: T3ComposerElement;
const terminal = { version: 1, kind: "terminal", contextId: "terminal_t1", label: "build", terminalId: "t1", terminalLabel: "build", lineStart: 1, lineEnd: 2, text: "" } as const;

composer.insertContext(terminal);
// @ts-expect-error a terminal record needs its terminalId
composer.insertContext({ ...terminal, terminalId: undefined });
// @ts-expect-error a known kind does not travel in the unknown-record form
composer.insertContext({ version: 1, kind: "terminal", contextId: "terminal_t1", label: "build", payload: {} });
composer.insertContext({ version: 1, kind: "jira-issue", contextId: "jira-issue_1", label: "PROJ-1", payload: { key: "PROJ-1" } });
// @ts-expect-error a custom kind's record carries a payload
composer.insertContext({ version: 1, kind: "jira-issue", contextId: "jira-issue_1", label: "PROJ-1" });

// A record typed as the wire's union (decoded from a message, say) is taken as it is.
declare const decoded: ComposerContextRecord;
composer.insertContext(decoded);
