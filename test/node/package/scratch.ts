// The packed tarball installed into a scratch project, as a stranger's app would get it: `npm pack`,
// then `npm ci --offline` from a lockfile that pins the tarball and this repository's locked
// versions of its dependencies, so the install needs no network and only npm's cache.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

interface LockEntry {
  version: string;
  resolved?: string | undefined;
  integrity?: string | undefined;
  license?: string | undefined;
  dependencies?: Record<string, string> | undefined;
}
interface PackedFile {
  path: string;
  size: number;
}
export interface Packed {
  /** Absolute path of the .tgz. */
  tarball: string;
  /** Bytes of the .tgz. */
  size: number;
  files: PackedFile[];
}
export interface Scratch {
  dir: string;
  packed: Packed;
  /** The installed package's folder. */
  installed: string;
  dispose(): void;
}

const npm = (args: string[], cwd: string) => execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

function pack(into: string): Packed {
  const [result] = JSON.parse(npm(["pack", "--json", "--ignore-scripts", "--pack-destination", into], ROOT)) as [{ filename: string; size: number; files: PackedFile[] }];
  return { tarball: join(into, result!.filename), size: result!.size, files: result!.files };
}

/** The lockfile entries of `names` and everything they depend on, from this repository's lock. */
function lockedClosure(names: string[]): Record<string, LockEntry> {
  const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, LockEntry> };
  const out: Record<string, LockEntry> = {};
  const todo = [...names];
  for (let name = todo.pop(); name !== undefined; name = todo.pop()) {
    const key = `node_modules/${name}`;
    if (out[key]) continue;
    const entry = lock.packages[key];
    if (!entry) throw new Error(`package-lock.json has no top-level ${key}`);
    const { version, resolved, integrity, license, dependencies } = entry;
    out[key] = { version, resolved, integrity, license, dependencies };
    todo.push(...Object.keys(dependencies ?? {}));
  }
  return out;
}

/** Packs the repository (dist/ must be built) and installs the tarball into a new scratch project. */
export function installPacked(): Scratch {
  const dir = mkdtempSync(join(tmpdir(), "t3-composer-pack-"));
  const packed = pack(dir);
  const app = join(dir, "app");
  mkdirSync(app);
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { name: string; version: string; license: string; dependencies: Record<string, string> };
  const spec = `file:${packed.tarball}`;
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "scratch", private: true, type: "module", dependencies: { [pkg.name]: spec } }));
  const lock = {
    name: "scratch",
    lockfileVersion: 3,
    requires: true,
    packages: {
      "": { name: "scratch", dependencies: { [pkg.name]: spec } },
      [`node_modules/${pkg.name}`]: { version: pkg.version, resolved: spec, license: pkg.license, dependencies: pkg.dependencies },
      ...lockedClosure(Object.keys(pkg.dependencies)),
    },
  };
  writeFileSync(join(app, "package-lock.json"), JSON.stringify(lock, null, 2));
  npm(["ci", "--offline", "--ignore-scripts", "--no-audit", "--no-fund"], app);
  return { dir: app, packed, installed: join(app, "node_modules", pkg.name), dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
