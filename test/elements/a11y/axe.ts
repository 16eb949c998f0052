// axe-core in the page under test (its UMD build, loaded once as a script), run over our
// elements only, shadow roots included (axe walks open shadow roots by itself).
import { expect } from "@esm-bundle/chai";

interface AxeResult {
  violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: unknown[]; failureSummary: string }> }>;
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
  // Page-level rules: the test page is not a document a person reads.
  rules: { region: { enabled: false }, "landmark-one-main": { enabled: false }, "page-has-heading-one": { enabled: false } },
  resultTypes: ["violations"],
};

/** Every violation inside `elements` (and their shadow roots), as readable lines. */
export async function violations(...elements: Element[]): Promise<string[]> {
  const axe = await loadAxe();
  const result = await axe.run({ include: elements }, OPTIONS);
  return result.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${violation.help} at ${JSON.stringify(node.target)} — ${node.failureSummary}`),
  );
}

/** Asserts that axe finds nothing inside `elements`. */
export async function expectNoViolations(...elements: Element[]): Promise<void> {
  expect(await violations(...elements)).to.deep.equal([]);
}
