// The web build's static first screen on a weak link (decision 0234): the sign-in form, the
// invitation form and the data notice are plain HTML in index.html (scripts/vite-html-plugin.ts),
// and this script, inlined into the page and run before its first paint, makes them answer at
// once — long before the app's JavaScript arrives. It picks the screen for the address, takes an
// invitation's token out of the address (0210), sends the sign-in POST itself, keeps the answer
// for the app (`HANDOFF`) and shows the data notice when the learner has yet to accept it, whose
// «Acepto» it sends too (record 0275). The app
// (src/app/first-screen/take-over.ts) then stores the session the way sign-in stores it and
// carries on; it also finishes a click on «Acepto» or «Salir» made before it arrived. An LMS
// launch's `#sesion-lti=<token>` (record 0298) is taken out of the address here too, for the app.
// No imports: everything it needs is in the page (texts in #first-screen-texts).
import {
  FIRST_SCREEN_GLOBAL,
  HANDOFF,
  INVITATION,
  INVITATION_TOKEN,
  type FirstScreenState,
  type FirstScreenTexts,
  type Handoff,
} from './shared.ts';
import { takeLtiToken } from './lti-fragment.ts';

type Mode = 'sign-in' | 'link' | 'code';

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T | null;
const show = (id: string, on: boolean) => {
  const el = byId(id);
  if (el) el.hidden = !on;
};

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}
const read = (s: Storage | null, key: string) => {
  try {
    return s?.getItem(key) ?? null;
  } catch {
    return null;
  }
};
const write = (s: Storage | null, key: string, value: string | null) => {
  try {
    if (value === null) s?.removeItem(key);
    else s?.setItem(key, value);
  } catch {
    // Private mode: the app still gets the answer from memory (state.handoff).
  }
};

const local = storage('localStorage');
const session = storage('sessionStorage');
const textsEl = byId('first-screen-texts');
const texts = (textsEl ? JSON.parse(textsEl.textContent || '{}') : {}) as FirstScreenTexts;
const state: FirstScreenState = { request: null, handoff: null, mode: null };
(window as unknown as Record<string, FirstScreenState>)[FIRST_SCREEN_GLOBAL] = state;

/** The token of '/entrar#<token>', out of the address at once (as the app does, 0210). */
function takeToken(): string | null {
  const hash = window.location.hash.replace(/^#/, '');
  let token = INVITATION_TOKEN.test(hash) ? hash : null;
  if (token) write(session, INVITATION, token);
  else if (hash) write(session, INVITATION, null);
  else token = read(session, INVITATION);
  if (window.location.hash) window.history.replaceState(null, '', window.location.pathname);
  return token;
}

function pickMode(): { mode: Mode | null; token: string | null } {
  // Launched from an LMS (record 0298): its session, out of the address at once, is the app's.
  state.ltiToken = takeLtiToken(window);
  if (state.ltiToken) return { mode: null, token: null };
  // Signed in already, or an answer waiting for the app: the app's first screen, not a form.
  if (read(local, 'token') || read(local, HANDOFF)) return { mode: null, token: null };
  const path = window.location.pathname.replace(/\/+$/, '') || '/';
  if (path === '/entrar') {
    const token = takeToken();
    return { mode: token ? 'link' : 'code', token };
  }
  // With reCAPTCHA the sign-in needs Google's script: the app's own form handles it.
  if ((path === '/' || path === '/auth/login') && !texts.recaptcha)
    return { mode: 'sign-in', token: null };
  return { mode: null, token: null };
}

function showLoading() {
  show('first-screen-form', false);
  show('first-screen-notice', false);
  show('first-screen-loading', true);
}

function xsrf(): string | null {
  const match = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie);
  return match ? decodeURIComponent(match[1]!) : null;
}

function messageFor(status: number, body: unknown, mode: Mode): string {
  const server = (body as { message?: unknown } | null)?.message;
  const said = typeof server === 'string' && server ? server : null;
  if (status === 0) return texts.network;
  if (status === 419) return texts.expired;
  if (status === 401 && mode === 'sign-in') return texts.wrongCredentials;
  if ([401, 403, 410, 429, 400, 422].includes(status) && said) return said;
  return status === 401 ? texts.wrongCredentials : texts.server;
}

