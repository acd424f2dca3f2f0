// The acceptance's state as screens see it (records 0220, 0262): the channel's status, and
// whether the worker answered «Ahora no» during this launch. «Ahora no» is kept in memory only,
// per channel — the tracking adapter makes one channel per page load — so the next launch asks
// again, and every place that offers it (congratulations, menu, certificate screen) agrees.
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { AcceptanceChannel, AcceptanceStatus } from '../../course/course-controller.ts';

const declined = new WeakSet<AcceptanceChannel>();
const listeners = new Set<() => void>();

/** «Ahora no»: nothing more is offered on this channel until the next launch. */
export function declineForThisLaunch(channel: AcceptanceChannel): void {
  if (declined.has(channel)) return;
  declined.add(channel);
  listeners.forEach((l) => l());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export function useDeclinedThisLaunch(channel: AcceptanceChannel): boolean {
  const has = () => declined.has(channel);
  return useSyncExternalStore(subscribe, has, has);
}

export function useAcceptanceStatus(channel: AcceptanceChannel): AcceptanceStatus {
  const [status, setStatus] = useState<AcceptanceStatus>(() => channel.status());
  useEffect(() => {
    setStatus(channel.status());
    return channel.onStatus(setStatus);
  }, [channel]);
  return status;
}
