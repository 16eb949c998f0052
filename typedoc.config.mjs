// The API reference (`npm run docs:api`, docs/development.md): TypeDoc over the public entries,
// as HTML into docs/public/api/ (not committed; the docs site serves it at /api/). `npm test`
// runs `npm run test:api`: the same conversion with nothing written, failing on an export that
// has no doc comment, a type the entries use but do not export, or a broken {@link}.
import { OptionDefaults } from "typedoc";

/** @type {Partial<import("typedoc").TypeDocOptions>} */
export default {
  name: "t3-composer",
  entryPoints: ["src/index.ts", "src/codec/index.ts", "src/host/index.ts"],
  tsconfig: "tsconfig.build.json",
  out: "docs/public/api",
  readme: "none",
  excludeInternal: true,
  excludeExternals: true,
  excludePrivate: true,
  excludeProtected: true,
  // `npm run test:types` type-checks; TypeDoc only reads.
  skipErrorChecking: true,
  // The custom-elements-manifest tags the element classes carry (custom-elements.json is built from them).
  blockTags: [...OptionDefaults.blockTags, "@tagname", "@element", "@slot", "@csspart", "@cssprop", "@event", "@fires", "@attr"],
  validation: { notExported: true, invalidLink: true, notDocumented: true },
  treatValidationWarningsAsErrors: true,
  // Declarations, functions, classes and type aliases need a doc comment; their members may rely on it.
  requiredToBeDocumented: ["Class", "Function", "Variable", "Interface", "TypeAlias", "Enum", "Namespace", "Method", "CallSignature"],
  intentionallyNotExported: [
    // The valibot building blocks of the exported schemas: their shapes are valibot's, and what
    // they accept is docs/wire-format.md's.
    "KnownRecordSchema", "BoundedArraySchema", "DropUndecodableAction", "JsonPayloadAction",
    // What the kit throws inside a request; embedders see the response it becomes (docs/host.md).
    "RequestError",
  ],
};
