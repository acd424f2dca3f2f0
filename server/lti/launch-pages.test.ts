// The launch pages' two scripts (record 0295), run against a small stand-in for the browser:
// the login page keeps the state and goes on to the platform whatever the storage does; the
// launch page says whether this browser kept the state, trades the ticket and opens the app
// with the session in the fragment, or shows why not.
import { describe, expect, it } from 'vitest';
import { LAUNCH_SCRIPT, launchPage, LOGIN_SCRIPT, loginPage } from './launch-pages.ts';
import { LAUNCH } from './strings.ts';

class Store {
  readonly items = new Map<string, string>();
  constructor(private readonly broken = false) {}
  private check() {
    if (this.broken) throw new Error('SecurityError');
  }
  setItem(k: string, v: string) {
    this.check();
    this.items.set(k, v);
  }
  getItem(k: string) {
    this.check();
    return this.items.get(k) ?? null;
  }
  removeItem(k: string) {
    this.check();
    this.items.delete(k);
  }
}

/** Runs `script` on the page `html` (its data attributes), with these storages and fetch. */
async function run(
  script: string,
  html: string,
  stores: { session: Store; local: Store },
  fetchAnswer?: { status: number; body: unknown },
) {
  const attrs = new Map<string, string>();
  for (const m of html.matchAll(/data-([a-z]+)="([^"]*)"/g))
    attrs.set(m[1]!, m[2]!.replace(/&amp;/g, '&'));
  const element = { getAttribute: (name: string) => attrs.get(name.replace(/^data-/, '')) ?? null };
  const message = { textContent: '' };
  const sent: { url: string; body: Record<string, string> }[] = [];
  let went: string | null = null;
  const window = {
    get sessionStorage() {
      return stores.session;
    },
    get localStorage() {
      return stores.local;
    },
    location: { replace: (url: string) => (went = url) },
  };
  const document = {
    getElementById: (id: string) =>
      id === 'lti-message' ? message : id === 'lti-login' || id === 'lti-launch' ? element : null,
  };
  let settled: Promise<unknown> = Promise.resolve();
  const fetch = (url: string, init: { body: string }) => {
    sent.push({ url, body: JSON.parse(init.body) });
    const answer = fetchAnswer!;
    settled = Promise.resolve({
      ok: answer.status < 300,
      json: async () => answer.body,
    });
    return settled;
  };
  new Function('window', 'document', 'fetch', script)(window, document, fetch);
  // Let the promise chain run.
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await settled;
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return { went, sent, message: message.textContent };
}

const STATE = 'e'.repeat(43);
const login = loginPage(STATE, 'https://lms.example.co/auth?state=1&nonce=2');
const launch = launchPage({
  ticket: 't'.repeat(43),
  state: STATE,
  api: '/api/v1/lti/session',
  app: '/?empresa=andina',
});

describe('the login page script', () => {
  it('keeps the state in sessionStorage and goes to the platform', async () => {
    const stores = { session: new Store(), local: new Store() };
    const { went } = await run(LOGIN_SCRIPT, login, stores);
    expect(stores.session.items.get(`lti-state:${STATE}`)).toBe(STATE);
    expect(went).toBe('https://lms.example.co/auth?state=1&nonce=2');
  });

  it('falls back to localStorage, and goes on when both refuse', async () => {
    const local = new Store();
    await run(LOGIN_SCRIPT, login, { session: new Store(true), local });
    expect(local.items.get(`lti-state:${STATE}`)).toBe(STATE);
    const none = await run(LOGIN_SCRIPT, login, {
      session: new Store(true),
      local: new Store(true),
    });
    expect(none.went).toBe('https://lms.example.co/auth?state=1&nonce=2');
  });
});

describe('the launch page script', () => {
  it('trades the ticket with the state it kept and opens the app with the session', async () => {
    const session = new Store();
    session.setItem(`lti-state:${STATE}`, STATE);
    const { went, sent } = await run(
      LAUNCH_SCRIPT,
      launch,
      { session, local: new Store() },
      { status: 200, body: { success: true, token: 'abc/def', user: {} } },
    );
    expect(sent).toEqual([
      {
        url: '/api/v1/lti/session',
        body: { ticket: 't'.repeat(43), state: STATE, almacen: 'navegador' },
      },
    ]);
    expect(went).toBe('/?empresa=andina#sesion-lti=abc%2Fdef');
    expect(session.items.size).toBe(0);
  });

  it('says when this browser kept nothing, and shows the refusal', async () => {
    const { went, sent, message } = await run(
      LAUNCH_SCRIPT,
      launch,
      { session: new Store(true), local: new Store(true) },
      { status: 403, body: { success: false, message: LAUNCH.stateNotHeld } },
    );
    expect(sent[0]!.body.almacen).toBe('ninguno');
    expect(went).toBeNull();
    expect(message).toBe(LAUNCH.stateNotHeld);
  });
});
