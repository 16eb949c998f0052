// Bundle sizes (issue 8): the drop-in against Tiptap and deep-chat bundled the same way, and
// the codec entry alone. Reads dist/, so `npm run build` must have run.
import { readFileSync } from "node:fs";
import { gzipSize, peerBundle } from "./lib/bundle.js";
import type { BenchRow } from "./lib/row.js";

const KB = 1024;
const DROP_IN_BUDGET_KB = 110;
const CODEC_BUDGET_KB = 12;

const dist = (file: string) => readFileSync(new URL(`../dist/${file}`, import.meta.url));
const peer = (file: string) => new URL(`./peers/${file}`, import.meta.url).pathname;

export async function run(): Promise<BenchRow[]> {
  const ours = gzipSize(dist("t3-composer.js")) / KB;
  const tiptap = gzipSize(await peerBundle(peer("tiptap-entry.ts"))) / KB;
  const deepChat = gzipSize(await peerBundle(peer("deep-chat-entry.ts"))) / KB;
  const codec = gzipSize(dist("codec.min.js")) / KB;
  return [
    {
      name: "drop-in t3-composer.js, min+gzip",
      ours,
      peer: tiptap,
      peerName: "Tiptap core+StarterKit+Mention",
      unit: "KB",
      ratio: ours / tiptap,
      target: `≤ ${DROP_IN_BUDGET_KB} KB`,
      pass: ours <= DROP_IN_BUDGET_KB,
      note: `deep-chat ${deepChat.toFixed(1)} KB`,
    },
    {
      name: "t3-composer/codec alone, min+gzip",
      ours: codec,
      peer: ours,
      peerName: "the whole drop-in",
      unit: "KB",
      ratio: codec / ours,
      target: `≤ ${CODEC_BUDGET_KB} KB`,
      pass: codec <= CODEC_BUDGET_KB,
    },
  ];
}
