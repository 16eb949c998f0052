// A user message stored without a structured `context` may be legacy text, which T3 Code's legacy
// reader upgrades in memory (`resolveUserMessageContext`, codec/resolve.ts, with the upgrade of
// codec/legacy/). Few threads hold one, so the reader is a chunk of its own (docs/transcript.md,
// "Legacy messages"; the drop-ins' build names it `legacy`: rollup.config.js), fetched when a
// transcript first draws a message that needs it (`needsLegacyUpgrade`, the test the upgrade
// itself makes first). Until it is in, that message is drawn as it was sent and marked busy; once
// it is in, the messages drawn so are drawn again with their chips (drawing.ts).
import { Chunk } from "../chunks.js";
import type * as Reader from "../../codec/resolve.js";

/** The chunk's exports. */
export type LegacyReader = typeof Reader;

/** @internal */
export const legacyReader = new Chunk<LegacyReader>(() => import("../../codec/resolve.js"));
