// HTML's named character references, all 2,125 of them with their `;` (the `character-entities`
// package, generated from the WHATWG's table: docs/dependencies.md). A chunk of its own, fetched
// the first time a message holds a name the short list of entities.ts does not (load-names.ts).
export { characterEntities as namedReferences } from "character-entities";
