// What every live example does when it mounts: load the drop-in, then set the elements up; and
// when it unmounts, undo what it started (timers, listeners), so a reader moving between pages
// leaves nothing running.
import { onBeforeUnmount, onMounted, ref } from "vue";
import { loadT3 } from "./load.js";

/**
 * Runs `setup(t3)` once the drop-in has loaded and the component is mounted; `setup` may return
 * a cleanup. Returns the state to show: `"loading"`, `"ready"` or an error message.
 */
export function useLive(setup) {
  const state = ref("loading");
  let cleanup;
  let unmounted = false;
  onMounted(async () => {
    try {
      const t3 = await loadT3();
      if (unmounted) return;
      cleanup = setup(t3);
      state.value = "ready";
    } catch (error) {
      state.value = `The live example could not load the elements: ${error instanceof Error ? error.message : String(error)}`;
    }
  });
  onBeforeUnmount(() => {
    unmounted = true;
    cleanup?.();
  });
  return state;
}
