// Test-runner server commands that drive other pages (tabs) beside the test's own, in the same
// browser context (same origin: same localStorage), and end them the way a person or the system
// does: closing the tab, or the renderer process dying.
//
//   page-open  { path }                 opens `path` on the test page's origin → { pageId }
//   page-eval  { pageId, expression }   evaluates an expression (awaited) in it → { value }, its JSON value
//   page-type  { pageId, text }         types with the keyboard, as a person does
//   page-hide  { pageId }               brings the test's page to the front: the other one is hidden
//   page-close { pageId, how }          "close": the tab is closed (Target.closeTarget: pagehide runs,
//                                       beforeunload does not); "crash": the renderer is killed
//                                       (Page.crash: nothing runs)
//
//   file-chooser-arm    {}              the test's page waits for a file chooser (puppeteer's
//                                       waitForFileChooser): the next one it opens is held
//   file-chooser-accept { files }       accepts the held chooser with files `{ name, text }`,
//                                       written to a temporary folder → { multiple, accept }
//   permissions-deny    {}              the test page's origin is denied every permission
//                                       (the microphone among them), as a person who said no
//   permissions-grant   { names }       it is granted `names` (such as "microphone"), denied others
//   permissions-reset   {}              back to the browser's defaults
//
// The other page is brought to the front while it is driven (a hidden tab gets no animation
// frames and no focus), and the test's page goes back to the front when it is closed.

const pages = new Map();
let nextId = 1;

function testPage(session) {
  if (session.browser.type !== "puppeteer") throw new Error(`${session.browser.type} cannot open pages`);
  return session.browser.getPage(session.id);
}

function get(pageId) {
  const entry = pages.get(pageId);
  if (!entry) throw new Error(`No page ${JSON.stringify(pageId)}`);
  return entry;
}

async function open({ path }, session) {
  const owner = testPage(session);
  const page = await owner.browserContext().newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  await page.goto(new URL(path, owner.url()).href, { waitUntil: "load" });
  await page.bringToFront();
  const pageId = `page-${nextId++}`;
  pages.set(pageId, { page, owner, errors });
  return { pageId };
}

/**
 * Brings `pageId`'s page to the front and returns its entry. A person drives the tab in front; a
 * hidden tab gets no animation frames, and Firefox throttles its timers, so a hidden tab that is
 * typed into or awaited could stall a test for seconds.
 */
async function front(pageId) {
  const entry = get(pageId);
  await entry.page.bringToFront();
  return entry;
}

async function evaluate({ pageId, expression }) {
  const { page, errors } = await front(pageId);
  const value = await page.evaluate(expression);
  if (errors.length > 0) throw new Error(`Errors in ${pageId}: ${errors.join("; ")}`);
  // Wrapped: a command that answers null or undefined counts as not handled.
  return { value: value ?? null };
}

async function typeText({ pageId, text }) {
  await (await front(pageId)).page.keyboard.type(text);
  return true;
}

async function close({ pageId, how }) {
  const { page, owner } = get(pageId);
  pages.delete(pageId);
  if (how === "crash") {
    const client = await page.createCDPSession();
    const crashed = new Promise((resolve) => page.once("error", resolve));
    // Page.crash never answers: the renderer is gone before it could.
    client.send("Page.crash").catch(() => {});
    await crashed;
  } else if (how !== "close") {
    throw new Error(`page-close: how must be "close" or "crash", got ${JSON.stringify(how)}`);
  }
  await page.close({ runBeforeUnload: false });
  await owner.bringToFront();
  return true;
}

async function hide({ pageId }) {
  await get(pageId).owner.bringToFront();
  return true;
}

const choosers = new Map();

async function armChooser(_payload, session) {
  const page = testPage(session);
  // Held as a settled result, so that a chooser that never opens is an error at accept, not an unhandled rejection.
  choosers.set(session.id, page.waitForFileChooser({ timeout: 20_000 }).then((chooser) => ({ chooser }), (error) => ({ error })));
  // waitForFileChooser turns the interception on with a protocol command it does not wait for: a
  // click that came first opened no chooser we could catch (a CI run timed out so, under load).
  // A round trip on the same page after it means the browser has handled that command.
  await page.evaluate(() => true);
  return true;
}

async function acceptChooser({ files }, session) {
  const held = choosers.get(session.id);
  choosers.delete(session.id);
  if (!held) throw new Error("file-chooser-accept: no file-chooser-arm before it");
  const { chooser, error } = await held;
  if (error) throw error;
  const { mkdtemp, writeFile } = await import("node:fs/promises");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const folder = await mkdtemp(join(tmpdir(), "t3-chooser-"));
  const paths = [];
  for (const { name, text } of files) {
    const path = join(folder, name);
    await writeFile(path, text);
    paths.push(path);
  }
  const multiple = chooser.isMultiple();
  await chooser.accept(paths);
  return { multiple };
}

async function grantPermissions({ names = [] }, session) {
  const page = testPage(session);
  // Browser.grantPermissions grants the listed permissions and denies all others.
  await page.browserContext().overridePermissions(new URL(page.url()).origin, names);
  return true;
}

async function resetPermissions(_payload, session) {
  await testPage(session).browserContext().clearPermissionOverrides();
  return true;
}

const COMMANDS = {
  "permissions-deny": (_payload, session) => grantPermissions({ names: [] }, session),
  "permissions-grant": grantPermissions,
  "permissions-reset": resetPermissions,
  "file-chooser-arm": armChooser,
  "file-chooser-accept": acceptChooser, "page-open": open, "page-eval": evaluate, "page-type": typeText, "page-hide": hide, "page-close": close };

export function pageCommandsPlugin() {
  return {
    name: "t3-page-commands",
    async executeCommand({ command, payload, session }) {
      const run = COMMANDS[command];
      return run ? run(payload ?? {}, session) : undefined;
    },
    async serverStop() {
      await Promise.all([...pages.values()].map(({ page }) => page.close().catch(() => {})));
      pages.clear();
    },
  };
}
