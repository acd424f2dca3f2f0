// Signing out on a shared phone or site-office computer (issue 17; decision record 0141): the
// next learner must find nothing of the previous one, and nobody may lose progress the server
// has not received yet. The precached course stays (it is the same for everyone).
import { sharedClient } from './auth.ts';
import type { ApiClient } from './api-client.ts';
import { hasPending, safeClear } from './storage.ts';

/** 'signed-out': local data cleared, off to '/'. 'pending': refused, progress not sent yet. */
export type SignOutResult = 'signed-out' | 'pending';

export interface SignOutOptions {
  api?: ApiClient;
  /** Sends the pending progress now (the tracking adapter's sync); awaited before deciding. */
  sync?: () => Promise<void>;
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
  if (hasPending(api.store)) {
    try {
      await options.sync?.();
    } catch {
      // A failed send leaves the queue in place: checked below.
    }
    if (hasPending(api.store)) return 'pending';
  }
  try {
    await api.post('logout', new FormData(), { handleErrors: false });
  } catch {
    // Offline, the server failing, or the session already refused: nothing is pending, so the
    // session ends here; the server's token expires on its own.
  }
  safeClear(api.store);
  api.navigate('/');
  return 'signed-out';
}
