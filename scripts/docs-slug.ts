// Heading anchors as GitHub writes them, so that a link such as `host.md#in-tests` works on GitHub
// and on the docs site alike (docs/.vitepress/config.mts hands this to VitePress), and the link
// check (test/node/docs-links.test.ts) computes the same anchors.

/** The anchor of a heading's text (Markdown inline syntax already removed). */
export function githubSlug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** A heading's text as it renders: code spans, emphasis and links reduced to their text. */
export function headingText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, (tag) => (/^<[a-z][\w-]*>$/i.test(tag) ? tag : ""))
    .replace(/[`*]/g, "");
}
