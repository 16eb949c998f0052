// `t3-composer/codec` holds T3 Code's legacy format and the secrets redactor beside the wire
// format's core (src/codec/index.ts): a server that never calls them must not ship them. Each case
// bundles one import from the built entry with esbuild, as a server's or a bridge's build would,
// and looks in the output for a string only that part holds: the legacy reader's tag name
// (src/codec/legacy/tags.ts) and the redactor's rule ids (src/codec/redact-rules.ts).
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const codec = fileURLToPath(new URL("../../dist/codec.js", import.meta.url));
const notBuilt = existsSync(codec) ? false : "dist/ is missing: run `npm run build` (npm test does)";

/** The strings that show each optional part is in a bundle. */
const LEGACY = "terminal_context";
const SECRETS = "aws-access-key";

/** The minified bundle of a module that imports `names` from the built codec entry and uses them. */
async function bundleOf(names: readonly string[]): Promise<string> {
  const result = await build({
    stdin: { contents: `import { ${names.join(", ")} } from ${JSON.stringify(codec)};\nexport const used = [${names.join(", ")}];\n`, resolveDir: process.cwd(), loader: "js" },
    bundle: true,
    format: "esm",
    platform: "node",
    minify: true,
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

const contains = (code: string) => ({ legacy: code.includes(LEGACY), secrets: code.includes(SECRETS) });

describe("t3-composer/codec tree-shaking", { skip: notBuilt }, () => {
  it("leaves the legacy format and the redactor out of a bundle that only decodes and formats links", async () => {
    assert.deepEqual(contains(await bundleOf(["decodeMessageContext", "formatComposerContextReference", "projectComposerContextForProvider"])), { legacy: false, secrets: false });
  });

  it("keeps the legacy format, and only it, in a bundle that upgrades legacy text", async () => {
    assert.deepEqual(contains(await bundleOf(["upgradeLegacyContextMessage"])), { legacy: true, secrets: false });
  });

  it("keeps the redactor, and only it, in a bundle that redacts", async () => {
    assert.deepEqual(contains(await bundleOf(["redactSecrets"])), { legacy: false, secrets: true });
  });
});
