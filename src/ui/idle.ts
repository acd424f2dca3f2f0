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

/** Runs `fn` when the browser is idle, or after `timeoutMs` at the latest. */
export function whenIdle(fn: () => void, timeoutMs = 1500): void {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(() => fn(), { timeout: timeoutMs });
  else window.setTimeout(fn, Math.min(timeoutMs, 200));
}

/** Warms the HTTP cache with the illustrations a screen shows (all `img` fields, any depth). */
export function prefetchImages(screen: unknown, assetBase: string): void {
  prefetchImageFiles(screenImages(screen), assetBase);
}

/** Warms the HTTP cache with these illustrations (paths under `assetBase`). */
export function prefetchImageFiles(files: readonly string[], assetBase: string): void {
  for (const src of files) {
    const img = new Image();
    img.decoding = 'async';
    // Held until it has arrived: an Image nobody references may be collected and its request
    // dropped, and the screen then asked for it again on the learner's tap (record 0248).
    inFlight.add(img);
    const done = () => inFlight.delete(img);
    img.onload = done;
    img.onerror = done;
    img.src = assetBase + src;
  }
}

const inFlight = new Set<HTMLImageElement>();