/** The invitation forms (link and code) reuse the sign-in card with their own words. */
function relabelForInvitation(mode: Mode, idInput: HTMLInputElement, button: HTMLButtonElement) {
  const title = byId('first-screen-title');
  const intro = byId('first-screen-intro');
  const idLabel = byId('first-screen-document-label');
  const idHint = byId('first-screen-document-hint');
  if (title) title.textContent = mode === 'link' ? texts.linkTitle : texts.codeTitle;
  if (intro) {
    intro.textContent = mode === 'link' ? texts.linkIntro : texts.codeIntro;
    intro.hidden = false;
  }
  if (idLabel) idLabel.textContent = texts.documentLabel;
  if (idHint) idHint.textContent = texts.documentHint;
  idInput.inputMode = 'numeric';
  button.textContent = texts.invitationSubmit;
  show('first-screen-password-field', false);
  show('first-screen-code-field', mode === 'code');
  show('first-screen-to-password', true);
  show('first-screen-to-code', mode === 'link');
}

/** The field the mode still needs, with the text that asks for it; null when all are there. */
function missingField(
  mode: Mode,
  identifier: string,
  idInput: HTMLInputElement,
  password: HTMLInputElement,
  code: HTMLInputElement,
): { input: HTMLInputElement; text: string } | null {
  return !identifier
    ? {
        input: idInput,
        text: mode === 'sign-in' ? texts.identifierRequired : texts.documentRequired,
      }
    : mode === 'sign-in' && !password.value
      ? { input: password, text: texts.passwordRequired }
      : mode === 'code' && !code.value.trim()
        ? { input: code, text: texts.codeRequired }
        : null;
}

