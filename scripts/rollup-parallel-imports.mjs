// A rollup plugin for the drop-ins: a dynamic import of a chunk starts, at the same time, the
// fetches of every chunk that chunk imports in turn and the importing chunk does not hold already.
// Without it the browser learns of each of those files only once the file before it has arrived
// and been parsed: the composer's on-demand parts import the projection, two round trips one
// after another where one is enough. The module map fetches each file once, so the static imports that follow find them
// there. docs/performance.md ("What the drop-ins load later") lists the chunks.
import { posix } from "node:path";

/** Put before the import by `renderDynamicImport`, so that `renderChunk` can find it with the whole graph known. */
const MARK = "/*t3-parallel:";
const MARKED_IMPORT = /\/\*t3-parallel:([^*]+)\*\/import\(([^()]*)\)/g;

/** Every chunk `fileName` holds statically, itself included. */
function reached(fileName, chunks) {
  const seen = new Set([fileName]);
  for (const pending = [fileName]; pending.length > 0; ) {
    for (const imported of chunks[pending.pop()]?.imports ?? []) {
      if (seen.has(imported)) continue;
      seen.add(imported);
      pending.push(imported);
    }
  }
  return seen;
}

/** The specifier of `to` from a module at `from`, both file names of the same output. */
function specifier(from, to) {
  const path = posix.relative(posix.dirname(from), to);
  return JSON.stringify(path.startsWith(".") ? path : `./${path}`);
}

export function parallelImports() {
  return {
    name: "t3-parallel-imports",
    renderDynamicImport({ format, targetChunk }) {
      if (format !== "es" || !targetChunk) return null;
      return { left: `${MARK}${targetChunk.fileName}*/import(`, right: ")" };
    },
    renderChunk(code, chunk, _options, { chunks }) {
      if (!code.includes(MARK)) return null;
      const held = reached(chunk.fileName, chunks);
      const out = code.replace(MARKED_IMPORT, (_match, target, imported) => {
        const also = [...reached(target, chunks)].filter((fileName) => !held.has(fileName) && fileName !== target);
        if (also.length === 0) return `import(${imported})`;
        // Promise.all handles every rejection: a file that fails fails the target's import too.
        const starts = also.map((fileName) => `import(${specifier(chunk.fileName, fileName)})`).join(", ");
        return `Promise.all([import(${imported}), ${starts}]).then((modules) => modules[0])`;
      });
      // Only the rest of each import's own line moves: the rest of the chunk keeps its mappings.
      return { code: out, map: null };
    },
  };
}
