// The least the composer's drop-ins could weigh with the editor they are built on: the two
// composer drop-ins (dist/composer.js, dist/t3-composer.js) built as rollup.config.js builds them,
// but with every module of a feature that typing does not need replaced by an empty one (its
// imports resolve to `undefined`: the bundle is measured, never run). Not deferred to a chunk,
// removed, so no loader is counted either: no real split of the same code can be smaller. The
// network transports' implementation is a chunk already (src/transport/network-chunk.ts); what
// stays is their option checks and loader, which the drop-ins export. docs/performance.md ("The
// composer's first load: the floor") gives the figures and what they mean for issue 17's targets.
//
//   npx rollup -c bench/size-floor.rollup.mjs --silent
//
// Writes to bench/.work/size-floor/ and prints each file's gzip -9 size.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import config from "../rollup.config.js";

const OUT = "bench/.work/size-floor";
const KB = 1024;

/** The composer's features beyond typing into a draft with chips, by module. */
const FEATURES = [
  // src/elements/composer/: queue, history, edit and resend, uploads, paste and drop import,
  // secrets, suggestions, chip menus, send, stash and restore, persistence, staleness, budget,
  // preview, form, shelf, copy.
  String.raw`src/elements/composer/(queue|queue-item|queue-list|controls\.styles|history|history-browsing|history-storage|edit-message|edit-load|edit-storage|editing|uploads|upload|attachment-import|attachment-entry|paste-import|paste-plan|paste-large|paste-slices|paste-pieces|import-plan|pasted-block|pasted-block\.styles|redaction|redacted-chip|suggestions|suggestion-list|chip-menu|chip-press|chip-popover|drop|send|transport-errors|stash|persistence|draft-storage|staleness|budget|preview|record-check|form|shelf|shelf-confirm|copy|insertable)\.ts$`,
  String.raw`src/presentation/details`,
  String.raw`src/elements/long-press\.ts$`,
  String.raw`src/codec/redact`,
  String.raw`src/editor/(trigger|trigger-query|near-caret|clipboard|pasted-view)\.ts$`,
];

/** Replaces every module `pattern` matches with an empty one. */
const removing = (pattern) => ({
  name: "size-floor-remove",
  load(id) {
    return pattern.test(id.replaceAll("\\", "/")) ? { code: "export default {};", syntheticNamedExports: true } : null;
  },
});

/** Prints each drop-in's first load (its entry file and the file that re-exports: rollup.config.js) in gzip bytes, under `label`. */
const report = (label) => ({
  name: "size-floor-report",
  writeBundle(options, bundle) {
    const gzip = (fileName) => gzipSync(readFileSync(`${options.dir}/${fileName}`), { level: 9 }).length;
    for (const file of Object.values(bundle)) {
      if (file.type !== "chunk" || !file.isEntry || !/^(t3-composer|composer)\.js$/.test(file.fileName)) continue;
      const size = gzip(file.fileName) + file.imports.reduce((sum, imported) => sum + gzip(imported), 0);
      console.log(`${label}: ${file.fileName} ${(size / KB).toFixed(1)} KB (${size} B)`);
    }
  },
});

const composerBuilds = config.filter((build) => typeof build.input === "object" && ("composer" in build.input || "t3-composer" in build.input));
const variants = [{ label: "typing only", pattern: new RegExp(FEATURES.join("|")) }];

export default variants.flatMap(({ label, pattern }, index) =>
  composerBuilds.map((build) => ({
    ...build,
    plugins: [removing(pattern), ...build.plugins, report(label)],
    output: { ...build.output, dir: `${OUT}/${index}`, sourcemap: false },
  })),
);
