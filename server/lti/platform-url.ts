// Where the tool may send a learner's data or a token: the addresses a platform gives, at
// registration (its login, token and key-set URLs) and in each launch (the line item's).
// Only over TLS, or to this machine, where the tests' platform and a platform on the same host
// live (record 0297).

/** An https URL, or http on this machine (tests, a platform on the same host). */
export function isPlatformUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}
