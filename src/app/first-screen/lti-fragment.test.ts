// @vitest-environment jsdom
// The LMS launch's session in the address (record 0298): taken out at once, path and query kept.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { takeLtiToken } from './lti-fragment.ts';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345-_';

/** The page the address was opened from, as the browser reports it. */
const openedFrom = (referrer: string) =>
  Object.defineProperty(document, 'referrer', { value: referrer, configurable: true });

beforeEach(() => openedFrom('http://localhost:3000/lti/acme/launch'));
afterEach(() => window.history.replaceState(null, '', '/'));

describe('takeLtiToken', () => {
  it('answers the token and leaves the address without it, ?empresa= kept', () => {
    window.history.replaceState(null, '', `/?empresa=acme#sesion-lti=${encodeURIComponent(TOKEN)}`);
    expect(takeLtiToken(window)).toBe(TOKEN);
    expect(window.location.href).toBe('http://localhost:3000/?empresa=acme');
    expect(window.location.hash).toBe('');
    // Taken once: a second read finds nothing.
    expect(takeLtiToken(window)).toBeNull();
  });

  it('removes a malformed session fragment without answering it', () => {
    window.history.replaceState(null, '', '/?empresa=acme#sesion-lti=%E0%A4%A');
    expect(takeLtiToken(window)).toBeNull();
    expect(window.location.hash).toBe('');
    window.history.replaceState(null, '', '/#sesion-lti=<script>');
    expect(takeLtiToken(window)).toBeNull();
    expect(window.location.hash).toBe('');
  });

  it('drops a session that was not handed by our launch page (a link made by someone else)', () => {
    for (const referrer of [
      '',
      'https://otro.example.co/lti/acme/launch',
      'http://localhost:3000/menu',
    ]) {
      openedFrom(referrer);
      window.history.replaceState(null, '', `/?empresa=acme#sesion-lti=${TOKEN}`);
      expect(takeLtiToken(window)).toBeNull();
      expect(window.location.hash).toBe('');
    }
  });

  it('leaves any other fragment alone', () => {
    window.history.replaceState(null, '', '/entrar#AbCdEfGhIjKlMnOpQrStUv');
    expect(takeLtiToken(window)).toBeNull();
    expect(window.location.hash).toBe('#AbCdEfGhIjKlMnOpQrStUv');
  });
});
