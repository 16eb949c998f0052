// Test-runner server commands that reach what a page cannot do itself, through the DevTools
// protocol of the page under test.
import { sendKeysPlugin, setViewportPlugin, sendMousePlugin } from "@web/test-runner-commands/plugins";

export function serverCommands() {
  return [sendKeysPlugin(), setViewportPlugin(), sendMousePlugin()];
}
