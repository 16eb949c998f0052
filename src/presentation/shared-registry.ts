import { builtInPresenters } from "./presenters/index.js";
import { createChipRegistry } from "./registry.js";
import type { ChipRegistry } from "./types.js";

/**
 * The shared registry every element uses unless given its own: the eight built-in kinds.
 * Hosts add custom kinds here with `define`, or restyle a built-in one with `override`.
 */
export const chipRegistry: ChipRegistry = createChipRegistry();
for (const [kind, presenter] of builtInPresenters) chipRegistry.define(kind, presenter);
