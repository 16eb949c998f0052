// Type-level test, checked by `npm run test:types` (nothing here runs): a registry's fallback
// presenter is called with what an unresolved chip knows, which may be only the link's fields,
// so reading a payload needs narrowing first.
import type { ContextRecordBase } from "../../src/contract/types.js";
import { createChipRegistry, type UnresolvedContextRecord } from "../../src/index.js";

createChipRegistry({
  fallback: {
    label: (record) => {
      const known: UnresolvedContextRecord = record;
      const base: ContextRecordBase = record;
      void known;
      // @ts-expect-error: the link's fields may be all there is
      void record.payload;
      return "payload" in record ? `${base.label}: ${JSON.stringify(record.payload)}` : base.label;
    },
  },
});

// A presenter of a kind is still called with full records.
createChipRegistry().define("jira-issue", {
  label: (record) => ("payload" in record ? String(record.payload) : record.label),
});
