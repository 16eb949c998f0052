// The docs site's theme: VitePress's default one, plus the live examples that pages embed
// (`<LiveChat />` and friends, in live/): the real elements of the built drop-in, in the browser.
import DefaultTheme from "vitepress/theme";
import type { Theme } from "vitepress";
import LiveChat from "./live/LiveChat.vue";
import LiveComposer from "./live/LiveComposer.vue";
import LiveCustomKind from "./live/LiveCustomKind.vue";
import LiveTranscript from "./live/LiveTranscript.vue";
import "./live/live.css";

/** The live examples by the tag a page writes; test/node/docs-links.test.ts allows these tags. */
export const LIVE_COMPONENTS = { LiveChat, LiveComposer, LiveCustomKind, LiveTranscript };

const theme: Theme = {
  extends: DefaultTheme,
  enhanceApp({ app }) {
    for (const [name, component] of Object.entries(LIVE_COMPONENTS)) app.component(name, component);
  },
};
export default theme;
