// The options of the HTTP tracking adapter (tracking.ts) and their defaults: the shared API
// client, the browser's window and document for the page's events, the clock, the retry delays.
import type { Snapshot } from '../port.ts';
import type { CourseShape } from '../../domain/progress/engine.ts';
import { createApiClient, type ApiClient } from './api-client.ts';
import { DEFAULT_RETRY_DELAYS } from './retry.ts';
import type { CourseUser } from './types.ts';

export interface HttpTrackingOptions {
  api?: ApiClient;
  /** Topic counts, to read the stored route strings. Without it every readable index is kept. */
  shape?: CourseShape;
  /** Called with the user the server returned after each accepted update. */
  onUser?: (user: CourseUser) => void;
  /** Retry delays after network failures, ms (the last one repeats). */
  retryDelays?: number[];
  /** Where to listen for 'online' and 'pagehide' (window by default). */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
  /** Whose visibility counts as time spent (document by default). */
  visibility?: Pick<
    Document,
    'visibilityState' | 'addEventListener' | 'removeEventListener'
  > | null;
  /** The course's content version, sent with each first answer (src/domain/content). */
  contentVersion?: string;
  /**
   * How a first answer names an option when the quiz gave no text, from its 1-based number (the
   * app gives `es.quiz.optionNumber`, «Opción 2»; the bare number by default: no text here).
   */
  optionLabel?: (n: number) => string;
  /**
   * The server started a new induction cycle for this learner (409 stale-cycle): what was queued
   * for the old one is gone; the snapshot is the new cycle's (a fresh course).
   */
  onCycleChange?: (snapshot: Snapshot) => void;
  /** Clock, ms (Date.now by default). */
  now?: () => number;
  /** Session ids (a UUID by default). */
  newSessionId?: () => string;
}

/** The options with every default filled in (the callbacks and `shape` stay optional). */
export function withDefaults(options: HttpTrackingOptions) {
  const api = options.api ?? createApiClient();
  return {
    ...options,
    api,
    store: api.store,
    delays: options.retryDelays?.length ? options.retryDelays : DEFAULT_RETRY_DELAYS,
    events:
      options.events === undefined
        ? typeof window !== 'undefined'
          ? window
          : null
        : options.events,
    visibility:
      options.visibility === undefined
        ? typeof document !== 'undefined'
          ? document
          : null
        : options.visibility,
    now: options.now ?? Date.now,
    contentVersion: options.contentVersion || 'desconocida',
    optionLabel: options.optionLabel ?? String,
  };
}

export type HttpTrackingSettings = ReturnType<typeof withDefaults>;
