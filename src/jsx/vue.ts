// Vue 3 templates: `<t3-composer>` and `<t3-transcript>` as global components for vue-tsc, with
// typed properties (bind them with `.prop`) and `@t3-*` listeners. The compiler must still be told
// they are custom elements (`isCustomElement`; docs/getting-started.md). Load with
// `import type {} from "t3-composer/jsx/vue"` or `"types": ["t3-composer/jsx/vue"]`.
import type { DefineComponent } from "vue";
import type { ComposerEvents, ComposerProperties, TranscriptEvents, TranscriptProperties, VueEventProps } from "./elements.js";

declare module "vue" {
  interface GlobalComponents {
    "t3-composer": DefineComponent<ComposerProperties & VueEventProps<ComposerEvents>>;
    "t3-transcript": DefineComponent<TranscriptProperties & VueEventProps<TranscriptEvents>>;
  }
}
