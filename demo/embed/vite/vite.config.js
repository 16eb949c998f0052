import { defineConfig } from "vite";

// Relative asset URLs, so the built page works from any folder (the tests serve it from a subpath).
export default defineConfig({ base: "./" });
