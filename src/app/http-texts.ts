// The HTTP adapter holds no interface text (lint: tracking never imports strings): it reports
// what happened, and the composition root attaches the Spanish here. The error handler's texts
// are the product's error catalogue, byte for byte (http-texts.test.ts checks them).
import {
  LoginError,
  type HttpTexts,
  type LoginErrorKind,
  type SignInReason,
} from '../tracking/http/index.ts';
import { es } from '../strings/es.ts';

/** The error handler's texts: logged to the console, and what every failed call rejects with. */
export const httpTexts: HttpTexts = es.httpLog;

const LOGIN_TEXT: Record<LoginErrorKind, string> = {
  credentials: es.signIn.wrongCredentials,
  'too-many': es.signIn.tooManyAttempts,
  network: es.signIn.network,
  expired: es.signIn.expired,
  validation: es.signIn.server,
  server: es.signIn.server,
};

/** The sign-in form's message for a failed sign-in (the server's own, for a wait or a refusal). */
export function loginMessage(error: unknown, invitation = false): string {
  if (!(error instanceof LoginError)) return es.signIn.server;
  // An invitation's refusal says why in the server's words (used, expired, deactivated…).
  if (invitation && error.kind === 'credentials' && error.serverMessage) return error.serverMessage;
  if ((error.kind === 'too-many' || error.kind === 'validation') && error.serverMessage)
    return error.serverMessage;
  return LOGIN_TEXT[error.kind];
}

/**
 * What the sign-in page says about why the learner is there, and — when this device holds
 * progress someone must sign in again to send — to whoever else holds it (decision 0157).
 */
export function signInNoticeText(
  reason: SignInReason | null,
  unsentOnDevice = false,
): string | null {
  // A password reset or a deactivation is not an expired session (decision 0231).
  const ended =
    reason === 'password-reset'
      ? es.signIn.passwordReset
      : reason === 'deactivated'
        ? es.signIn.deactivated
        : reason === 'session-ended'
          ? es.signIn.sessionEnded
          : null;
  if (ended) return unsentOnDevice ? `${ended} ${es.signIn.sessionEndedOthers}` : ended;
  return unsentOnDevice ? es.signIn.othersUnsent : null;
}
