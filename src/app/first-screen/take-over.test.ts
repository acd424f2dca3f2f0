// @vitest-environment jsdom
// The app takes over a sign-in the static first screen sent before it arrived (decision 0234).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_GLOBAL, HANDOFF, type FirstScreenState, type Handoff } from './shared.ts';
import { firstScreenPending, takeOverFirstScreen } from './take-over.ts';
import type { CourseUser } from '../../tracking/http/index.ts';

const user = { id: 7, name: 'Ana Lucía', url_certificate: null, dataNoticeAcceptedAt: null };
const handoff = (choice: Handoff['choice'] = null): Handoff => ({
  kind: 'invitacion',
  response: { success: true, token: 'tok-123', user },
  choice,
});
const state = (): FirstScreenState => {
  const s: FirstScreenState = { request: null, handoff: null, mode: 'link' };
  (window as unknown as Record<string, FirstScreenState>)[FIRST_SCREEN_GLOBAL] = s;
  return s;
};

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
  localStorage.clear();
  delete (window as unknown as Record<string, unknown>)[FIRST_SCREEN_GLOBAL];
});

describe('takeOverFirstScreen', () => {
  it('waits for the request in flight, then stores the session as sign-in stores it', async () => {
    const s = state();
    let answer!: () => void;
    s.request = new Promise<void>((resolve) => (answer = resolve));
    const taken = takeOverFirstScreen();
    // The answer arrives after the app started waiting.
    s.handoff = handoff('accept');
    localStorage.setItem(HANDOFF, JSON.stringify(handoff('accept')));
    answer();
    const result = await taken;
    expect(result).toMatchObject({ kind: 'invitacion', choice: 'accept', user: { id: 7 } });
    expect(localStorage.getItem('token')).toBe('tok-123');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ id: 7 });
    expect(localStorage.getItem('curso-sst:session-kind')).toBe('invitacion');
    expect(localStorage.getItem(HANDOFF)).toBeNull();
    expect(firstScreenPending()).toBe(false);
  });

  it('stores nothing when the static form sent nothing', async () => {
    state();
    expect(await takeOverFirstScreen()).toEqual({
      user: null,
      kind: null,
      choice: null,
      accepting: null,
    });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('does not wait for a static «Acepto» in flight: the session is stored and the answer handed over', async () => {
    const s = state();
    let answer!: (u: CourseUser | null) => void;
    s.accepting = new Promise((resolve) => (answer = resolve));
    s.handoff = handoff('accept');
    localStorage.setItem(HANDOFF, JSON.stringify(handoff('accept')));
    const result = await takeOverFirstScreen();
    expect(result).toMatchObject({ kind: 'invitacion', choice: 'accept', user: { id: 7 } });
    expect(localStorage.getItem('token')).toBe('tok-123');
    expect(firstScreenPending()).toBe(false);
    const accepted = { ...user, dataNoticeAcceptedAt: '2026-11-29T09:00:00Z' };
    answer(accepted);
    expect(await result.accepting).toEqual(accepted);
  });

  it('finds an answer kept from before a reload (the script is gone, the storage is not)', async () => {
    localStorage.setItem(HANDOFF, JSON.stringify({ ...handoff(), kind: 'login' }));
    const result = await takeOverFirstScreen();
    expect(result.kind).toBe('login');
    expect(localStorage.getItem('token')).toBe('tok-123');
    expect(localStorage.getItem('curso-sst:session-kind')).toBeNull();
  });

  describe('an LMS launch (record 0298)', () => {
    const LTI = 'lti-session-token-0123456789';
    /** The API as the app meets it: `me` answers the learner of the launch's token. */
    const meServer = () => {
      const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        if (String(input).endsWith('/csrf-cookie'))
          return new Response(null, { status: 204, headers: { 'x-xsrf-token': 'x-1' } });
        const auth = (init.headers as Record<string, string>).Authorization;
        return new Response(
          JSON.stringify(auth === LTI ? { success: true, user } : { reason: null }),
          { status: auth === LTI ? 200 : 401, headers: { 'content-type': 'application/json' } },
        );
      });
      vi.stubGlobal('fetch', fetch);
      return fetch;
    };

    it('signs in with the token the static screen took out of the address', async () => {
      meServer();
      const s = state();
      s.mode = null;
      s.ltiToken = LTI;
      const result = await takeOverFirstScreen();
      expect(result).toMatchObject({ kind: 'login', user: { id: 7, name: 'Ana Lucía' } });
      expect(localStorage.getItem('token')).toBe(LTI);
      expect(s.ltiToken).toBeNull();
    });

    it('takes the token out of the address itself when the static screen did not run', async () => {
      meServer();
      // Opened by our launch page (the only page that hands a session this way).
      Object.defineProperty(document, 'referrer', {
        value: `${window.location.origin}/lti/acme/launch`,
        configurable: true,
      });
      window.history.replaceState(null, '', `/?empresa=acme#sesion-lti=${LTI}`);
      const result = await takeOverFirstScreen();
      expect(result.user).toMatchObject({ id: 7 });
      expect(window.location.hash).toBe('');
      expect(window.location.search).toBe('?empresa=acme');
      expect(localStorage.getItem('token')).toBe(LTI);
    });
  });
});
