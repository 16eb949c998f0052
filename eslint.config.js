import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "custom-elements.json", "bench/.work/", "demo/embed/*/dist/", ".data/", "test/node/package/fixtures/", "docs/public/api/", "docs/.vitepress/dist/", "docs/.vitepress/cache/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "off",
      "no-restricted-syntax": [
        "error",
        { selector: "CallExpression[callee.property.name='only']", message: "No .only: every test must run." },
      ],
    },
  },
  {
    // The contract and the codecs are pure: no DOM, no Node, no lit, no ProseMirror.
    files: ["src/contract/**/*.ts", "src/codec/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: ["lit", "lit/*", "prosemirror-*", "node:*", "../editor/*", "../elements/*", "../presentation/*", "../transport/*"] },
      ],
    },
  },
  {
    files: ["src/transport/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: ["lit", "lit/*", "prosemirror-*", "node:*", "../editor/*", "../elements/*", "../presentation/*"] },
      ],
    },
  },
);
