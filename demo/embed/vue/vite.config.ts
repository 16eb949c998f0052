import vue from "@vitejs/plugin-vue";
import { defineConfig } from "vite";

export default defineConfig({
  base: "./",
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith("t3-") } } })],
});
