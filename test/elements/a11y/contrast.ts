// WCAG contrast of computed colours, for the tests that check a visual indicator (1.4.11: 3:1).

/** `rgb(…)` / `rgba(…)` / `color(srgb …)` → [r, g, b] in 0–255. */
export function parseColor(value: string): [number, number, number] {
  const srgb = /^color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)/.exec(value);
  if (srgb) return [Number(srgb[1]) * 255, Number(srgb[2]) * 255, Number(srgb[3]) * 255];
  const rgb = /^rgba?\((\d+(?:\.\d+)?),? (\d+(?:\.\d+)?),? (\d+(?:\.\d+)?)/.exec(value);
  if (!rgb) throw new Error(`not a colour: ${value}`);
  return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
}

function luminance([r, g, b]: readonly number[]): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
}

/** The contrast ratio of two colours, 1–21. */
export function contrast(a: readonly number[], b: readonly number[]): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The first opaque background from `element` up (the page's white when none). */
export function backgroundOf(element: Element): [number, number, number] {
  for (let node: Element | null = element; node; node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host ?? null)) {
    const value = getComputedStyle(node).backgroundColor;
    if (!/rgba\(.*, 0\)$/.test(value) && value !== "transparent") return parseColor(value);
  }
  return [255, 255, 255];
}
