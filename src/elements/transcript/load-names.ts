// HTML's full table of named character references (markdown/named-references.ts) is a chunk: few
// messages write a name outside the short list of markdown/entities.ts. It is fetched when a
// transcript first draws such a name; until it is in, the name shows as written, and the messages
// drawn so are drawn again once it has arrived (drawing.ts). The drop-ins' build names it
// `named-references` (rollup.config.js).
import { Chunk } from "../chunks.js";
import { useNamedReferences } from "./markdown/entities.js";

/** @internal */
export const namedReferences = new Chunk<Readonly<Record<string, string>>>(() =>
  import("./markdown/named-references.js").then(({ namedReferences: table }) => {
    useNamedReferences(table);
    return table;
  }),
);
