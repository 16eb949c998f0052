// A page's requests held or failed for a test (the `hold-urls`, `release-urls` and `block-urls`
// commands of test/support/server-commands.mjs), and let through again after it.
import { executeServerCommand } from "@web/test-runner-commands";

let holding = false;

/** Holds every request matching one of `patterns` (`*` a wildcard) until `releaseUrls()`. */
export async function holdUrls(patterns: string[]): Promise<void> {
  await executeServerCommand("hold-urls", { patterns });
  holding = true;
}

/** Lets the held requests go (waiting for `expected` of them first) and holds no more; returns how many went. */
export async function releaseUrls(expected = 0): Promise<number> {
  holding = false;
  return executeServerCommand<number, { expected: number }>("release-urls", { expected });
}

/** Fails every request matching one of `patterns`; `[]` lets everything through again. */
export async function blockUrls(patterns: string[]): Promise<void> {
  await executeServerCommand("block-urls", { patterns });
}

/** After a test: nothing held or blocked, and the test's frames gone. */
export async function resetNetwork(): Promise<void> {
  if (holding) await releaseUrls();
  await blockUrls([]);
  document.querySelectorAll("iframe").forEach((frame) => frame.remove());
}
