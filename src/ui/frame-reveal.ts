// The course inside an LMS player frame that sits in a page that scrolls (Moodle: a 666-px frame
// 260 px down the page, under a fixed 60-px bar). When a screen changes or a dialog opens, the
// pages that embed the course are scrolled, if needed, so that what the learner must see — the
// course's header, a dialog — is in view below their fixed bars
// (docs/decisions/0161-frame-safe-layout.md). Only same-origin embedders can be reached (Moodle
// serves the package from its own origin); a cross-origin one is left as it is. And while the
// frame fits in the window, scrolling the course to its end no longer carries the LMS page with it
// (overscroll-behavior: contain), which is left off when the frame is taller than the window so
// a phone user is never trapped inside it.

/** The bottom of fixed or sticky bars covering the top of `win`'s viewport above `x`. */
function topCover(win: Window, x: number, frame: Element): number {
  const doc = win.document;
  let cover = 0;
  const seen = new Set<Element>();
  for (const probe of [1, 8]) {
    for (const hit of doc.elementsFromPoint(x, probe)) {
      for (let el: Element | null = hit; el && el !== doc.documentElement; el = el.parentElement) {
        if (seen.has(el) || el === frame || el.contains(frame)) continue;
        seen.add(el);
        const position = win.getComputedStyle(el).position;
        if (position !== 'fixed' && position !== 'sticky') continue;
        const rect = el.getBoundingClientRect();
        if (rect.top <= probe && rect.bottom > cover && rect.height < win.innerHeight / 2)
          cover = rect.bottom;
      }
    }
  }
  return cover;
}

/** The element that scrolls the page around `frame` (Moodle 4 scrolls a #page box, not the window). */
function scrollerOf(win: Window, frame: Element): Element | null {
  for (let el = frame.parentElement; el; el = el.parentElement) {
    if (el === win.document.body || el === win.document.documentElement) break;
    const overflow = win.getComputedStyle(el).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && el.scrollHeight > el.clientHeight)
      return el;
  }
  return null;
}

function embedder(win: Window): { parent: Window; frame: Element } | null {
  try {
    if (win.parent === win) return null;
    const frame = win.frameElement;
    if (!frame) return null;
    void win.parent.document; // throws when cross-origin
    return { parent: win.parent, frame };
  } catch {
    return null;
  }
}

/**
 * Scrolls the embedding pages (same-origin ones) so that `el` — in this window's viewport — is in
 * view below their fixed bars: its top first when it is taller than the space.
 */
export function revealInEmbedders(el: Element, win: Window = window): void {
  try {
    const rect = el.getBoundingClientRect();
    let top = Math.max(rect.top, 0);
    let bottom = Math.min(rect.bottom, win.innerHeight);
    for (let w = win, depth = 0; depth < 20; depth++) {
      const up = embedder(w);
      if (!up) return;
      const { parent, frame } = up;
      const fr = frame.getBoundingClientRect();
      const t = fr.top + frame.clientTop + top;
      const b = fr.top + frame.clientTop + bottom;
      const cover = topCover(
        parent,
        Math.min(Math.max(fr.left + fr.width / 2, 1), parent.innerWidth - 1),
        frame,
      );
      const room = parent.innerHeight - cover;
      let dy = 0;
      if (t < cover || b - t > room) dy = t - cover;
      else if (b > parent.innerHeight) dy = b - parent.innerHeight;
      if (dy) {
        const scroller = scrollerOf(parent, frame);
        if (scroller) scroller.scrollBy({ top: dy, behavior: 'instant' });
        else parent.scrollBy({ top: dy, behavior: 'instant' });
      }
      const moved = frame.getBoundingClientRect().top - fr.top;
      top = t + moved;
      bottom = b + moved;
      w = parent;
    }
  } catch {
    // an embedder that cannot be measured: the course still works inside its frame
  }
}

/**
 * Marks the document while it is embedded in a frame that fits in the top window, so the course's
 * own scrolling does not chain into the LMS page (CSS: html.frame-fits). Returns a cleanup.
 */
export function watchFrameFit(win: Window = window): () => void {
  if (win.top === win) return () => {};
  const update = () => {
    let topHeight = win.screen?.availHeight ?? Infinity;
    try {
      if (win.top) topHeight = win.top.innerHeight;
    } catch {
      // cross-origin top: the screen's height is the best guess
    }
    win.document.documentElement.classList.toggle('frame-fits', win.innerHeight <= topHeight);
  };
  update();
  win.addEventListener('resize', update);
  return () => win.removeEventListener('resize', update);
}
