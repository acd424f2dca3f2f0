// The static first screen (decision 0013) is replaced by the app's own markup: a keyboard user
// whose focus was on one of its controls (its «Siguiente») would be left on <body>. Until the app
// has taken over, this follows focus inside the static screen; when the focused element leaves,
// focus goes to the app's equivalent element — same tag, classes and text (decision 0229).

const GIVE_UP_MS = 15_000;

export function keepFocusAcrossTakeover(root: HTMLElement): void {
  let focused: Element | null = root.contains(document.activeElement)
    ? document.activeElement
    : null;
  const onFocusIn = (e: FocusEvent) => {
    if (e.target instanceof Element && root.contains(e.target)) focused = e.target;
  };
  document.addEventListener('focusin', onFocusIn);
  const stop = () => {
    observer.disconnect();
    document.removeEventListener('focusin', onFocusIn);
    window.clearTimeout(timer);
  };
  const observer = new MutationObserver(() => {
    if (!focused || focused.isConnected) return;
    const was = focused;
    const twin = [...root.querySelectorAll<HTMLElement>(was.tagName)].find(
      (el) =>
        el.className === was.className &&
        el.textContent === was.textContent &&
        el.getAttribute('name') === was.getAttribute('name'),
    );
    if (!twin) return;
    const active = document.activeElement;
    if (!active || active === document.body) twin.focus({ preventScroll: true });
    stop();
  });
  observer.observe(root, { childList: true, subtree: true });
  const timer = window.setTimeout(stop, GIVE_UP_MS);
}
