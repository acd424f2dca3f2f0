// The pages of an LTI launch (record 0295), rendered by the server in the shell of its other pages
// (routes/html-page.ts): the login page that keeps the state in the browser and goes on to the
// platform, the launch page that trades its one-time ticket for a session, the page of an LMS
// user the course does not know yet (the invitation code form), and a refusal page that names
// what went wrong. No inline script (the CSP allows scripts from our origin only): each page's
// script is a static file of its own, below.
import { escapeHtml, htmlPage } from '../routes/html-page.ts';
import { IDENTITY, LAUNCH } from './strings.ts';

export const LOGIN_SCRIPT_PATH = '/lti/iniciar.js';
export const LAUNCH_SCRIPT_PATH = '/lti/entrar.js';

/**
 * The platform's storage (LTI Client Side postMessages and postMessage Storage 0.1): `lti.put_data` / `lti.get_data` to
 * the frame `lti_storage_target` names, answered by the platform's page; `done(value)` gets the
 * answer's value, or null when none comes within two seconds. Shared by both scripts.
 */
const PLATFORM_STORAGE = `  var platformStorage = function (el, subject, key, value, done) {
    var name = el.getAttribute('data-storage-target');
    var origin = el.getAttribute('data-storage-origin');
    var target = null;
    try {
      target = name === '_parent' ? window.parent : window.parent.frames[name];
    } catch (e) {}
    if (!name || !origin || !target || target === window) return done(null);
    var id = 'curso-sst-' + Math.random().toString(36).slice(2);
    var finished = false;
    var finish = function (answer) {
      if (finished) return;
      finished = true;
      window.removeEventListener('message', listen);
      done(answer);
    };
    var listen = function (event) {
      var data = event.data;
      if (event.origin !== origin || !data || data.message_id !== id) return;
      if (data.subject !== subject + '.response' || data.error) return finish(null);
      finish(typeof data.value === 'string' ? data.value : null);
    };
    window.addEventListener('message', listen);
    var message = { subject: subject, message_id: id, key: key };
    if (value !== null) message.value = value;
    target.postMessage(message, origin);
    setTimeout(function () {
      finish(null);
    }, 2000);
  };
`;

/**
 * Keeps the state under `lti-state:<state>` in sessionStorage, else localStorage, else in the
 * platform's storage when it offers one (a browser that keeps none of them goes on: the login's
 * cookie stands in, see session.ts), then goes to the platform.
 */
export const LOGIN_SCRIPT = `(function () {
  var el = document.getElementById('lti-login');
  if (!el) return;
${PLATFORM_STORAGE}  var state = el.getAttribute('data-state');
  var key = 'lti-state:' + state;
  var names = ['sessionStorage', 'localStorage'];
  var kept = false;
  for (var i = 0; i < names.length && !kept; i++) {
    try {
      var store = window[names[i]];
      store.setItem(key, state);
      kept = store.getItem(key) === state;
    } catch (e) {}
  }
  var go = function () {
    window.location.replace(el.getAttribute('data-auth'));
  };
  if (kept) return go();
  platformStorage(el, 'lti.put_data', key, state, go);
})();
`;

/**
 * Looks for the state the login page kept, then trades the ticket (+ the state, and whether this
 * browser held it) for a session and opens the app with it in the fragment.
 */
export const LAUNCH_SCRIPT = `(function () {
  var el = document.getElementById('lti-launch');
  if (!el) return;
${PLATFORM_STORAGE}  var state = el.getAttribute('data-state');
  var key = 'lti-state:' + state;
  var held = 'ninguno';
  ['sessionStorage', 'localStorage'].forEach(function (name) {
    try {
      var store = window[name];
      if (store.getItem(key) === state) {
        held = 'navegador';
        store.removeItem(key);
      }
    } catch (e) {}
  });
  var note = document.getElementById('lti-message');
  var fail = function (text) {
    if (note) note.textContent = text || el.getAttribute('data-fail');
  };
  var trade = function () {
    fetch(el.getAttribute('data-api'), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ ticket: el.getAttribute('data-ticket'), state: state, almacen: held })
    })
      .then(function (response) {
        return response.json().then(function (body) {
          if (response.ok && body && typeof body.token === 'string')
            window.location.replace(el.getAttribute('data-app') + '#sesion-lti=' + encodeURIComponent(body.token));
          else fail(body && body.message);
        });
      })
      .catch(function () {
        fail();
      });
  };
  if (held === 'navegador') return trade();
  platformStorage(el, 'lti.get_data', key, null, function (value) {
    if (value === state) held = 'plataforma';
    trade();
  });
})();
`;

