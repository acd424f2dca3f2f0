// The course inside an LMS player frame that sits in a page that scrolls (Moodle: a 666-px frame
// 260 px down the page, under a fixed 60-px bar). When a screen changes or a dialog opens, the
// pages that embed the course are scrolled, if needed, so that what the learner must see — the
// course's header, a dialog — is in view below their fixed bars
// (docs/decisions/0161-frame-safe-layout.md). Only same-origin embedders can be reached (Moodle
// serves the package from its own origin); a cross-origin one is left as it is. And while the
// frame fits in the window, scrolling the course to its end no longer carries the LMS page with it
// (overscroll-behavior: contain), which is left off when the frame is taller than the window so
// a phone user is never trapped inside it; there the wheel past the course's end moves the LMS
// page only as far as the frame's bottom needs, so «Siguiente» and the footer can always be
// reached (record 0269).

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
 * Scrolls the embedding pages (same-origin ones) so that the band `top`…`bottom` of `win`'s
 * viewport is in view below their fixed bars: its top first when it is taller than the space.
 * With `step`, each page moves at most that far and only downwards (the wheel past the course's
 * end, record 0269).
 */
function revealBand(win: Window, top: number, bottom: number, step?: number): void {
  try {
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
      if (step === undefined) {
        if (t < cover || b - t > room) dy = t - cover;
        else if (b > parent.innerHeight) dy = b - parent.innerHeight;
      } else {
        // Down only, never the band's top under the bars (record 0161's header guarantee).
        dy = Math.max(0, Math.min(step, b - parent.innerHeight, t - cover));
      }
      if (dy) scrollPage(parent, frame, dy);
      const moved = frame.getBoundingClientRect().top - fr.top;
      top = t + moved;
      bottom = b + moved;
      w = parent;
    }
  } catch {
    // an embedder that cannot be measured: the course still works inside its frame
  }
}

function scrollPage(parent: Window, frame: Element, dy: number): void {
  const scroller = scrollerOf(parent, frame);
  if (scroller) scroller.scrollBy({ top: dy, behavior: 'instant' });
  else parent.scrollBy({ top: dy, behavior: 'instant' });
}

/**
 * Scrolls the embedding pages (same-origin ones) so that `el` — in this window's viewport — is in
 * view below their fixed bars: its top first when it is taller than the space.
 */
export function revealInEmbedders(el: Element, win: Window = window): void {
  const rect = el.getBoundingClientRect();
  revealBand(win, Math.max(rect.top, 0), Math.min(rect.bottom, win.innerHeight));
}

/**
 * The course's whole frame in view below the embedders' bars when it fits there, else its top
 * (the header): on each screen change, so «Siguiente» and the footer can be reached (record 0269).
 */
export function revealFrame(win: Window = window): void {
  revealBand(win, 0, win.innerHeight);
}

/** Whether an element between `target` and the document can still scroll by `dy` itself. */
function innerScrolls(target: EventTarget | null, dy: number, win: Window): boolean {
  const root = win.document.documentElement;
  for (
    let el = target instanceof Element ? target : null;
    el && el !== root && el !== win.document.body;
    el = el.parentElement
  ) {
    const overflow = win.getComputedStyle(el).overflowY;
    if (overflow !== 'auto' && overflow !== 'scroll') continue;
    if (dy > 0 ? el.scrollTop + el.clientHeight < el.scrollHeight - 1 : el.scrollTop > 0)
      return true;
  }
  return false;
}

/**
 * While `html.frame-fits` keeps the course's scrolling out of the LMS page (record 0161), the
 * wheel past the course's end moves the embedding pages just as far as the frame's bottom —
 * «Siguiente» and the footer — needs, never its top under their bars; past the course's top it
 * moves them up as the browser's own chaining would (record 0269). Returns a cleanup.
 */
export function chainWheelAtEnds(win: Window = window): () => void {
  if (win.top === win) return () => {};
  const onWheel = (e: WheelEvent) => {
    const doc = win.document.documentElement;
    if (!doc.classList.contains('frame-fits') || e.ctrlKey || e.deltaY === 0) return;
    const unit = e.deltaMode === 1 ? 40 : e.deltaMode === 2 ? win.innerHeight : 1;
    const dy = e.deltaY * unit;
    if (innerScrolls(e.target, dy, win)) return;
    if (dy > 0) {
      if (win.scrollY + win.innerHeight >= doc.scrollHeight - 1)
        revealBand(win, 0, win.innerHeight, dy);
    } else if (win.scrollY <= 0) {
      scrollEmbeddersUp(win, dy);
    }
  };
  win.addEventListener('wheel', onWheel, { passive: true });
  return () => win.removeEventListener('wheel', onWheel);
}

/** The nearest same-origin embedding page that can still scroll up moves by `dy` (< 0). */
function scrollEmbeddersUp(win: Window, dy: number): void {
  try {
    for (let w = win, depth = 0; depth < 20; depth++) {
      const up = embedder(w);
      if (!up) return;
      const { parent, frame } = up;
      const scroller = scrollerOf(parent, frame);
      const at = scroller ? scroller.scrollTop : parent.scrollY;
      if (at > 0) {
        scrollPage(parent, frame, Math.max(dy, -at));
        return;
      }
      w = parent;
    }
  } catch {
    // an embedder that cannot be measured: nothing moves
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
