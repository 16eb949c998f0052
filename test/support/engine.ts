// The browser engine a test page runs in, and the few tests that need one engine's own tooling.
// Every other test runs the same way in Chromium, Firefox and WebKit (scripts/test-browser.mjs
// `--engine`). A test that needs what only one engine's driver can do (the DevTools protocol's
// heap readings, renderer crash, accessibility tree, touch or media emulation) is declared with
// `itIn`/`describeIn`: its title names the engines it runs in, the call site says why in a
// comment, and it is not registered at all elsewhere (it is not a skipped test: there is nothing
// to run there).

import { emulateMedia } from "@web/test-runner-commands";

export type Engine = "chromium" | "firefox" | "webkit";

/**
 * The engine of this page, from its user agent (MiniBrowser's is Safari's). Headless Chromium
 * calls itself `HeadlessChrome/`, so the name is matched without a word boundary before it.
 */
export const ENGINE: Engine = /Firefox\//.test(navigator.userAgent) ? "firefox" : /Chrom(e|ium)\//.test(navigator.userAgent) ? "chromium" : "webkit";

/**
 * Whether this engine fetches a module again after a fetch of it failed, as the HTML standard now
 * says (whatwg/html pull request 10327; Chromium and WebKit do). Firefox ESR 153 keeps the failure
 * in the page's module map and fails every later import of that URL without a request (Mozilla bug
 * 2055211), so there a Try again after a failed load fails again until the page is reloaded. The
 * tests of a retry check that instead in Firefox; docs/errors.md tells embedders.
 */
export const REFETCHES_FAILED_IMPORTS = ENGINE !== "firefox";

/** A retry test's title where the engine keeps a failed import: what it sees after "Try again" or "the next …". */
export const KEPT_FAILURE = "fails again (Firefox keeps a failed import)";

const ENGINES: readonly Engine[] = ["chromium", "firefox", "webkit"];

/** `title` with the engines named at its end, unless they are all of them. */
const titled = (engines: readonly Engine[], title: string) =>
  ENGINES.every((engine) => engines.includes(engine)) ? title : `${title} [${engines.join(", ")} only]`;

/** `it(title, fn)` in `engines` only, with the engines named at the end of its title. */
export function itIn(engines: readonly Engine[], title: string, fn: Mocha.AsyncFunc): void {
  if (engines.includes(ENGINE)) it(titled(engines, title), fn);
}

/** `describe(title, fn)` in `engines` only, with the engines named at the end of its title. */
export function describeIn(engines: readonly Engine[], title: string, fn: (this: Mocha.Suite) => void): void {
  if (engines.includes(ENGINE)) describe(titled(engines, title), fn);
}

/**
 * Emulates `prefers-color-scheme: scheme`. Only Chromium's driver can (the DevTools protocol);
 * elsewhere the page is in its default, light, scheme, and asking for dark is a mistake of the
 * test: such a test is declared with `itIn(["chromium"], …)`.
 */
export async function colorScheme(scheme: "light" | "dark"): Promise<void> {
  if (ENGINE === "chromium") await emulateMedia({ colorScheme: scheme });
  else if (scheme !== "light") throw new Error(`colorScheme: ${ENGINE}'s driver cannot emulate a ${scheme} scheme`);
}
