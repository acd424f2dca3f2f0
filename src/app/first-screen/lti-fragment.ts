// The session an LMS launch hands the web app (record 0298): the launch page goes to
// `/?empresa=<slug>#sesion-lti=<token>`. The token is taken out of the address at once, before
// anything renders or a reload, a bookmark or a shared link could keep it. No imports: the static
// first screen's inline script runs it before the first paint (decision 0234).

/** The fragment's key: `#sesion-lti=<token>`. */
export const LTI_FRAGMENT = 'sesion-lti';

/** A learner session token as the server issues it (server/security/tokens.ts). */
const SESSION_TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * The token of `#sesion-lti=<token>`, or null; the fragment (even a malformed one) is removed
 * from the address with history.replaceState, the path and query (`?empresa=`) kept.
 *
 * Only our own launch pages hand a session this way: the address must have been opened from a
 * page of this origin under `/lti/` (they send their address as referrer to their own origin
 * only). A link someone else made with their own token — opened from a chat, a mail or another
 * site — would sign the worker in as that person, who would then get the worker's course and
 * «Acepto» as theirs (a login forgery): such a token is dropped.
 */
export function takeLtiToken(
  win: Pick<Window, 'location' | 'history'> & { document: Pick<Document, 'referrer'> },
): string | null {
  const hash = win.location.hash.replace(/^#/, '');
  const prefix = `${LTI_FRAGMENT}=`;
  if (!hash.startsWith(prefix)) return null;
  let token: string | null = null;
  try {
    token = decodeURIComponent(hash.slice(prefix.length));
  } catch {
    token = null;
  }
  win.history.replaceState(win.history.state, '', win.location.pathname + win.location.search);
  const fromLaunch = win.document.referrer.startsWith(`${win.location.origin}/lti/`);
  return fromLaunch && token !== null && SESSION_TOKEN.test(token) ? token : null;
}
