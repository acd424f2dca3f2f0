// The public keys the gate page checks signatures with (decision 0243): asked from the API
// (`gate-keys`, decision 0242) at every opening; the service worker answers from its cache when
// there is no signal, and the last answer is also kept in localStorage (a phone whose worker was
// not yet in control when it last had signal).
import type { GateKeys } from '../../domain/gate/verify.ts';
import { readStanding, type AnnulmentReason } from '../../domain/gate/standing.ts';

const STORAGE_KEY = 'curso-sst:gate-keys';

function stored(): GateKeys | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    return parsed && typeof parsed === 'object' ? (parsed as GateKeys) : null;
  } catch {
    return null;
  }
}

export async function loadGateKeys(apiBase: string): Promise<GateKeys | null> {
  try {
    const response = await fetch(`${apiBase.replace(/\/+$/, '')}/gate-keys`, {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(String(response.status));
    const body = (await response.json()) as { keys?: GateKeys };
    if (!body.keys || typeof body.keys !== 'object') throw new Error('no keys');
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(body.keys));
    } catch {
      // Private mode: the service worker's copy still serves.
    }
    return body.keys;
  } catch {
    return stored();
  }
}

/**
 * What the server says about the certificate now (record 0260): 'known' (it stands), 'sample'
 * (a demonstration certificate), 'annulled' with why (410), 'gone' (404: not registered here),
 * or 'unknown' (no signal, or the server could not answer).
 */
export type OnlineState =
  | { kind: 'known' }
  | { kind: 'sample' }
  | { kind: 'annulled'; reasons: AnnulmentReason[] }
  | { kind: 'gone' }
  | { kind: 'unknown' };

export async function onlineState(
  code: string,
  fetcher: typeof fetch = (...args) => fetch(...args),
): Promise<OnlineState> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { kind: 'unknown' };
  try {
    const response = await fetcher(`/verificar/${encodeURIComponent(code)}`, {
      cache: 'no-store',
      headers: { accept: 'application/json' },
    });
    if (response.status === 404) return { kind: 'gone' };
    if (response.status !== 200 && response.status !== 410) return { kind: 'unknown' };
    const standing = readStanding(await response.json().catch(() => null));
    if (response.status === 410)
      return { kind: 'annulled', reasons: standing?.state === 'annulled' ? standing.reasons : [] };
    if (standing?.state === 'sample') return { kind: 'sample' };
    // A 200 from a server that answers the page only (older build) still says «registered».
    return { kind: 'known' };
  } catch {
    return { kind: 'unknown' };
  }
}
