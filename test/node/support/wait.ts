// Waiting for something that happens on another socket, without asserting how long it takes.
const POLL_MS = 5;
const GIVE_UP_MS = 5000;

/** Resolves once `condition()` holds; fails the test with `what` if it never does. */
export async function waitFor(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > GIVE_UP_MS) throw new Error(`Gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
