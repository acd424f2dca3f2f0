// Signing out on a shared phone or site-office computer (decision record 0141): the
// next learner must find nothing of the previous one, and nobody may lose progress the server
// has not received yet. The precached course stays (it is the same for everyone).
import { sharedClient } from './auth.ts';
import type { ApiClient } from './api-client.ts';
import { hasPending, safeClear } from './storage.ts';

/**
 * The longest the sign-out waits on the network (a weak signal can hold a request for minutes):
 * past it, pending progress counts as not sent, and a logout call as not answered.
 */
export const SIGN_OUT_WAIT_MS = 8_000;

const within = <T>(work: Promise<T>, ms: number) =>
  Promise.race([work, new Promise<void>((resolve) => setTimeout(resolve, ms))]);

/** 'signed-out': local data cleared, off to '/'. 'pending': refused, progress not sent yet. */
export type SignOutResult = 'signed-out' | 'pending';

export interface SignOutOptions {
  api?: ApiClient;
  /** Sends the pending progress now (the tracking adapter's sync); awaited before deciding. */
  sync?: () => Promise<void>;
  /** Default SIGN_OUT_WAIT_MS. */
  waitMs?: number;
}

/**
 * Sends anything pending first; if some of it is still not accepted (offline, server down) the
 * sign-out is refused and nothing is cleared. Otherwise the server is told (POST logout) when it
 * can be reached — when it cannot, the session ends on this device anyway, since nothing of the
 * learner's would be lost — and the learner's data leaves this browser: token, user (with their
 * certificate's address), progress cache and reasons.
 */
export async function signOut(options: SignOutOptions = {}): Promise<SignOutResult> {
  const api = options.api ?? sharedClient();
  const waitMs = options.waitMs ?? SIGN_OUT_WAIT_MS;
  if (hasPending(api.store)) {
    try {
      if (options.sync) await within(options.sync(), waitMs);
    } catch {
      // A failed send leaves the queue in place: checked below.
    }
    if (hasPending(api.store)) return 'pending';
  }
  try {
    const signal =
      typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(waitMs) : undefined;
    await api.post('logout', new FormData(), { handleErrors: false, signal });
  } catch {
    // Offline, the server failing, or the session already refused: nothing is pending, so the
    // session ends here; the server's token expires on its own.
  }
  safeClear(api.store);
  api.navigate('/');
  return 'signed-out';
}
