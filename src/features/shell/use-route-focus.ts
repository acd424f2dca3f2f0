// Every route change starts at the top of the screen with focus on the page heading
// (docs/decisions/0027-routes-page-ids-and-navigation.md). Lazily loaded screens put their heading
// in later, so the heading is awaited (briefly) with a MutationObserver.
import { useEffect, useRef } from 'react';
import { useLocation } from '../../ui/router.tsx';
import { revealFrame } from '../../ui/frame-reveal.ts';

const WAIT_FOR_HEADING_MS = 10_000;

function focusHeading(main: HTMLElement): boolean {
  const heading = main.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  window.scrollTo(0, 0);
  return true;
}

export function useRouteFocus(mainId: string) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    // The first screen keeps the browser's own start (no focus jump on load).
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    // In an LMS frame inside a scrolled page: the header back in view (decision 0161), and the
    // whole frame when it fits, its bottom (the footer) too (record 0269).
    revealFrame();
    const main = document.getElementById(mainId);
    if (!main) return;
    // The previous screen's heading may still be there for a moment: wait for a new one.
    const before = main.querySelector('h1');
    const fresh = () => {
      const h = main.querySelector('h1');
      return !!h && h !== before && focusHeading(main);
    };
    if (fresh()) return;
    const observer = new MutationObserver(() => {
      if (fresh()) stop();
    });
    const timer = window.setTimeout(() => stop(), WAIT_FOR_HEADING_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(main, { childList: true, subtree: true });
    // The same heading element may be reused (topic → topic): focus it after this render.
    const raf = window.requestAnimationFrame(() => {
      if (main.querySelector('h1') === before && before) {
        stop();
        focusHeading(main);
      }
    });
    return () => {
      stop();
      window.cancelAnimationFrame(raf);
    };
  }, [pathname, mainId]);
}
