// The chip event both elements fire (docs/composer.md, "Events"), typed once for both.
import type { ComposerContextRecord } from "../contract/types.js";

/** The detail of `t3-chip-activate`: fired before the default action; cancel it to stop that. */
export interface ChipActivateDetail {
  /** The chip's record; `undefined` for an unresolved chip. */
  record: ComposerContextRecord | undefined;
  kind: string;
  contextId: string;
  surface: "composer" | "transcript";
  /** The composer's reference id of the chip. */
  referenceId?: string;
  /** The transcript's message the chip is in. */
  messageId?: string;
}

declare global {
  interface HTMLElementEventMap {
    "t3-chip-activate": CustomEvent<ChipActivateDetail>;
  }
}
