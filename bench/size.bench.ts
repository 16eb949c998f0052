// Bundle sizes (issues 8, 17 and 34), min+gzip, each beside Tiptap (core + StarterKit + Mention)
// bundled the same way: the combined drop-in's first load (the transcript's engine is a chunk loaded
// when a transcript first draws), the per-element drop-ins, and the codec entry whole. Reads
// dist/, so the bundles must be built (`npm run bench -- size` builds them).
import { readFileSync } from "node:fs";
import { gzipSize, peerBundle } from "./lib/bundle.js";
import { measureFeatureShare } from "./lib/feature-size.js";
import type { BenchRow } from "./lib/row.js";

const KB = 1024;
/**
 * Issue 34's guardrails, not goals: the combined drop-in's first load (both elements, the whole
 * core of the composer and the whole browser API) and the composer-only drop-in's, each against
 * Tiptap core + StarterKit + Mention.
 */
const DROP_IN_TIPTAP_MAX = 0.9;
const COMPOSER_TIPTAP_MAX = 0.9;
/** The transcript alone: lit, marked's lexer, the registry and our drawing (issue 17: about 43 KiB). */
const TRANSCRIPT_BUDGET_KB = 45;
/** `t3-composer/codec` whole, the legacy format and the redactor inside it (issue 34: about 16.8 KB). */
const CODEC_BUDGET_KB = 17.5;
/** What issue 19's four features (budget, preview, stale context, secrets) may add to the combined drop-in's first load. */
const FEATURES_BUDGET_KB = 4;

const size = (file: string) => gzipSize(readFileSync(new URL(`../dist/${file}`, import.meta.url))) / KB;
/** A drop-in's first load: its entry file and the file beside it that the entry re-exports (rollup.config.js). */
const firstLoad = (name: string, folder: string) => size(`${name}.js`) + size(`${folder}/${name}.js`);
const peer = (file: string) => new URL(`./peers/${file}`, import.meta.url).pathname;
const kb = (value: number) => `${value.toFixed(1)} KB`;

export async function run(): Promise<BenchRow[]> {
  const tiptap = gzipSize(await peerBundle(peer("tiptap-entry.ts"))) / KB;
  const deepChat = gzipSize(await peerBundle(peer("deep-chat-entry.ts"))) / KB;
  const [combined, composer, transcript] = [firstLoad("t3-composer", "drop-in"), firstLoad("composer", "composer"), firstLoad("transcript", "transcript")];
  const files = ["drop-in/engine.js", "drop-in/composer-parts.js", "composer/composer-parts.js", "codec.min.js"];
  const [engine, parts, composerParts, codec] = files.map(size) as [number, number, number, number];
  // The chip overlays, fetched when an element is first idle or on first use (src/elements/chunks.ts).
  const [overlays, composerOverlays, transcriptOverlays] = ["drop-in/overlays.js", "composer/overlays.js", "transcript/overlays.js"].map(size) as [number, number, number];
  // The fetch and WebSocket transports' implementation, fetched when one is created (src/transport/network-chunk.ts).
  const [transports, composerTransports] = ["drop-in/transports.js", "composer/transports.js"].map(size) as [number, number];
  // The legacy reader, fetched when a transcript first draws a legacy message (src/elements/transcript/load-legacy.ts).
  const transcriptLegacy = size("transcript/legacy.js");
  const [combinedShare, composerShare] = (await measureFeatureShare()).map((share) => share.share / KB) as [number, number];
  const tiptapName = "Tiptap core+StarterKit+Mention";
  return [
    {
      name: "drop-in t3-composer.js (both elements), first load, min+gzip",
      ours: combined,
      peer: tiptap,
      peerName: tiptapName,
      unit: "KB",
      ratio: combined / tiptap,
      target: `≤ ${DROP_IN_TIPTAP_MAX}× Tiptap`,
      pass: combined / tiptap <= DROP_IN_TIPTAP_MAX,
      note: `+ ${kb(engine)} transcript engine chunk when a transcript first draws, ${kb(parts)} of on-demand composer parts and ${kb(overlays)} of chip overlays when idle, ${kb(transports)} of network transports when one is created; deep-chat ${kb(deepChat)}`,
    },
    {
      name: "drop-in composer.js (composer alone), first load, min+gzip",
      ours: composer,
      peer: tiptap,
      peerName: tiptapName,
      unit: "KB",
      ratio: composer / tiptap,
      target: `≤ ${COMPOSER_TIPTAP_MAX}× Tiptap`,
      pass: composer / tiptap <= COMPOSER_TIPTAP_MAX,
      note: `+ ${kb(composerParts)} of on-demand parts and ${kb(composerOverlays)} of chip overlays when idle, ${kb(composerTransports)} of network transports when one is created`,
    },
    {
      // bench/lib/feature-size.ts: the drop-in built again with the features' modules, strings and CSS taken out.
      name: "budget, preview, stale context and secrets: their share of the combined first load, min+gzip",
      ours: combinedShare,
      peer: combined,
      peerName: "the combined drop-in's first load",
      unit: "KB",
      ratio: combinedShare / combined,
      target: `≤ ${FEATURES_BUDGET_KB} KB`,
      pass: combinedShare <= FEATURES_BUDGET_KB,
      note: `${kb(composerShare)} of composer.js`,
    },
    {
      name: "drop-in transcript.js (transcript alone), min+gzip",
      ours: transcript,
      peer: combined + engine,
      peerName: "the combined drop-in with its chunk",
      unit: "KB",
      ratio: transcript / (combined + engine),
      target: `≤ ${TRANSCRIPT_BUDGET_KB} KB`,
      pass: transcript <= TRANSCRIPT_BUDGET_KB,
      note: `+ ${kb(transcriptOverlays)} of chip overlays when idle, ${kb(transcriptLegacy)} of legacy reader for the first legacy message`,
    },
    {
      name: "t3-composer/codec whole (legacy format and redactor inside), min+gzip",
      ours: codec,
      peer: combined,
      peerName: "the combined drop-in's first load",
      unit: "KB",
      ratio: codec / combined,
      target: `≤ ${CODEC_BUDGET_KB} KB`,
      pass: codec <= CODEC_BUDGET_KB,
    },
  ];
}
