// Test-runner server commands for the accessibility suites, through the DevTools protocol of the
// page under test:
//
//   ax-names      { }                  the accessibility tree's text: `{ nodes: [{ role, name }] }`
//                                      of every node that is not ignored (what a screen reader reads)
//   forced-colors { active }           emulates `forced-colors: active` (Windows high contrast) and
//                                      `prefers-contrast: more`, or ends the emulation
//   touch         { enabled }          emulates a touch screen (`pointer: coarse`, touch events)
//   tap           { x, y }             a finger's tap at (x, y)
//   long-press    { x, y, ms }         a finger held at (x, y) for `ms`, then lifted
//   touch-down    { x, y }             a finger put down at (x, y), held until `touch-up`
//   touch-up      { }                  the finger lifted
//   screenshot    { x, y, width, height } a PNG of that part of the viewport, base64
const touch = (client, type, points) => client.send("Input.dispatchTouchEvent", { type, touchPoints: points });

const commands = {
  async "ax-names"(client) {
    const { nodes } = await client.send("Accessibility.getFullAXTree");
    return {
      nodes: nodes.filter((node) => !node.ignored).map((node) => ({ role: node.role?.value ?? "", name: node.name?.value ?? "" })),
    };
  },
  async "forced-colors"(client, { active }) {
    const features = active
      ? [{ name: "forced-colors", value: "active" }, { name: "prefers-contrast", value: "more" }]
      : [];
    await client.send("Emulation.setEmulatedMedia", { features });
    return true;
  },
  async touch(client, { enabled }) {
    await client.send("Emulation.setTouchEmulationEnabled", { enabled, maxTouchPoints: 1 });
    await client.send("Emulation.setEmitTouchEventsForMouse", { enabled });
    return true;
  },
  async tap(client, { x, y }) {
    await touch(client, "touchStart", [{ x, y }]);
    await touch(client, "touchEnd", []);
    return true;
  },
  async "long-press"(client, { x, y, ms }) {
    await touch(client, "touchStart", [{ x, y }]);
    await new Promise((resolve) => setTimeout(resolve, ms));
    await touch(client, "touchEnd", []);
    return true;
  },
  async "touch-down"(client, { x, y }) {
    await touch(client, "touchStart", [{ x, y }]);
    return true;
  },
  async "touch-up"(client) {
    await touch(client, "touchEnd", []);
    return true;
  },
  async screenshot(client, { x, y, width, height }) {
    const { data } = await client.send("Page.captureScreenshot", { format: "png", clip: { x, y, width, height, scale: 1 } });
    return { png: data };
  },
};

/** `devtools(session)` gives the page's DevTools session (server-commands.mjs owns them). */
export function a11yCommandsPlugin(devtools) {
  return {
    name: "t3-a11y-commands",
    async executeCommand({ command, payload, session }) {
      const run = Object.hasOwn(commands, command) ? commands[command] : undefined;
      if (!run) return undefined;
      return run(await devtools(session), payload ?? {});
    },
  };
}
