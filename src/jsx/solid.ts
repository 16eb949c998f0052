// Solid JSX: `<t3-composer>` and `<t3-transcript>` with typed properties and `on:t3-*`
// listeners (Solid's namespace for events it must not rename). Load with
// `import type {} from "t3-composer/jsx/solid"` or `"types": ["t3-composer/jsx/solid"]`.
import type { JSX as SolidJSX } from "solid-js";
import type { T3ComposerElement } from "../elements/composer/t3-composer.js";
import type { T3TranscriptElement } from "../elements/transcript/t3-transcript.js";
import type { ComposerEvents, ComposerProperties, EventProps, TranscriptEvents, TranscriptProperties } from "./elements.js";

declare module "solid-js" {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Solid declares its JSX in a namespace
  namespace JSX {
    interface IntrinsicElements {
      "t3-composer": SolidJSX.HTMLAttributes<T3ComposerElement> & ComposerProperties & EventProps<ComposerEvents, "on:">;
      "t3-transcript": SolidJSX.HTMLAttributes<T3TranscriptElement> & TranscriptProperties & EventProps<TranscriptEvents, "on:">;
    }
  }
}
