// The transcript's floor: marked on its own, as a page would use it to render Markdown to HTML.
export { Marked } from "marked";
