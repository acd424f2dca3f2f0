// The public keys the gate page checks signatures with (decision 0243): asked from the API
// (`gate-keys`, decision 0242) at every opening; the service worker answers from its cache when
// there is no signal, and the last answer is also kept in localStorage (a phone whose worker was
// not yet in control when it last had signal).
import type { GateKeys } from '../../domain/gate/verify.ts';
import { readStanding, type AnnulmentReason } from '../../domain/gate/standing.ts';

const STORAGE_KEY = 'curso-sst:gate-keys';

/**
 * What the page checks with: one company's keys, and that company's name when the page was opened
 * at its address (record 0288) — null at the plain address, as before companies had addresses.
 */
export interface GateKeyring {
  keys: GateKeys;
  company: string | null;
}

/**
 * Each company's keys are kept apart on the phone (a guard's phone that served two companies'
 * gates must not check one's QR with the other's keys): the plain address keeps its old key.
 */
const storageKey = (company: string | null) =>
  company ? `${STORAGE_KEY}:${company}` : STORAGE_KEY;

function stored(company: string | null): GateKeyring | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(company)) ?? 'null');
    if (!parsed || typeof parsed !== 'object') return null;
    // Kept by a company's address: { keys, company }; by the plain address: the keys alone.
    const ring = parsed as Partial<GateKeyring>;
    if (company)
      return ring.keys && typeof ring.keys === 'object'
        ? { keys: ring.keys, company: typeof ring.company === 'string' ? ring.company : null }
        : null;
    return { keys: parsed as GateKeys, company: null };
  } catch {
    return null;
  }
}

/**
 * The keys of the company whose address (`company`, its slug) the page was opened at, else
 * company 1's: `gate-keys?empresa=<slug>` — the service worker keeps the last answer of each
 * address apart, by its URL.
 */
export async function loadGateKeys(
  apiBase: string,
  company: string | null = null,
): Promise<GateKeyring | null> {
  const query = company ? `?empresa=${encodeURIComponent(company)}` : '';
  try {
    const response = await fetch(`${apiBase.replace(/\/+$/, '')}/gate-keys${query}`, {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(String(response.status));
    const body = (await response.json()) as { keys?: GateKeys; company?: { name?: unknown } };
    if (!body.keys || typeof body.keys !== 'object') throw new Error('no keys');
    const name = typeof body.company?.name === 'string' ? body.company.name.trim() : '';
    const ring: GateKeyring = { keys: body.keys, company: company ? name || company : null };
    try {
      localStorage.setItem(storageKey(company), JSON.stringify(company ? ring : ring.keys));
    } catch {
      // Private mode: the service worker's copy still serves.
    }
    return ring;
  } catch {
    return stored(company);
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
