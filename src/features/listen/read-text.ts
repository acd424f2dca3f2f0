// The text a screen shows, as the lines a person would read aloud: visible text only (what
// `innerText` renders), without navigation, the listen controls, screen-reader-only text and
// decorative parts (docs/decisions/0097-listen.md).

const SKIP =
  'nav, button.listen-btn, .listen, .visually-hidden, [aria-hidden="true"], [data-listen-skip]';

function collect(node: Node, out: string[]) {
  if (node.nodeType === Node.TEXT_NODE) {
    const text = node.textContent?.trim();
    if (text) out.push(text);
    return;
  }
  if (!(node instanceof HTMLElement)) return;
  if (node.matches(SKIP)) return;
  if (!node.querySelector(SKIP)) {
    out.push(...node.innerText.split('\n'));
    return;
  }
  if (typeof node.checkVisibility === 'function' && !node.checkVisibility()) return;
  for (const child of node.childNodes) collect(child, out);
}

/** The visible lines of `root`, trimmed, empty ones dropped. */
export function visibleLines(root: HTMLElement): string[] {
  const out: string[] = [];
  collect(root, out);
  return out.map((l) => l.replace(/\s+/g, ' ').trim()).filter((l) => /[\p{L}\p{N}]/u.test(l));
}
