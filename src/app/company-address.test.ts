import { describe, expect, it } from 'vitest';
import { addressedCompany, COMPANY_COOKIE, type AddressPlace } from './company-address.ts';

/** A phone: its address, its storage and its cookies, kept between launches. */
function phone() {
  const kept = new Map<string, string>();
  const jar = { cookie: '' };
  const open = (search: string): AddressPlace => ({
    location: { search, protocol: 'https:' },
    storage: {
      getItem: (k) => kept.get(k) ?? null,
      setItem: (k, v) => void kept.set(k, v),
    },
    document: {
      get cookie() {
        return jar.cookie;
      },
      set cookie(line: string) {
        jar.cookie = line.split(';')[0]!;
      },
    },
  });
  return { open, jar };
}

describe('the company the app was opened for (record 0288)', () => {
  it('is the address’s, and stays on the phone for a later launch at the plain address', () => {
    const p = phone();
    expect(addressedCompany(p.open(''))).toBeNull();
    expect(addressedCompany(p.open('?empresa=constructora-beta'))).toBe('constructora-beta');
    // The installed app starts at '/', offline at the obra: still that company.
    expect(addressedCompany(p.open(''))).toBe('constructora-beta');
    // A form sent before the app's code runs carries it in the cookie.
    expect(p.jar.cookie).toBe(`${COMPANY_COOKIE}=constructora-beta`);
  });

  it('another company’s address replaces it', () => {
    const p = phone();
    addressedCompany(p.open('?empresa=alfa'));
    expect(addressedCompany(p.open('?empresa=beta'))).toBe('beta');
    expect(addressedCompany(p.open(''))).toBe('beta');
  });

  it('an address that is no slug is passed on for the server to refuse, not kept in the cookie', () => {
    const p = phone();
    expect(addressedCompany(p.open('?empresa=Beta!'))).toBe('Beta!');
    expect(p.jar.cookie).toBe('');
  });
});
