// Built-in chip icons as CSS masks: drawn in `currentColor`, no DOM per icon, restylable with
// `--t3-icon-<name>` custom properties. The SVGs are constants of this file, never message data.

const SVG_OPEN =
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16' fill='none' stroke='black' stroke-width='1.5' stroke-linecap='round' stroke-linejoin='round'>";

const shapes: Record<string, string> = {
  image: "<rect x='2' y='3' width='12' height='10' rx='1.5'/><circle cx='6' cy='6.5' r='1.2'/><path d='M2.5 12l3.5-3.5 2.5 2.5 2-2 3 3'/>",
  file: "<path d='M4 1.75h5l3.25 3.25v9.25h-8.25zM9 1.75v3.25h3.25'/>",
  terminal: "<rect x='1.75' y='2.75' width='12.5' height='10.5' rx='1.5'/><path d='M4.5 6l2 2-2 2M8 10.5h3.5'/>",
  element: "<path d='M5.5 4.5L2 8l3.5 3.5M10.5 4.5L14 8l-3.5 3.5M9 3l-2 10'/>",
  "preview-annotation": "<path d='M8 14s4.5-4 4.5-7.5a4.5 4.5 0 0 0-9 0C3.5 10 8 14 8 14z'/><circle cx='8' cy='6.5' r='1.5'/>",
  "review-comment": "<path d='M2.5 3h11v7.5h-6.5l-3.5 3v-3h-1z'/><path d='M5 6h6M5 8.25h4'/>",
  "pull-request":
    "<circle cx='4' cy='3.5' r='1.5'/><circle cx='4' cy='12.5' r='1.5'/><circle cx='12' cy='12.5' r='1.5'/><path d='M4 5v6M12 11V6.5a2 2 0 0 0-2-2H7.5M9 3L7.5 4.5 9 6'/>",
  mention: "<circle cx='8' cy='8' r='2.5'/><path d='M10.5 8v1a2 2 0 0 0 4 0V8a6.5 6.5 0 1 0-2.5 5.1'/>",
  skill: "<path d='M8 1.5l1.6 4.9 4.9 1.6-4.9 1.6L8 14.5l-1.6-4.9L1.5 8l4.9-1.6z'/>",
  unresolved: "<circle cx='8' cy='8' r='6' stroke-dasharray='2.5 2.2'/>",
  generic: "<rect x='2.5' y='2.5' width='11' height='11' rx='2.5'/>",
  edit: "<path d='M10.5 2.5l3 3-8 8h-3v-3z'/><path d='M9 4l3 3'/>",
  copy: "<rect x='5.5' y='5.5' width='8' height='8' rx='1.5'/><path d='M10.5 3.5v-.5a1 1 0 0 0-1-1h-6a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h.5'/>",
};

/** `.t3-chip-icon[data-icon=…]` rules, one per icon. @internal */
export function iconRules(): string {
  return Object.entries(shapes)
    .map(([name, body]) => {
      const url = `url("data:image/svg+xml,${encodeURIComponent(SVG_OPEN + body + "</svg>")}")`;
      return `.t3-chip-icon[data-icon="${name}"]{--_icon:var(--t3-icon-${name},${url})}`;
    })
    .join("\n");
}
