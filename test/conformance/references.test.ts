import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  collectComposerContextReferences,
  collectComposerInlineTokens,
  formatComposerContextReference,
  parseComposerContextHref,
  replaceComposerContextReferences,
  sanitizeComposerContextLabel,
  type ContextOccurrence,
} from "../../src/codec/index.js";
import { loadVectors } from "../support/vectors.js";

const file = "references.json";

describe("references.json → parseHref", () => {
  for (const v of loadVectors(file, "parseHref")) {
    it(v.name, () => assert.deepEqual(parseComposerContextHref(v.input as string), v.expected));
  }
});

describe("references.json → sanitizeLabel", () => {
  for (const v of loadVectors(file, "sanitizeLabel")) {
    const input = v.input as { label: string; kind: string };
    it(v.name, () => assert.equal(sanitizeComposerContextLabel(input.label, input.kind), v.expected));
  }
});

describe("references.json → formatReference", () => {
  for (const v of loadVectors(file, "formatReference")) {
    const input = v.input as { kind: string; contextId: string; label: string };
    it(v.name, () => assert.equal(formatComposerContextReference(input), v.expected));
  }
});

describe("references.json → collectReferences", () => {
  for (const v of loadVectors(file, "collectReferences")) {
    it(v.name, () => assert.deepEqual(collectComposerContextReferences(v.input as string), v.expected));
  }
});

describe("references.json → replaceReferences", () => {
  for (const v of loadVectors(file, "replaceReferences")) {
    const template = v.replacementTemplate as string;
    const replace = (occurrence: ContextOccurrence) =>
      template.replace(/\$\{(\w+)\}/g, (_, field: string) => String(occurrence[field as keyof ContextOccurrence]));
    it(v.name, () => assert.equal(replaceComposerContextReferences(v.input as string, replace), v.expected));
  }
});

describe("references.json → inlineTokens", () => {
  for (const v of loadVectors(file, "inlineTokens")) {
    it(v.name, () => assert.deepEqual(collectComposerInlineTokens(v.input as string), v.expected));
  }
});
