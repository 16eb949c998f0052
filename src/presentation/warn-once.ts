// One-time warnings for deprecated forms that still work: a page that uses one hears about it
// once, not at every chip.
const warned = new Set<string>();

/** Writes `message` to the console the first time it is given. @internal */
export function warnOnce(message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  console.warn(message);
}
