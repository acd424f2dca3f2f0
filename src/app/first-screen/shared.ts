// What the static first screen's inline script (first-screen-entry.ts) and the app
// (take-over.ts) share: storage keys, the global the script leaves, and the texts' shape
// (decision 0234).
import type { LoginResponse } from '../../tracking/http/types.ts';

/** localStorage: a sign-in answered before the app arrived, until the app stores it. */
export const HANDOFF = 'curso-sst:first-screen';
/** sessionStorage: the invitation link's token once out of the address (decision 0210). */
export const INVITATION = 'curso-sst:invitation';
/** An invitation link's token: 16 random bytes, base64url. */
export const INVITATION_TOKEN = /^[A-Za-z0-9_-]{22}$/;
/** `window[FIRST_SCREEN_GLOBAL]`: the script's state, read by the app when it takes over. */
export const FIRST_SCREEN_GLOBAL = '__cursoSstFirstScreen';

export interface Handoff {
  kind: 'login' | 'invitacion';
  response: LoginResponse;
  /** A tap on the static data notice before the app arrived. */
  choice: 'accept' | 'leave' | null;
  /**
   * «Acepto» recorded by the static screen itself (record 0275): `response.user` is then the
   * server's answer to accept-data-notice. Absent or false: the app records it.
   */
  accepted?: boolean;
}

export interface FirstScreenState {
  /** The sign-in POST in flight (settles on any answer, never rejects). */
  request: Promise<void> | null;
  /**
   * «Acepto» sent by the static notice, in flight (record 0280): settles on any answer with the
   * user the server recorded it for, or null when it was not recorded. The app renders its own
   * notice, busy, without waiting for it, and shows the course from its answer.
   */
  accepting?: Promise<LoginResponse['user'] | null> | null;
  handoff: Handoff | null;
  /**
   * The session an LMS launch put in the address (`#sesion-lti=`, record 0298), taken out of it
   * before the first paint; the app keeps it (storage, or memory in a third-party frame).
   */
  ltiToken?: string | null;
  mode: 'sign-in' | 'link' | 'code' | null;
  /** Set by the app as it renders: the static screen no longer sends anything. */
  closed?: boolean;
  /** A tap on the static form after it closed: the app's form sends it as it mounts. */
  tappedAfterClose?: boolean;
}

export interface FirstScreenTexts {
  apiBase: string;
  recaptcha: boolean;
  linkTitle: string;
  linkIntro: string;
  codeTitle: string;
  codeIntro: string;
  documentLabel: string;
  documentHint: string;
  signInSubmit: string;
  signInSubmitting: string;
  invitationSubmit: string;
  invitationSubmitting: string;
  identifierRequired: string;
  passwordRequired: string;
  documentRequired: string;
  codeRequired: string;
  wrongCredentials: string;
  network: string;
  server: string;
  expired: string;
  accepting: string;
  /** The data notice's version, which «Acepto» on the static notice records (record 0275). */
  noticeVersion: string;
  /**
   * The hash of the company the build bundles (record 0291): a learner of another company is
   * shown their company's notice by the app, not this page's.
   */
  companyConfig: string;
}
