// Sign-in, sign-out and the token guard (signed in = a token in localStorage; decision 0026).
import { ApiError, createApiClient, type ApiClient, type ApiClientOptions } from './api-client.ts';
import {
  defaultStore,
  KEYS,
  safeClear,
  safeGet,
  safeRemove,
  safeSet,
  readUser,
  storeUser,
  rememberAnsweredUser,
  parkQueues,
  unparkQueues,
  unsentProgressOnDevice as unsentOnDevice,
  hasPending,
} from './storage.ts';
import type { CourseUser, LoginResponse, UserResponse } from './types.ts';

let shared: ApiClient | null = null;

/** Sets up the client used by login/logout/createHttpTracking defaults (navigation, API base). */
export function configureHttp(options: ApiClientOptions): ApiClient {
  shared = createApiClient(options);
  return shared;
}

export function sharedClient(): ApiClient {
  return (shared ??= createApiClient());
}

/** Why the learner is on the sign-in page (the app says it in Spanish), or null. */
export type SignInReason = 'session-ended' | 'password-reset' | 'deactivated';

const SIGN_IN_REASONS: readonly SignInReason[] = ['session-ended', 'password-reset', 'deactivated'];

/**
 * Why the learner is on the sign-in page, or null: set when the server refused the session
 * (decision record 0101), cleared by the next successful sign-in.
 */
export function signInReason(store = sharedClient().store): SignInReason | null {
  const stored = safeGet(store, KEYS.signInReason);
  return SIGN_IN_REASONS.find((r) => r === stored) ?? null;
}

/**
 * The signed-in learner has not accepted the habeas-data notice yet: the server said so (null).
 * A stored user without the field (an older server) never sees it (record 0127).
 */
export function needsDataNotice(
  store = sharedClient().store,
  currentVersion: string | null = null,
): boolean {
  const user = readUser(store);
  if (user?.dataNoticeAcceptedAt === null) return true;
  // A newer notice (the text changed, e.g. celular joined it) is asked at the next launch; saves
  // made under the version accepted earlier stay valid meanwhile (record 0213).
  return Boolean(
    currentVersion &&
    user?.dataNoticeAcceptedAt &&
    typeof user.dataNoticeVersion === 'string' &&
    user.dataNoticeVersion !== currentVersion,
  );
}

/**
 * This device holds another learner's unsent progress, or that of a learner whose session the
 * server ended: the sign-in page tells whoever is there, naming no one (decision 0157).
 */
export function unsentProgressOnDevice(store = sharedClient().store): boolean {
  return unsentOnDevice(store);
}

/** The token guard (decision 0026): only whether a token is stored, not whether it is valid. */
export function hasToken(store = defaultStore()): boolean {
  return Boolean(safeGet(store, KEYS.token));
}

export type LoginErrorKind =
  'credentials' | 'validation' | 'too-many' | 'network' | 'server' | 'expired';

/**
 * A failed sign-in: what went wrong, and the server's own message when it sent one (a wait, a
 * validation). The app turns it into the form's Spanish text. Storage is left untouched.
 */
export class LoginError extends Error {
  readonly code = 'LOGIN_FAILED';
  constructor(
    readonly kind: LoginErrorKind,
    readonly status: number,
    readonly serverMessage: string | null = null,
  ) {
    super(serverMessage ?? `sign-in failed: ${kind}`);
  }
}

function serverMessage(body: unknown): string | null {
  const message = (body as { message?: unknown } | null)?.message;
  if (Array.isArray(message)) return message.map(String).join('\n');
  return typeof message === 'string' && message ? message : null;
}

export interface LoginOptions {
  api?: ApiClient;
  /** reCAPTCHA v3 token (action 'homepage'), when a site key is configured. */
  recaptchaToken?: string;
  /** The slug of the company whose address the app was opened at (record 0288). */
  company?: string;
}

/**
 * Signs in with a número de documento or a correo (a value with '@') and a password; stores
 * token and user. The error handler (decision 0026) is skipped on purpose: the form explains
 * the problem itself and nothing is cleared (decision 0021).
 */
