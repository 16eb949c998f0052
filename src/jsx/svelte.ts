// Svelte 5 markup: `<t3-composer>` and `<t3-transcript>` with typed properties (Svelte 5 sets a
// custom element's props as properties when it has them) and `on<event>` listeners
// (`ont3-sent`). Load with `import type {} from "t3-composer/jsx/svelte"` or
// `"types": ["t3-composer/jsx/svelte"]`.
import type { HTMLAttributes } from "svelte/elements";
import type { T3ComposerElement } from "../elements/composer/t3-composer.js";
import type { T3TranscriptElement } from "../elements/transcript/t3-transcript.js";
import type { ComposerEvents, ComposerProperties, EventProps, TranscriptEvents, TranscriptProperties } from "./elements.js";

declare module "svelte/elements" {
  interface SvelteHTMLElements {
    "t3-composer": HTMLAttributes<T3ComposerElement> & ComposerProperties & EventProps<ComposerEvents, "on">;
    "t3-transcript": HTMLAttributes<T3TranscriptElement> & TranscriptProperties & EventProps<TranscriptEvents, "on">;
  }
}
