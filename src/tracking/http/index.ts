// Public API of the standalone-server adapter (mode 'server'). See README.md in this folder.
import { sharedClient } from './auth.ts';
import { createHttpTracking as createTracking, type HttpTrackingOptions } from './tracking.ts';

export {
  createApiClient,
  ApiError,
  DEFAULT_API_BASE,
  type ApiClient,
  type ApiClientOptions,
  type HttpTexts,
  type RequestOptions,
} from './api-client.ts';
export {
  login,
  logout,
  redeemInvitation,
  adoptSession,
  adoptLtiSession,
  notMe,
  sharedPhoneLearner,
  type InvitationProof,
  hasToken,
  needsDataNotice,
  isTokenValid,
  signInReason,
  unsentProgressOnDevice,
  configureHttp,
  LoginError,
  type LoginErrorKind,
  type SignInReason,
  type LoginOptions,
} from './auth.ts';
export { downloadCertificate } from './certificate.ts';
export { signOut, type SignOutResult } from './sign-out.ts';
export { KEYS as STORAGE_KEYS } from './storage.ts';
export type { CourseUser } from './types.ts';
export type { HttpTracking, HttpTrackingOptions } from './tracking.ts';

/** The TrackingPort for the web build; uses the client set by configureHttp() unless given one. */
export function createHttpTracking(options: HttpTrackingOptions = {}) {
  return createTracking({ ...options, api: options.api ?? sharedClient() });
}
