// The one-time warning of an old import path. Each old path of docs/entries.md ("Old paths") keeps
// working for one release: its default export target is a module with the same exports and no
// warning, and its `development` export condition (package.json) picks the module of this folder
// that warns once and re-exports the same names. That is how lit keeps its dev-mode warnings out of
// production: bundlers and Node select the `development` condition only when asked (Vite's dev
// server, webpack in development mode, `node --conditions=development`).

/** The old paths warned about already, so that a path imported by two modules warns once. */
const warned = new Set<string>();

/** Warns once that `path` is deprecated and names the entry to import from instead. */
export function warnMovedPath(path: string, replacement: string): void {
  if (warned.has(path)) return;
  warned.add(path);
  console.warn(
    `t3-composer: the import path "${path}" is deprecated and goes away in the next release; import the same names from "${replacement}" (docs/entries.md, "Old paths"). This warning is shown in development builds only.`,
  );
}