export async function login(
  identifier: string,
  password: string,
  options: LoginOptions = {},
): Promise<CourseUser> {
  const api = options.api ?? sharedClient();
  const trimmed = identifier.trim();
  const body: Record<string, unknown> = trimmed.includes('@')
    ? { email: trimmed, password }
    : { document: trimmed, password };
  if (options.recaptchaToken) body.recaptcha_token = options.recaptchaToken;
  if (options.company) body.empresa = options.company;
  let response: LoginResponse;
  try {
    response = await api.post<LoginResponse>('auth/login', body, { handleErrors: false });
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    const body = error instanceof ApiError ? error.body : null;
    if (status === 0) throw new LoginError('network', 0);
    if (status === 401) throw new LoginError('credentials', status);
    if (status === 429) throw new LoginError('too-many', status, serverMessage(body));
    if (status === 419) throw new LoginError('expired', status);
    if (status === 422 || status === 400)
      throw new LoginError('validation', status, serverMessage(body));
    throw new LoginError('server', status);
  }
  if (!response?.token || !response.user) throw new LoginError('server', 200);
  return storeSession(api, response);
}

/**
 * Keeps a new session (sign-in or invitation): token and user where sign-in stores them. A
 * different learner on this browser starts clean (decision 0011); what the previous learner has
 * not sent stays on the device for them (0157).
 */
function storeSession(api: ApiClient, response: LoginResponse): CourseUser {
  const previous = safeGet(api.store, KEYS.user);
  if (previous) {
    try {
      const before = JSON.parse(previous) as CourseUser;
      if (String(before.id) !== String(response.user.id)) {
        parkQueues(api.store, String(before.id));
        safeClear(api.store);
      } else if (
        typeof response.user.cycle === 'number' &&
        (before.cycle ?? 1) !== response.user.cycle
      ) {
        // The same learner in a new induction cycle (reinducción): this browser's copy and queues
        // of the old cycle must neither count nor be sent (record 0126).
        for (const key of [KEYS.score, KEYS.currentLocation, KEYS.pending, KEYS.activity])
          safeRemove(api.store, key);
      }
    } catch {
      safeClear(api.store);
    }
  }
  safeRemove(api.store, KEYS.signInReason);
  unparkQueues(api.store, String(response.user.id));
  safeSet(api.store, KEYS.token, response.token);
  storeUser(api.store, response.user);
  // The course's start uses this answer instead of asking `me` again (record 0275).
  rememberAnsweredUser(api.store, response.user);
  if (typeof response.user.score === 'number')
    safeSet(api.store, KEYS.score, String(response.user.score));
  return response.user;
}

/** What a learner types on the invitation page: the document, and the link's token or a code. */
export type InvitationProof = { document: string } & (
  | { token: string }
  // `empresa`: a code typed with a document is checked in the address's company (record 0288).
  | { code: string; empresa?: string }
);

/**
 * Signs in with an invitation (decision 0210): POST auth/invitation, which answers like
 * auth/login; the session is stored the same way. A refusal is a LoginError carrying the
 * server's Spanish message (already used, expired, deactivated…).
 */
export async function redeemInvitation(
  proof: InvitationProof,
  options: { api?: ApiClient } = {},
): Promise<CourseUser> {
  const api = options.api ?? sharedClient();
  let response: LoginResponse;
  try {
    response = await api.post<LoginResponse>(
      'auth/invitation',
      { ...proof, document: proof.document.trim() },
      { handleErrors: false },
    );
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    const body = error instanceof ApiError ? error.body : null;
    if (status === 0) throw new LoginError('network', 0);
    if (status === 419) throw new LoginError('expired', status);
    if (status === 429) throw new LoginError('too-many', status, serverMessage(body));
    if (status === 401 || status === 403 || status === 410)
      throw new LoginError('credentials', status, serverMessage(body));
    if (status === 422 || status === 400)
      throw new LoginError('validation', status, serverMessage(body));
    throw new LoginError('server', status);
  }
  if (!response?.token || !response.user) throw new LoginError('server', 200);
  const user = storeSession(api, response);
  safeSet(api.store, KEYS.sessionKind, 'invitacion');
  return user;
}

