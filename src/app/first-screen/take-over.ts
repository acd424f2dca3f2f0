// The app takes over the static first screen (decision 0234): a sign-in the inline script sent
// before the app arrived is awaited and stored the way sign-in stores it; a tap on the static
// data notice is carried out; what was typed in the static form is handed to the app's form.
import { adoptLtiSession, adoptSession, type CourseUser } from '../../tracking/http/index.ts';
import { takeLtiToken } from './lti-fragment.ts';
import { FIRST_SCREEN_GLOBAL, HANDOFF, type FirstScreenState, type Handoff } from './shared.ts';

export interface TakenOver {
  /** The session the static form opened, when it did. */
  user: CourseUser | null;
  kind: Handoff['kind'] | null;
  /** A tap on the static data notice, for the app to carry out. */
  choice: Handoff['choice'];
  /**
   * «Acepto» sent by the static notice and not answered yet (record 0280): the user it was
   * recorded for, or null when it was not. The app does not wait for it before rendering.
   */
  accepting: Promise<CourseUser | null> | null;
}

function readHandoff(state: FirstScreenState | undefined): Handoff | null {
  try {
    const raw = window.localStorage.getItem(HANDOFF);
    window.localStorage.removeItem(HANDOFF);
    if (raw) return JSON.parse(raw) as Handoff;
  } catch {
    // Private mode: the script kept it in memory.
  }
  return state?.handoff ?? null;
}

const valueOf = (id: string) =>
  (document.getElementById(id) as HTMLInputElement | null)?.value ?? '';

/**
 * What the learner has typed in the static form: read when the app's own form first renders,
 * while the static one is still on the page.
 */
export const typedInFirstScreen = () => ({
  document: valueOf('first-screen-document'),
  password: valueOf('first-screen-password'),
  code: valueOf('first-screen-code'),
});

const firstScreenState = () =>
  (window as unknown as Record<string, FirstScreenState | undefined>)[FIRST_SCREEN_GLOBAL];

/** The static form sent a sign-in, or has an answer waiting, that the app has not stored. */
export function firstScreenPending(): boolean {
  const state = firstScreenState();
  return Boolean(state?.request || state?.handoff);
}

/** The static form was tapped while the app rendered its own: that form sends it (once). */
export function tappedInFirstScreen(): boolean {
  const state = firstScreenState();
  const tapped = Boolean(state?.tappedAfterClose);
  if (state) state.tappedAfterClose = false;
  return tapped;
}

/** The app renders now: the static screen stops sending (its taps are the app's from now on). */
export function closeFirstScreen(): void {
  const state = firstScreenState();
  if (state) state.closed = true;
}

/**
 * Waits for the static form's sign-in, if one is in flight, and stores what it opened. A static
 * «Acepto» still in flight is not waited for (record 0280): it is handed over as a promise.
 */
export async function takeOverFirstScreen(): Promise<TakenOver> {
  const state = firstScreenState();
  // An LMS launch's session (record 0298): the static screen took it out of the address, or
  // the app does now when that screen did not run.
  const lti = state?.ltiToken ?? takeLtiToken(window);
  if (state) state.ltiToken = null;
  if (lti) {
    const user = await adoptLtiSession(lti);
    return { user, kind: user ? 'login' : null, choice: null, accepting: null };
  }
  if (state?.request) await state.request;
  const handoff = readHandoff(state);
  const accepting = handoff?.accepted ? null : (state?.accepting ?? null);
  if (state) {
    state.request = null;
    state.handoff = null;
  }
  if (!handoff?.response?.token || !handoff.response.user)
    return { user: null, kind: null, choice: null, accepting: null };
  const user = adoptSession(handoff.response, handoff.kind);
  // The tap on the notice may have come after the script wrote the answer: read it again.
  const choice = handoff.choice;
  return { user, kind: handoff.kind, choice, accepting: choice === 'accept' ? accepting : null };
}
