// The sticky header's height, published as `--shell-header-h` on the document's root, so what
// must stay in view below the header can say so in CSS: scroll-padding-top (focus and
// scrollIntoView never leave a control under the header) and the drag-answer's drop zone, which
// sticks below it (docs/decisions/0096-drag-answer-input.md). It follows the header's size
// (a title wrapping, the window turning).
import { useLayoutEffect, type RefObject } from 'react';

const HEADER_HEIGHT_VAR = '--shell-header-h';

export function useHeaderHeight(header: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const el = header.current;
    if (!el) return;
    const root = document.documentElement;
    // A header that does not stick (little height: decision 0226) keeps nothing from view.
    const publish = () =>
      root.style.setProperty(
        HEADER_HEIGHT_VAR,
        getComputedStyle(el).position === 'sticky' ? `${el.offsetHeight}px` : '0px',
      );
    publish();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(publish) : null;
    observer?.observe(el);
    window.addEventListener('resize', publish);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', publish);
      root.style.removeProperty(HEADER_HEIGHT_VAR);
    };
  }, [header]);
}
