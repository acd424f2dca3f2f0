// The public keys the gate page checks signatures with (decision 0243): asked from the API
// (`gate-keys`, decision 0242) at every opening; the service worker answers from its cache when
// there is no signal, and the last answer is also kept in localStorage (a phone whose worker was
// not yet in control when it last had signal).
import type { GateKeys } from '../../domain/gate/verify.ts';

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
 * Whether the certificate is still known online: 'known', 'gone' (404: annulled or never
 * issued here), or 'unknown' (no signal, or the server could not answer).
 */
export async function onlineState(code: string): Promise<'known' | 'gone' | 'unknown'> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'unknown';
  try {
    const response = await fetch(`/verificar/${encodeURIComponent(code)}`, { cache: 'no-store' });
    if (response.status === 200) return 'known';
    if (response.status === 404) return 'gone';
    return 'unknown';
  } catch {
    return 'unknown';
  }
}