const attr = (value: string) => escapeHtml(value);

/** The platform's storage frame and the origin its messages go to (its authorization address's). */
export interface PlatformStorage {
  target: string;
  origin: string;
}

const storageAttributes = (storage: PlatformStorage | undefined) =>
  storage
    ? ` data-storage-target="${attr(storage.target)}" data-storage-origin="${attr(storage.origin)}"`
    : '';

/** The login page: stores the state, then goes on to the platform's authorization address. */
export function loginPage(state: string, authRedirect: string, storage?: PlatformStorage): string {
  return htmlPage(
    LAUNCH.loginTitle,
    `<h1>${LAUNCH.loginTitle}</h1>
<p id="lti-login" data-state="${attr(state)}" data-auth="${attr(authRedirect)}"${storageAttributes(storage)}>${LAUNCH.loginBody}</p>
<noscript><p>${LAUNCH.loginNoScript}</p><p><a href="${attr(authRedirect)}">${LAUNCH.loginContinue}</a></p></noscript>
<script src="${LOGIN_SCRIPT_PATH}"></script>`,
  );
}

export interface LaunchPageData {
  ticket: string;
  state: string;
  /** Where the session request goes: `<api base>/lti/session`. */
  api: string;
  /** The web app at the company's address: `/?empresa=<slug>`. */
  app: string;
  /** The platform's storage, when the launch names one (`lti_storage_target`). */
  storage?: PlatformStorage;
}

/** The launch page: its script trades the ticket for a session and opens the app. */
export function launchPage(data: LaunchPageData): string {
  return htmlPage(
    LAUNCH.launchTitle,
    `<h1>${LAUNCH.launchTitle}</h1>
<p id="lti-launch" data-ticket="${attr(data.ticket)}" data-state="${attr(data.state)}" data-api="${attr(data.api)}" data-app="${attr(data.app)}" data-fail="${attr(LAUNCH.scriptFailed)}"${storageAttributes(data.storage)}>${LAUNCH.launchBody}</p>
<p id="lti-message" role="alert"></p>
<noscript><p>${LAUNCH.launchNoScript}</p></noscript>
<script src="${LAUNCH_SCRIPT_PATH}"></script>`,
  );
}

/** The page of an LMS user not linked to a worker yet: the invitation code, or the coordinator. */
export function linkPage(data: {
  action: string;
  ticket: string;
  state: string;
  platform: string;
  problem?: string;
  document?: string;
  /** The platform's storage frame, carried to the launch page that follows. */
  storageTarget?: string | undefined;
}): string {
  const problem = data.problem
    ? `<p class="status status-bad" role="alert"><span class="icon" aria-hidden="true">!</span><span>${escapeHtml(data.problem)}</span></p>`
    : '';
  return htmlPage(
    IDENTITY.linkTitle,
    `<h1>${IDENTITY.linkTitle}</h1>
<p>${escapeHtml(IDENTITY.linkIntro(data.platform))}</p>
${problem}
<form class="lookup" method="post" action="${attr(data.action)}">
<input type="hidden" name="ticket" value="${attr(data.ticket)}">
<input type="hidden" name="state" value="${attr(data.state)}">${data.storageTarget ? `<input type="hidden" name="lti_storage_target" value="${attr(data.storageTarget)}">` : ''}
<label for="lti-document">${IDENTITY.documentLabel}</label>
<div class="row"><input id="lti-document" name="document" autocomplete="off" inputmode="text" required value="${attr(data.document ?? '')}"></div>
<label for="lti-code">${IDENTITY.codeLabel}</label>
<div class="row"><input id="lti-code" name="code" autocomplete="one-time-code" inputmode="numeric" required>
<button type="submit">${IDENTITY.submit}</button></div>
</form>
<p>${IDENTITY.noCode}</p>`,
  );
}

/** A refused login or launch: what went wrong, in plain words, and what to do. */
export function refusalPage(reason: string): string {
  return htmlPage(
    LAUNCH.refusedTitle,
    `<div class="status status-bad"><span class="icon" aria-hidden="true">!</span><h1>${LAUNCH.refusedTitle}</h1></div>
<p id="lti-refusal">${escapeHtml(reason)}</p>
<p>${LAUNCH.refusedHint}</p>`,
  );
}
