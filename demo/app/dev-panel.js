// The developer panel (tips, settings, the provider view, the event log) behind one toggle in the
// header, closed on every load: the page is a chat first. Open, it is a column beside the chat on
// a wide screen and covers the chat on a narrow one (layout.css); Escape or Close shuts it and
// gives the focus back to the toggle.

/** Wires `toggle` and `close` to show and hide `panel`. */
export function devPanel(panel, toggle, close) {
  const set = (open) => {
    panel.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    document.body.classList.toggle("dev-open", open);
  };
  toggle.addEventListener("click", () => {
    const open = panel.hidden;
    set(open);
    if (open) close.focus();
  });
  close.addEventListener("click", () => {
    set(false);
    toggle.focus();
  });
  panel.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    set(false);
    toggle.focus();
  });
  set(false);
}
