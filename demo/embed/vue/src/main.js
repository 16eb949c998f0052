// The page mounts the typed component that docs/getting-started.md shows (Vue 3), the same file
// the pack test type-checks with vue-tsc: one source for the recipe.
import { createApp } from "vue";
import App from "../../../../test/node/package/fixtures/StartChat.vue";

createApp(App).mount("#app");
