// Commands of @web/test-runner-commands that its own plugins do not do for WebDriver browsers
// (WebKit), done here. `set-viewport`: the window is resized until its viewport has the size
// asked for. `send-keys`, with all four forms the suite uses: `type`, `press`
// (with chords such as "Shift+ArrowLeft"), `down` and `up`. @web/test-runner-commands' own plugin
// supports only `type` and `press` there, and its `type` presses every character down before
// releasing any, so a doubled letter ("ll") comes out once. Here each key goes down and up in
// turn, and a key held with `down` stays held (WebDriver keeps the input state of a session)
// until its `up`. It answers for WebDriver sessions only, and must answer before the stock plugins,
// which @web/test-runner puts ahead of the configuration's plugins: when the server starts, it
// moves itself to the front of the command plugins' list (the `test-runner-api` plugin's).

// The WebDriver specification's code points for keys that are not characters
// (https://www.w3.org/TR/webdriver2/#keyboard-actions), by their `KeyboardEvent.key` name.
const KEY_CODES = new Map([
  ["Cancel", "\uE001"],
  ["Help", "\uE002"],
  ["Backspace", "\uE003"],
  ["Tab", "\uE004"],
  ["Clear", "\uE005"],
  ["Enter", "\uE007"],
  ["Shift", "\uE008"],
  ["ShiftLeft", "\uE008"],
  ["Control", "\uE009"],
  ["ControlLeft", "\uE009"],
  ["Alt", "\uE00A"],
  ["AltLeft", "\uE00A"],
  ["Pause", "\uE00B"],
  ["Escape", "\uE00C"],
  ["Space", " "],
  ["PageUp", "\uE00E"],
  ["PageDown", "\uE00F"],
  ["End", "\uE010"],
  ["Home", "\uE011"],
  ["ArrowLeft", "\uE012"],
  ["ArrowUp", "\uE013"],
  ["ArrowRight", "\uE014"],
  ["ArrowDown", "\uE015"],
  ["Insert", "\uE016"],
  ["Delete", "\uE017"],
  ["F1", "\uE031"],
  ["F2", "\uE032"],
  ["F10", "\uE03A"],
  ["F12", "\uE03C"],
  ["Meta", "\uE03D"],
  ["MetaLeft", "\uE03D"],
]);

function keyValue(name) {
  const code = KEY_CODES.get(name);
  if (code !== undefined) return code;
  if ([...name].length === 1) return name;
  throw new Error(`send-keys: no WebDriver key for ${JSON.stringify(name)}`);
}

/** The key actions of one `sendKeys` payload. */
function keyActions(payload) {
  if (typeof payload.type === "string") return [...payload.type].flatMap((char) => [{ type: "keyDown", value: char }, { type: "keyUp", value: char }]);
  if (typeof payload.down === "string") return [{ type: "keyDown", value: keyValue(payload.down) }];
  if (typeof payload.up === "string") return [{ type: "keyUp", value: keyValue(payload.up) }];
  if (typeof payload.press === "string") {
    // "Shift+ArrowLeft", but "+" alone (or a chord ending in "+") is the plus key.
    const parts = payload.press.length > 1 ? payload.press.split(/\+(?=.)/) : [payload.press];
    const values = parts.map(keyValue);
    return [...values.map((value) => ({ type: "keyDown", value })), ...values.reverse().map((value) => ({ type: "keyUp", value }))];
  }
  throw new Error(`send-keys: unknown payload ${JSON.stringify(payload)}`);
}

/** How long `set-viewport` waits for the window to take a size, how often it looks, and how many
 * times it asks again, in ms. */
const RESIZE_WAIT_MS = 2_000;
const RESIZE_POLL_MS = 20;
const RESIZE_TRIES = 3;

/**
 * Resizes the window so that its viewport (`innerWidth` × `innerHeight`) is `width` × `height`.
 * The window manager applies a new size after WebDriver has answered, later still on a busy
 * machine, so the viewport is read until it has the size; a window that has not taken it within
 * `RESIZE_WAIT_MS` is asked again, with its frame measured anew.
 */
async function setViewport(driver, { width, height }) {
  const inner = () => driver.execute("return [window.innerWidth, window.innerHeight]");
  let [w, h] = await inner();
  for (let tries = 0; tries < RESIZE_TRIES && (w !== width || h !== height); tries++) {
    // The window's frame (borders, MiniBrowser's toolbar) is what the window has beyond its viewport.
    const outer = await driver.getWindowRect();
    await driver.setWindowRect(null, null, width + outer.width - w, height + outer.height - h);
    for (const started = Date.now(); Date.now() - started < RESIZE_WAIT_MS; ) {
      [w, h] = await inner();
      if (w === width && h === height) return;
      await new Promise((resolve) => setTimeout(resolve, RESIZE_POLL_MS));
    }
  }
  if (w !== width || h !== height) throw new Error(`set-viewport: asked for ${width}×${height}, the window gives ${w}×${h}`);
}

export function webdriverCommandsPlugin() {
  const plugin = {
    name: "t3-webdriver-commands",
    serverStart({ config }) {
      const api = config.plugins.find((entry) => entry.name === "test-runner-api");
      const commandPlugins = api?.plugins;
      if (!Array.isArray(commandPlugins)) throw new Error("t3-webdriver-commands: @web/test-runner's command plugins not found");
      const at = commandPlugins.indexOf(plugin);
      if (at > 0) commandPlugins.unshift(...commandPlugins.splice(at, 1));
    },
    async executeCommand({ command, payload, session }) {
      if (session.browser.type !== "webdriver" || (command !== "send-keys" && command !== "set-viewport")) return undefined;
      const { driver } = session.browser;
      if (!driver) throw new Error(`${command}: the WebDriver session is not started`);
      if (command === "set-viewport") {
        await setViewport(driver, payload);
        return true;
      }
      await driver.performActions([{ type: "key", id: "keyboard", actions: keyActions(payload) }]);
      return true;
    },
  };
  return plugin;
}
