// The custom kinds this host projects for the model: the demo's `jira-issue`, from the same file
// the custom-kind page defines it with (demo/app/jira-kind.js), so the server's projection and the
// page's are one definition's.
import { defineJiraKind } from "../app/jira-kind.js";
import { defineContextKind, type ContextKindDefinition } from "../../src/codec/index.js";

export const DEMO_KINDS: readonly ContextKindDefinition[] = Object.freeze([defineJiraKind(defineContextKind)]);