/**
 * Keeps a session the static first screen opened before the app arrived (decision 0234): stored
 * exactly as `login` or `redeemInvitation` would have stored it.
 */
export function adoptSession(
  response: LoginResponse,
  kind: 'login' | 'invitacion',
  options: { api?: ApiClient } = {},
): CourseUser {
  const api = options.api ?? sharedClient();
  const user = storeSession(api, response);
  if (kind === 'invitacion') safeSet(api.store, KEYS.sessionKind, 'invitacion');
  return user;
}

/**
 * Keeps the session an LMS launch handed the app in its address (record 0298): the token where
 * sign-in keeps it (localStorage, or memory when the browser refuses storage — an LMS's
 * third-party frame), then the learner from `me`, stored as sign-in stores them (another learner
 * on this browser starts clean; what they left unsent is set aside for them, 0157). A refused
 * token ends the session as any refused one does; offline, the token stays and the course's
 * start asks `me` again.
 */
export async function adoptLtiSession(
  token: string,
  options: { api?: ApiClient } = {},
): Promise<CourseUser | null> {
  const api = options.api ?? sharedClient();
  const previous = safeGet(api.store, KEYS.token);
  if (previous !== token) {
    // Nothing of an earlier session goes with this one: its learner's unsent work is set aside
    // for them (given back below when `me` names the same learner).
    const before = readUser(api.store);
    if (before) parkQueues(api.store, String(before.id));
    safeClear(api.store);
    safeSet(api.store, KEYS.token, token);
  }
  let response: UserResponse | null = null;
  try {
    response = await api.post<UserResponse>('me', new FormData(), { handleErrors: false });
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    if (status === 401 || status === 403)
      api.endSession(error instanceof ApiError ? error.body : null);
    return null;
  }
  if (!response?.user) return null;
  return storeSession(api, { success: true, token, user: response.user });
}

/** The stored learner's name when this phone keeps a long-lived invitation session, else null. */
export function sharedPhoneLearner(store = sharedClient().store): string | null {
  if (!safeGet(store, KEYS.token) || safeGet(store, KEYS.sessionKind) !== 'invitacion') return null;
  return readUser(store)?.name ?? null;
}

/**
 * «No soy yo» on a shared phone (decision 0211): the person holding the phone is not the learner
 * signed in. What that learner has not sent is tried once, else set aside for them on this phone
 * (sent when they sign in here again); the session is closed on the server when it can be, and
 * the phone is cleared for the next person, who lands on the code form (/entrar).
 */
export async function notMe(
  options: { api?: ApiClient; sync?: () => Promise<unknown>; waitMs?: number } = {},
): Promise<void> {
  const api = options.api ?? sharedClient();
  const waitMs = options.waitMs ?? 4000;
  const within = <T>(p: Promise<T>) =>
    Promise.race([
      p,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('t')), waitMs)),
    ]);
  if (options.sync && hasPending(api.store)) await within(options.sync()).catch(() => undefined);
  const user = readUser(api.store);
  if (user) parkQueues(api.store, String(user.id));
  try {
    const signal =
      typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(waitMs) : undefined;
    await api.post('logout', new FormData(), { handleErrors: false, signal });
  } catch {
    // Offline: the token is forgotten here; it expires on the server on its own.
  }
  safeClear(api.store);
  // The next person on a shared phone most likely holds a card or a message: the code form
  // first, the password a link below it (record 0274).
  api.navigate('/entrar');
}

/**
 * POST logout (decision 0026); on success clear local storage and go to '/'. On failure the
 * error handler runs (a 401 already clears and redirects) and the promise rejects.
 */
export async function logout(options: { api?: ApiClient } = {}): Promise<void> {
  const api = options.api ?? sharedClient();
  await api.post('logout', new FormData());
  safeClear(api.store);
  api.navigate('/');
}

/** Token validity check: POST me with empty form data; true when it succeeds (decision 0026). */
export async function isTokenValid(options: { api?: ApiClient } = {}): Promise<boolean> {
  const api = options.api ?? sharedClient();
  try {
    await api.post('me', new FormData(), { handleErrors: false });
    return true;
  } catch {
    return false;
  }
}
