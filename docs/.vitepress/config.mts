// The docs site (`npm run docs` serves it, `npm run docs:build` writes docs/.vitepress/dist/): the
// pages of docs/ as they are on GitHub, plus the API reference of `npm run docs:api` at /api/.
import { defineConfig } from "vitepress";
import { githubSlug } from "../../scripts/docs-slug.ts";

const page = (text: string, link: string) => ({ text, link });

export default defineConfig({
  title: "t3-composer",
  description: "A chat composer and transcript whose messages carry typed inline context references.",
  // Pages link to files of the repository outside docs/ (sources, tests), which the site does not serve.
  ignoreDeadLinks: [/^\.\.\//],
  cleanUrls: false,
  markdown: {
    // GitHub's anchors, so that `page.md#heading` links work on GitHub and here alike.
    anchor: { slugify: githubSlug },
  },
  // The live examples (theme/live/) write `<t3-composer>` and `<t3-transcript>` in their
  // templates: those are the drop-in's custom elements, not Vue components.
  vue: { template: { compilerOptions: { isCustomElement: (tag: string) => tag.startsWith("t3-") } } },
  themeConfig: {
    nav: [page("Guide", "/getting-started"), { text: "API", link: "/api/index.html", target: "_self" }],
    sidebar: [
      {
        text: "Using it",
        items: [
          page("Getting started", "/getting-started"),
          page("The demo", "/demo"),
          page("Frameworks", "/frameworks"),
          page("Server rendering", "/ssr"),
          page("Entries and exports", "/entries"),
          page("<t3-composer>", "/composer"),
          page("<t3-transcript>", "/transcript"),
          page("Errors", "/errors"),
          page("Chip registry", "/registry"),
          page("Custom kinds", "/custom-kinds"),
          page("Clipboard", "/clipboard"),
          page("Transport", "/transport"),
          page("Reliability", "/reliability"),
          page("Accessibility", "/accessibility"),
          page("Localization", "/localization"),
        ],
      },
      {
        text: "Backends",
        items: [page("The codec", "/codec"), page("Wire format v1", "/wire-format"), page("The host kit", "/host")],
      },
      {
        text: "Background",
        items: [
          page("Security", "/security"),
          page("Performance", "/performance"),
          page("Known limitations", "/limitations"),
          page("Architecture", "/architecture"),
          page("Development", "/development"),
          page("Dependencies", "/dependencies"),
        ],
      },
    ],
    search: { provider: "local" },
  },
});
