// Finds PostgreSQL's server binaries for the host's multi-process tests, installing Debian's
// `postgresql` package when that is possible without asking (a Debian-like machine, running as
// root), as chromium.mjs does for Chromium. No system service is used: the tests start a
// throwaway cluster of their own (test/node/support/postgres.ts).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { installDebianPackage } from "./chromium.mjs";

/** Where Debian puts each major version's binaries. */
const DEBIAN_ROOT = "/usr/lib/postgresql";

function found() {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv) return existsSync(join(fromEnv, "initdb")) ? fromEnv : undefined;
  const versions = existsSync(DEBIAN_ROOT) ? readdirSync(DEBIAN_ROOT).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = join(DEBIAN_ROOT, version, "bin");
    if (existsSync(join(bin, "initdb")) && existsSync(join(bin, "postgres"))) return bin;
  }
  try {
    const initdb = execFileSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" }).trim();
    return initdb ? initdb.slice(0, -"/initdb".length) : undefined;
  } catch {
    return undefined;
  }
}

/** The folder holding `initdb` and `postgres`; throws with how to get them when there is none. */
export function ensurePostgres() {
  const bin = found() ?? (installDebianPackage("postgresql", "PostgreSQL") ? found() : undefined);
  if (bin) return bin;
  throw new Error("No PostgreSQL found: install it (Debian: `sudo apt-get install postgresql`) or set PG_BIN to the folder of its initdb.");
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensurePostgres());
