// knip (`npm test` runs it through scripts/knip.mjs): every dependency in package.json is used,
// and every package the code imports is listed. Unused files and exports are not checked yet.
export default {
  entry: [
    "bench/main.ts",
    "bench/profile*.ts",
    "bench/pages/*.ts",
    "bench/peers/*.ts",
    "demo/host/main.ts",
    "demo/app/main.js",
    "demo/embed/*/src/main.{js,jsx,ts}",
    "scripts/*.mjs",
    "scripts/json-schema.ts",
    "test/**/*.test.ts",
    "test/fuzz/run.ts",
    "test/support/*.mjs",
    "web-test-runner.config.mjs",
  ],
  project: ["src/**/*.ts", "bench/**/*.ts", "demo/**/*.{ts,js,jsx,vue,svelte}", "scripts/**/*.mjs", "test/**/*.{ts,mjs}"],
  ignore: ["dist/**", "demo/embed/*/dist/**"],
  vite: { config: ["demo/embed/*/vite.config.js"] },
  // scripts/chromium.mjs installs Debian's chromium with apt-get when no browser is found.
  ignoreBinaries: ["apt-get"],
  ignoreDependencies: [
    // Installed for work under way on other branches (PostgreSQL store, accessibility audit,
    // import cycles): each leaves this list when its branch uses it.
    "axe-core",
    // Imported only by docs/host.md's Express snippet, which test/node/host/snippets.test.ts
    // runs from the page.
    "express",
    // The pack test runs these from node_modules/.bin by path, which knip does not follow.
    "svelte-check", "vue-tsc",
    // test/elements/transcript/commonmark.test.ts fetches the spec's text from node_modules by
    // URL in the browser, which knip does not follow.
    "commonmark-spec",
  ],
};
