// The page mounts the typed component that docs/getting-started.md shows (Svelte 5), the same file
// the pack test checks with svelte-check: one source for the recipe.
import { mount } from "svelte";
import App from "../../../../test/node/package/fixtures/StartChat.svelte";

mount(App, { target: document.getElementById("app") });
