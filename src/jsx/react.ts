// JSX for React 19: `<t3-composer>` and `<t3-transcript>` with typed properties and `on<event>`
// listener props (React 19 sets a custom element's props as properties when it has them, and
// `ont3-sent` listens to exactly `t3-sent`). Load with `import type {} from "t3-composer/jsx/react"`
// or `"types": ["t3-composer/jsx/react"]` in tsconfig.json.
import type * as React from "react";
import type { T3ComposerElement } from "../elements/composer/t3-composer.js";
import type { T3TranscriptElement } from "../elements/transcript/t3-transcript.js";
import type { ComposerEvents, ComposerProperties, EventProps, TranscriptEvents, TranscriptProperties } from "./elements.js";

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React declares its JSX in a namespace
  namespace JSX {
    interface IntrinsicElements {
      "t3-composer": React.DetailedHTMLProps<React.HTMLAttributes<T3ComposerElement>, T3ComposerElement> & ComposerProperties & EventProps<ComposerEvents, "on">;
      "t3-transcript": React.DetailedHTMLProps<React.HTMLAttributes<T3TranscriptElement>, T3TranscriptElement> & TranscriptProperties & EventProps<TranscriptEvents, "on">;
    }
  }
}
