// The page's events the HTTP adapter listens to (decisions 0026 and 0126): the network coming
// back ('online'), the page going away ('pagehide') or out of sight ('visibilitychange').
import type { HttpTrackingSettings } from './tracking-options.ts';

export interface PageHandlers {
  /** The network is back: every queue tries again now. */
  retryNow(): void;
  /** What is pending goes now (keepalive). */
  flush(): void;
  /** This page load's visible time: counted while in sight, not while hidden. */
  session: { visible(): void; hidden(): void };
}

/** Listens to the page's events; returns what stops listening. */
export function listenToPage(
  events: HttpTrackingSettings['events'],
  visibility: HttpTrackingSettings['visibility'],
  page: PageHandlers,
): () => void {
  const onOnline = () => page.retryNow();
  // The page is going away or out of sight: what is pending goes now (keepalive), and hidden
  // time stops counting.
  const onPageHide = () => page.flush();
  const onVisibility = () => {
    if (!visibility) return;
    if (visibility.visibilityState === 'visible') return page.session.visible();
    page.session.hidden();
    page.flush();
  };
  events?.addEventListener('online', onOnline);
  events?.addEventListener('pagehide', onPageHide);
  visibility?.addEventListener('visibilitychange', onVisibility);
  return () => {
    events?.removeEventListener('online', onOnline);
    events?.removeEventListener('pagehide', onPageHide);
    visibility?.removeEventListener('visibilitychange', onVisibility);
  };
}
