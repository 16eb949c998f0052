// Types of jira-kind.js, for the reference host and the tests that import it from TypeScript.
import type { GenericSchema } from "valibot";
import type { ContextKindDefinition, UnknownContextRecord, defineContextKind } from "../../src/codec/index.js";

export declare const JiraPayload: GenericSchema;
export declare function defineJiraKind(define: typeof defineContextKind): ContextKindDefinition;
export declare function jiraIssue(key: string, summary: string, status: string): UnknownContextRecord;
