// The live examples load the drop-in that `npm run build` writes (dist/t3-composer.js: both
// elements and the whole API, the memory transport included), in the browser only: the elements need the DOM, so the site's
// server render leaves their tags empty and each example imports the module once it is mounted.
// Vite bundles the module into the site, so `npm run docs:build` needs a built dist/.

let loading;

/** The drop-in's exports; importing defines `<t3-composer>` and `<t3-transcript>`. */
export function loadT3() {
  loading ??= import("../../../../dist/t3-composer.js");
  return loading;
}
