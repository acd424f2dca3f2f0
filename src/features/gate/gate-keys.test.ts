// The gate page's keys per company (record 0288): at a company's address the page asks
// `gate-keys?empresa=<slug>`, names the company the server names, and keeps each company's keys
// apart on the phone — offline, the keys of the address it is opened at, never another's.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadGateKeys } from './gate-keys.ts';

const RING = {
  beta: {
    algorithm: 'Ed25519',
    keys: { b0000001: 'Bkey' },
    company: { name: 'Constructora Beta', slug: 'beta' },
  },
  first: {
    algorithm: 'Ed25519',
    keys: { a0000001: 'Akey' },
    company: { name: 'Andina', slug: 'empresa-1' },
  },
};

let signal = true;
const asked: string[] = [];

beforeEach(() => {
  const kept = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => kept.get(k) ?? null,
    setItem: (k: string, v: string) => void kept.set(k, v),
  });
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    if (!signal) throw new TypeError('Failed to fetch');
    const body = url.endsWith('?empresa=beta') ? RING.beta : RING.first;
    return new Response(JSON.stringify(body), { status: 200 });
  });
  signal = true;
  asked.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe('the gate page’s keys per company', () => {
  it('asks the address’s company and names it', async () => {
    expect(await loadGateKeys('/api/v1', 'beta')).toEqual({
      keys: { b0000001: 'Bkey' },
      company: 'Constructora Beta',
    });
    expect(asked).toEqual(['/api/v1/gate-keys?empresa=beta']);
  });

  it('the plain address asks as before and names no company', async () => {
    expect(await loadGateKeys('/api/v1')).toEqual({ keys: { a0000001: 'Akey' }, company: null });
    expect(asked).toEqual(['/api/v1/gate-keys']);
  });

  it('offline, each address has its own keys: two companies on one phone never mix', async () => {
    await loadGateKeys('/api/v1', 'beta');
    await loadGateKeys('/api/v1');
    signal = false;
    expect(await loadGateKeys('/api/v1', 'beta')).toEqual({
      keys: { b0000001: 'Bkey' },
      company: 'Constructora Beta',
    });
    expect(await loadGateKeys('/api/v1')).toEqual({ keys: { a0000001: 'Akey' }, company: null });
    expect(await loadGateKeys('/api/v1', 'gamma')).toBeNull();
  });
});
