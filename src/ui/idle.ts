// Scheduling helpers for work that must never delay a paint: after the next frame, when idle
// (docs/decisions/0098-no-screen-waits-on-the-network.md). Kept apart from prefetch.ts, whose
// dynamic imports of the screen chunks must stay in the entry chunk only.
import { screenImages } from '../domain/content/outline.ts';

/** Runs `fn` after the next frame has been painted (a requestAnimationFrame pair). */
export function afterPaint(fn: () => void): () => void {
  let second = 0;
  const first = requestAnimationFrame(() => {
    second = requestAnimationFrame(() => fn());
  });
  return () => {
    cancelAnimationFrame(first);
    cancelAnimationFrame(second);
  };
}

/**
 * Runs `fn` once the page's load event has fired (everything its HTML asked for has arrived and
 * its scripts have run) and the frame after it has been painted: work started here never
 * competes with the first screen for the link or the paint (record 0276).
 */
export function afterLoad(fn: () => void): void {
  if (document.readyState === 'complete') afterPaint(fn);
  else window.addEventListener('load', () => afterPaint(fn), { once: true });
}

/** Runs `fn` when the browser is idle, or after `timeoutMs` at the latest. */
export function whenIdle(fn: () => void, timeoutMs = 1500): void {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(() => fn(), { timeout: timeoutMs });
  else window.setTimeout(fn, Math.min(timeoutMs, 200));
}

/** Fetches the illustrations a screen shows (all `img` fields, any depth) ahead of it. */
export function prefetchImages(screen: unknown, assetBase: string): void {
  prefetchImageFiles(screenImages(screen), assetBase);
}

/**
 * How many prefetched images stay held after they arrive: the next screen's few, and the next
 * module's first. An LMS that serves its files uncacheable (or only with revalidation) leaves
 * the page's memory cache as the only copy, and the browser may drop an image nobody holds.
 */
export const HELD_IMAGES = 8;

/** Fetches these illustrations (paths under `assetBase`) and holds them (record 0248). */
export function prefetchImageFiles(files: readonly string[], assetBase: string): void {
  for (const src of files) {
    const url = assetBase + src;
    // Held from the request on: an Image nobody references may be collected and its request
    // dropped, or dropped from the memory cache once it has arrived, and the screen then asked
    // the network again on the learner's tap (record 0248). The oldest goes when too many are.
    const already = held.get(url);
    if (already) {
      // Asked again: it becomes the newest, so it is the last to go.
      held.delete(url);
      held.set(url, already);
      continue;
    }
    const img = new Image();
    img.decoding = 'async';
    img.onerror = () => held.delete(url);
    img.src = url;
    held.set(url, img);
    for (const oldest of held.keys()) {
      if (held.size <= HELD_IMAGES) break;
      held.delete(oldest);
    }
  }
}

/** The prefetched images held, in the order they were last asked for (oldest first). */
export const heldImages = (): string[] => [...held.keys()];

const held = new Map<string, HTMLImageElement>();