/** The POST the app would send (`auth/login` or `auth/invitation`); status 0: no network. */
function post(
  mode: Mode,
  body: Record<string, unknown>,
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
  };
  const x = xsrf();
  if (x) headers['X-XSRF-TOKEN'] = x;
  const endpoint = mode === 'sign-in' ? 'auth/login' : 'auth/invitation';
  return fetch(`${texts.apiBase}/${endpoint}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers,
    body: JSON.stringify(body),
  })
    .then(async (response) => ({
      status: response.status,
      body: (await response.json().catch(() => null)) as unknown,
    }))
    .catch(() => ({ status: 0, body: null as unknown }));
}

/** Keeps the session for the app (`HANDOFF`), then the data notice or the loading text. */
function handOff(mode: Mode, answer: Handoff['response']) {
  const handoff: Handoff = {
    kind: mode === 'sign-in' ? 'login' : 'invitacion',
    response: answer,
    choice: null,
  };
  state.handoff = handoff;
  write(local, HANDOFF, JSON.stringify(handoff));
  // The notice on this page is the build's company's; another company's is the app's (0291).
  const other = answer.user.company_config && answer.user.company_config !== texts.companyConfig;
  if (answer.user.dataNoticeAcceptedAt === null && !other) showNotice(handoff);
  else showLoading();
}

function start() {
  const { mode, token } = pickMode();
  state.mode = mode;
  const form = byId<HTMLFormElement>('first-screen-form-card');
  if (!mode || !form) {
    showLoading();
    return;
  }
  const idInput = byId<HTMLInputElement>('first-screen-document');
  const password = byId<HTMLInputElement>('first-screen-password');
  const code = byId<HTMLInputElement>('first-screen-code');
  const button = byId<HTMLButtonElement>('first-screen-submit');
  const message = byId('first-screen-message');
  if (!idInput || !password || !code || !button || !message) return;
  if (mode !== 'sign-in') relabelForInvitation(mode, idInput, button);
  const idle = mode === 'sign-in' ? texts.signInSubmit : texts.invitationSubmit;
  const busy = mode === 'sign-in' ? texts.signInSubmitting : texts.invitationSubmitting;
  const say = (text: string) => {
    message.textContent = '';
    if (!text) return;
    const p = document.createElement('p');
    p.className = 'login-error';
    p.textContent = text;
    message.appendChild(p);
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (state.request) return;
    // The app is rendering its own form, with what was typed here: its form sends this tap.
    if (state.closed) {
      state.tappedAfterClose = true;
      button.disabled = true;
      button.textContent = busy;
      return;
    }
    const identifier = idInput.value.trim();
    const missing = missingField(mode, identifier, idInput, password, code);
    if (missing) {
      say(missing.text);
      missing.input.focus();
      return;
    }
    say('');
    button.disabled = true;
    button.textContent = busy;
    form.setAttribute('aria-busy', 'true');
    const body =
      mode === 'sign-in'
        ? identifier.includes('@')
          ? { email: identifier, password: password.value }
          : { document: identifier, password: password.value }
        : mode === 'link'
          ? { document: identifier, token }
          : { document: identifier, code: code.value };
    state.request = post(mode, body).then(({ status, body }) => {
      const answer = body as Handoff['response'] | null;
      if (status >= 200 && status < 300 && answer?.token && answer.user) handOff(mode, answer);
      else {
        say(messageFor(status, body, mode));
        button.disabled = false;
        button.textContent = idle;
        form.removeAttribute('aria-busy');
        state.request = null;
      }
    });
  });
}

/**
 * «Acepto» sent by this script (record 0275): POST accept-data-notice with the session just
 * opened, as the app would send it. Its answer is the user, kept in the handoff for the app; on
 * any failure the handoff keeps only the choice and the app records it.
 */
function acceptHere(handoff: Handoff): Promise<Handoff['response']['user'] | null> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    Authorization: handoff.response.token,
  };
  const x = xsrf();
  if (x) headers['X-XSRF-TOKEN'] = x;
  return fetch(`${texts.apiBase}/accept-data-notice`, {
    method: 'POST',
    credentials: 'same-origin',
    headers,
    body: JSON.stringify({ noticeVersion: texts.noticeVersion.slice(0, 64) }),
  })
    .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
    .catch(() => null)
    .then((body) => {
      const user = (body as { user?: Handoff['response']['user'] } | null)?.user;
      const recorded = user && user.dataNoticeAcceptedAt ? user : null;
      if (recorded) {
        handoff.response = { ...handoff.response, user: recorded };
        handoff.accepted = true;
      }
      state.accepting = null;
      // The app has rendered meanwhile and took this answer from the promise (record 0280).
      if (state.closed) {
        write(local, HANDOFF, null);
        return recorded;
      }
      state.handoff = handoff;
      write(local, HANDOFF, JSON.stringify(handoff));
      return recorded;
    });
}

/** The data notice, answered at once: «Acepto» is sent from here, «Salir» left to the app. */
function showNotice(handoff: Handoff) {
  show('first-screen-form', false);
  show('first-screen-notice', true);
  const accept = byId<HTMLButtonElement>('first-screen-accept');
  const leave = byId<HTMLButtonElement>('first-screen-leave');
  byId('first-screen-notice-title')?.focus();
  const choose = (choice: 'accept' | 'leave') => {
    if (handoff.choice || state.closed) return;
    handoff.choice = choice;
    // Again for the app, which may have stored the session already: it carries out the choice.
    state.handoff = handoff;
    write(local, HANDOFF, JSON.stringify(handoff));
    if (accept) accept.disabled = true;
    if (leave) leave.disabled = true;
    if (choice === 'accept' && accept) accept.textContent = texts.accepting;
    byId('first-screen-notice-card')?.setAttribute('aria-busy', 'true');
    // Recorded now, while the app may still be arriving: the course starts from this answer.
    if (choice === 'accept' && texts.noticeVersion) state.accepting = acceptHere(handoff);
  };
  accept?.addEventListener('click', () => choose('accept'));
  leave?.addEventListener('click', () => choose('leave'));
}

start();
