// The two DOM helpers the first load needs too (a message's links, media views); the builders of
// the details cards are in card.ts, in the overlays chunk. Every value from a record goes in
// through `textContent` or a checked attribute: records are untrusted (docs/security.md).

const LIVE_LINK_PROTOCOLS = new Set(["http:", "https:"]);

/**
 * The normalized URL when `href` is an absolute `http:` or `https:` URL, else `null`. Relative
 * URLs are refused too: a message's link must not quietly point into the host page's origin.
 */
export function liveHttpUrl(href: string | null | undefined): string | null {
  if (typeof href !== "string") return null;
  let url: URL;
  try {
    url = new URL(href.trim());
  } catch {
    return null;
  }
  return LIVE_LINK_PROTOCOLS.has(url.protocol) ? url.href : null;
}

/** An element with a class and optional text. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
