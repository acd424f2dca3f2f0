// The company this app was opened for (record 0288). A company's address is any of the app's
// addresses with `?empresa=<slug>` (`/?empresa=beta`, `/entrar?empresa=beta`,
// `/porteria?empresa=beta`). The phone remembers it: opened later at the plain address — the
// installed app's start_url '/', offline at the obra — the app still knows its company. The
// sign-in by document (password or code) sends it as `empresa`, and the gate page asks that
// company's keys. A cookie mirrors it, so a sign-in the page's static form sends before this code
// has run carries it too (the server sets the same cookie when it serves the address).
// Without one: null, and the server acts for company 1, as before companies had addresses.

const STORAGE_KEY = 'curso-sst:empresa';
/** The cookie the server reads with a sign-in that names no company (server/routes/company-address.ts). */
export const COMPANY_COOKIE = 'curso-sst-empresa';
/** Migration 068's shape: lowercase letters, digits and hyphens, starting with a letter. */
const SLUG = /^[a-z](?:[a-z0-9-]{0,38}[a-z0-9])?$/;
const COOKIE_MAX_AGE_S = 400 * 24 * 3600;

export interface AddressPlace {
  location: Pick<Location, 'search' | 'protocol'>;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  document: Pick<Document, 'cookie'> | null;
}

const here = (): AddressPlace | null => {
  if (typeof window === 'undefined') return null;
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    // Private mode: the address lives in the cookie only.
  }
  return { location: window.location, storage, document };
};

function cookieValue(doc: Pick<Document, 'cookie'> | null): string | null {
  const match = new RegExp(`(?:^|;\\s*)${COMPANY_COOKIE}=([^;]*)`).exec(doc?.cookie ?? '');
  return match ? decodeURIComponent(match[1]!) : null;
}

function storedValue(storage: AddressPlace['storage']): string | null {
  try {
    return storage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/**
 * The company's slug: the address's `?empresa=` (kept on the phone from now on), else the one
 * kept, else null. A value that is no slug is passed on as typed: the server answers that it
 * names no company, rather than the app quietly signing in at company 1.
 */
export function addressedCompany(place: AddressPlace | null = here()): string | null {
  if (!place) return null;
  const given = new URLSearchParams(place.location.search).get('empresa');
  const slug = given || storedValue(place.storage) || cookieValue(place.document);
  if (!slug) return null;
  try {
    place.storage?.setItem(STORAGE_KEY, slug);
  } catch {
    // Full or private: the cookie still keeps it.
  }
  if (place.document && SLUG.test(slug))
    place.document.cookie = `${COMPANY_COOKIE}=${slug}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; SameSite=Lax${
      place.location.protocol === 'https:' ? '; Secure' : ''
    }`;
  return slug;
}
