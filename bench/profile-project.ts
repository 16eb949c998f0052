// Runs collect + project of the benchmark's message many times, for a profiler:
//   node --cpu-prof --cpu-prof-dir=bench/.work --import tsx bench/profile-project.ts [rounds]
// then open the .cpuprofile in Chrome DevTools (Performance → Load profile).
import { projectComposerContextForProvider } from "t3-composer/codec";
import { linkedMessage } from "./project-fixture.js";

const MB = 1_000_000;
const rounds = Number(process.argv[2] ?? 200);
const message = linkedMessage(MB, 10_000);
let sink = 0;
const started = performance.now();
for (let round = 0; round < rounds; round++) {
  const projected = projectComposerContextForProvider(message);
  // Reading a character flattens the result, as any consumer would.
  sink += projected.charCodeAt(projected.length - 1);
}
console.log(`${rounds} rounds, ${((performance.now() - started) / rounds).toFixed(2)} ms each (${sink})`);
