// axe-core in the page under test (its UMD build, loaded once as a script), run over our
// elements only, shadow roots included (axe walks open shadow roots by itself).
import { expect } from "@esm-bundle/chai";

interface AxeResult {
  violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: unknown[]; failureSummary: string; element?: Element }> }>;
}
interface Axe {
  run(context: unknown, options: unknown): Promise<AxeResult>;
}

let loading: Promise<Axe> | undefined;

function loadAxe(): Promise<Axe> {
  return (loading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = "/node_modules/axe-core/axe.min.js";
    script.onload = () => resolve((window as unknown as { axe: Axe }).axe);
    script.onerror = () => reject(new Error("axe-core did not load"));
    document.head.append(script);
  }));
}

/** WCAG 2.2 A and AA, and axe's best practices that apply inside a component. */
const OPTIONS = {
  runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
  rules: {
    // Page-level rules: the test page is not a document a person reads.
    region: { enabled: false },
    "landmark-one-main": { enabled: false },
    "page-has-heading-one": { enabled: false },
    // WCAG 2.5.3 (Label in Name): a voice-control user says what a control shows. axe has shipped
    // this rule as `experimental`, which a tag selection skips; named here, it runs in any release.
    "label-content-name-mismatch": { enabled: true },
  },
  resultTypes: ["violations"],
  // Each node's element comes with it, for the exemption below.
  elementRef: true,
};

/**
 * Whether `element` is the popup list of a text box that keeps the focus and names the active
 * option with `aria-activedescendant`: the composer's suggestions (src/elements/composer/suggestions.ts).
 * axe's `scrollable-region-focusable` exempts such a list when its field has the role `combobox`
 * (axe's `isComboboxPopup`), because the arrows in the field move the active option and the list
 * scrolls it into view, so no focus in the list is needed to scroll it. ARIA's combobox is
 * single-line, so the composer's field is a multi-line `textbox` with `aria-autocomplete="list"`;
 * the reason holds the same, and the exemption is made here, for exactly that shape. That the
 * list does scroll as the arrows move is tested in suggestions.test.ts.
 */
function isActiveDescendantPopup(element: Element | undefined): boolean {
  if (element?.getAttribute("role") !== "listbox" || !element.id) return false;
  const root = element.getRootNode() as Document | ShadowRoot;
  const field = root.querySelector(`[role="textbox"][aria-autocomplete="list"][aria-controls~="${CSS.escape(element.id)}"]`);
  const active = field?.getAttribute("aria-activedescendant");
  return !!active && element.querySelector(`#${CSS.escape(active)}`)?.getAttribute("role") === "option";
}

/** Whether axe's finding is one the exemption above covers. */
function exempt(rule: string, element: Element | undefined): boolean {
  return rule === "scrollable-region-focusable" && isActiveDescendantPopup(element);
}

/** Roles whose name a voice-control user speaks from what the element shows. */
const SPOKEN_ROLES = new Set(["button", "link", "img", "option", "menuitem", "tab", "checkbox", "radio", "switch"]);

/** Lower case, letters and digits only, one space between words (as axe compares names). */
function words(text: string): string {
  return text.normalize("NFKD").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

function roleOf(element: Element): string | null {
  const role = element.getAttribute("role");
  if (role) return role.split(" ")[0]!;
  if (element.localName === "button") return "button";
  if (element.localName === "a" && element.hasAttribute("href")) return "link";
  return null;
}

/** The text `element` shows: rendered text nodes, aria-hidden ones included (they are seen). */
function shownText(element: Element): string {
  let text = "";
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement?.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions)) text += ` ${node.textContent}`;
  }
  return text;
}

/** Every element under `root`, through open shadow roots. */
function* deepElements(root: Element | ShadowRoot): Generator<Element> {
  for (const element of root.querySelectorAll("*")) {
    yield element;
    if (element.shadowRoot) yield* deepElements(element.shadowRoot);
  }
}

/**
 * Our stricter form of Label in Name, which axe checks only as "contains": a named control that
 * shows words has a name that begins with them (the understanding document of WCAG 2.5.3 calls
 * this the best practice). A chip's name begins with its label (`.t3-chip-label`), which is
 * enough for the badges drawn after it; any other control's with all the words it shows.
 */
function labelFirst(elements: Element[]): string[] {
  const found: string[] = [];
  for (const element of elements.flatMap((root) => [root, ...deepElements(root.shadowRoot ?? root)])) {
    const name = element.getAttribute("aria-label");
    const role = roleOf(element);
    if (name === null || role === null || !SPOKEN_ROLES.has(role) || !element.checkVisibility()) continue;
    const label = element.classList.contains("t3-chip") ? element.querySelector(".t3-chip-label") : null;
    const shown = words(label ? (label.textContent ?? "") : shownText(element));
    if (!shown || (words(name) + " ").startsWith(shown + " ")) continue;
    found.push(`label-first: the name ${JSON.stringify(name)} of a ${role} does not begin with what it shows, ${JSON.stringify(shown)}`);
  }
  return found;
}

/** Every violation inside `elements` (and their shadow roots), as readable lines. */
export async function violations(...elements: Element[]): Promise<string[]> {
  const axe = await loadAxe();
  const result = await axe.run({ include: elements }, OPTIONS);
  return [
    ...result.violations.flatMap((violation) =>
      violation.nodes
        .filter((node) => !exempt(violation.id, node.element))
        .map((node) => `${violation.id} (${violation.impact}): ${violation.help} at ${JSON.stringify(node.target)} — ${node.failureSummary}`),
    ),
    ...labelFirst(elements),
  ];
}

/** Asserts that axe finds nothing inside `elements`. */
export async function expectNoViolations(...elements: Element[]): Promise<void> {
  expect(await violations(...elements)).to.deep.equal([]);
}
