// The learner's acceptance in the standalone app (decision 0220): «Acepto» is kept in
// localStorage first and sent to POST record-acceptance, one request at a time, retried with
// back-off and on 'online', re-sent after a reload; the server seals it on arrival and answers
// the same acceptance to a re-send. The learner sees 'pending' until the server has it.
// Self-contained: the adapter (tracking.ts) only creates it, feeds it the learner, cycle and
// session, and retries it when the network returns.
import type { AcceptanceChannel, AcceptanceStatus } from '../port.ts';
import { ApiError, type ApiClient } from './api-client.ts';
import { readJson, safeRemove, safeSet, type KeyValueStore } from './storage.ts';

export const ACCEPTANCE_KEY = 'curso-sst:pending-acceptance';
const recordedKey = (userId: string, cycle: number) =>
  `curso-sst:acceptance-recorded:${userId}:${cycle}`;

interface PendingAcceptance {
  userId: string;
  cycle: number;
  text: string;
  deviceTime: string;
  sessionId: string;
}

export interface AcceptanceQueueOptions {
  api: ApiClient;
  store: KeyValueStore;
  delays: number[];
  /** The signed-in learner, their cycle and this page load's session; null when unknown. */
  identity: () => { userId: string; cycle: number; sessionId: string } | null;
  now?: () => number;
}

export interface AcceptanceQueue extends AcceptanceChannel {
  retryNow(): void;
}

type Identity = ReturnType<AcceptanceQueueOptions['identity']>;

/** The acceptance waiting to be sent; an unreadable one counts as none. */
const readPending = (store: KeyValueStore): PendingAcceptance | null => {
  const p = readJson<PendingAcceptance>(store, ACCEPTANCE_KEY);
  return p && typeof p.userId === 'string' && typeof p.text === 'string' ? p : null;
};

/** This learner's acceptance of their cycle: waiting here, recorded by the server, or none. */
function statusOf(store: KeyValueStore, who: Identity): AcceptanceStatus {
  if (!who) return 'none';
  const p = readPending(store);
  if (p && p.userId === who.userId && p.cycle === who.cycle) return 'pending';
  return readJson(store, recordedKey(who.userId, who.cycle)) ? 'recorded' : 'none';
}

/** Sends the waiting acceptance to record-acceptance. */
const postAcceptance = (api: ApiClient, p: PendingAcceptance) =>
  api.post<{ acceptance?: { seal?: string } }>('record-acceptance', {
    cycle: p.cycle,
    text: p.text,
    deviceTime: p.deviceTime,
    sessionId: p.sessionId,
  });

export function createAcceptanceQueue(options: AcceptanceQueueOptions): AcceptanceQueue {
  const { api, store, delays } = options;
  const now = options.now ?? Date.now;
  const listeners = new Set<(s: AcceptanceStatus) => void>();
  let inFlight = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;

  const status = () => statusOf(store, options.identity());
  const notify = () => {
    const s = status();
    listeners.forEach((l) => l(s));
  };

  const send = () => {
    const p = readPending(store);
    if (!p || inFlight) return;
    if (timer) clearTimeout(timer);
    timer = null;
    inFlight = true;
    postAcceptance(api, p)
      .then(
        (response) => {
          attempt = 0;
          const recorded = JSON.stringify(response?.acceptance ?? {});
          safeSet(store, recordedKey(p.userId, p.cycle), recorded);
          safeRemove(store, ACCEPTANCE_KEY);
        },
        (error: unknown) => {
          const code = error instanceof ApiError ? error.status : 0;
          // Refused for good (another cycle, bad data): dropped; the learner may accept again.
          if (code === 409 || code === 400 || code === 422) safeRemove(store, ACCEPTANCE_KEY);
          // Signed out: kept for this learner, sent after they sign in again.
          else if (code !== 401 && code !== 403) {
            timer = setTimeout(send, delays[Math.min(attempt++, delays.length - 1)]);
          }
        },
      )
      .finally(() => {
        inFlight = false;
        notify();
      });
  };

  return {
    accept(text) {
      const who = options.identity();
      if (!who || status() !== 'none') return;
      const item: PendingAcceptance = {
        ...who,
        text,
        deviceTime: new Date(now()).toISOString(),
      };
      safeSet(store, ACCEPTANCE_KEY, JSON.stringify(item));
      notify();
      send();
    },
    status,
    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    retryNow() {
      attempt = 0;
      send();
    },
  };
}
