// The API client (decision 0026): the stored token goes as is in Authorization (no prefix),
// non-GET calls to relative URLs carry X-XSRF-TOKEN from the XSRF-TOKEN cookie (read per
// request; csrf-cookie is fetched first when the cookie is missing), and every failure runs the
// error handler and is then re-thrown as 'ups algo salió mal'. The handler departs on purpose
// from the product specification (docs/decisions/0101-standalone-saves-never-lose-or-eject.md):
// only a refused identity (401/403) ends the session; 404, 500 and 503 are left to the caller (a
// progress save retries, the certificate shows its message), never a logout nor the error page.
// Navigation is injected: this module knows no router.
// Where the browser keeps no cookie (the app in an LMS's third-party iframe, record 0298), the
// server also answers the XSRF token in an `x-xsrf-token` response header (csrf-cookie, sign-in,
// every 419): the client keeps the last one in memory and sends it when the cookie is unreadable.
import {
  defaultStore,
  KEYS,
  safeClear,
  safeGet,
  safeRemove,
  safeSet,
  type KeyValueStore,
} from './storage.ts';

export const DEFAULT_API_BASE: string =
  (typeof import.meta !== 'undefined' &&
    (import.meta as { env?: Record<string, string | undefined> }).env?.VITE_API_BASE) ||
  '/api/v1';

/**
 * The texts of the error handler. The adapter holds no interface text (lint): the composition
 * root gives the learner-facing ones (`es.httpLog`, byte-identical to the product's error
 * catalogue); without them the handler logs these neutral codes.
 */
export interface HttpTexts {
  /** What every failed call is re-thrown as. */
  failed: string;
  notFound: string;
  unauthorized: string;
  noConnection: string;
}

const CODES: HttpTexts = {
  failed: 'http-failed',
  notFound: 'http-404',
  unauthorized: 'http-401',
  noConnection: 'http-503',
};

/** The error every failed call rejects with: the handler's «failed» text, plus what happened. */
export class ApiError extends Error {
  readonly code = 'API_ERROR';
  constructor(
    /** HTTP status; 0 when the network failed (no response). */
    readonly status: number,
    /** Parsed response body, when there was one. */
    readonly body: unknown,
    message: string = CODES.failed,
  ) {
    super(message);
  }
  get network(): boolean {
    return this.status === 0;
  }
}

export interface ApiClientOptions {
  /** API base, e.g. '/api/v1' (default: VITE_API_BASE or '/api/v1'). */
  baseUrl?: string;
  fetch?: typeof fetch;
  store?: KeyValueStore;
  /** Goes to a path of the app ('/', '/auth/login'). Default: location.assign. */
  navigate?: (path: string) => void;
  /** Where the handler's texts go (console only, decision 0026). */
  log?: (message: string) => void;
  /** The handler's texts (the app gives `es.httpLog`); neutral codes when absent. */
  texts?: HttpTexts;
  /** document.cookie by default. */
  readCookies?: () => string;
}

export interface RequestOptions {
  /** false: skip the error handler (the sign-in form shows its own messages). */
  handleErrors?: boolean;
  /** Keep the request alive while the page unloads (pending progress on pagehide). */
  keepalive?: boolean;
  signal?: AbortSignal;
}

export interface ApiClient {
  readonly baseUrl: string;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(
    path: string,
    body?: FormData | Record<string, unknown>,
    options?: RequestOptions,
  ): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  /** GET to an external absolute URL: no token, no XSRF header. */
  getExternal<T>(url: string, options?: RequestOptions): Promise<T>;
  /** Clears local storage and goes to '/', without calling the server (decision 0021). */
  forceLogout(): void;
  /**
   * The server refused the session: the token goes, the learner (and their pending progress)
   * stays for the next sign-in, and the sign-in page says why (decision record 0101).
   */
  endSession(body?: unknown): void;
  readonly store: KeyValueStore;
  readonly navigate: (path: string) => void;
}

const isAbsolute = (url: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(url) || url.startsWith('//');

export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return rest.join('=');
      }
    }
  }
  return null;
}

function defaultNavigate(path: string) {
  if (typeof window !== 'undefined') window.location.assign(path);
}

/** What the client works with: its options, each default filled in. */
interface ClientDeps {
  baseUrl: string;
  doFetch: typeof fetch;
  store: KeyValueStore;
  navigate: (path: string) => void;
  log: (message: string) => void;
  texts: HttpTexts;
  readCookies: () => string;
  /** The XSRF token the server last answered in its header, for a browser without cookies. */
  xsrf: { fromHeader: string | null };
}

function resolveOptions(options: ApiClientOptions): ClientDeps {
  return {
    baseUrl: (options.baseUrl ?? DEFAULT_API_BASE).replace(/\/+$/, ''),
    doFetch: options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args)),
    store: options.store ?? defaultStore(),
    navigate: options.navigate ?? defaultNavigate,
    log: options.log ?? ((message: string) => console.log(message)),
    texts: options.texts ?? CODES,
    readCookies:
      options.readCookies ?? (() => (typeof document !== 'undefined' ? document.cookie : '')),
    xsrf: { fromHeader: null },
  };
}

const urlOf = (baseUrl: string, path: string) =>
  isAbsolute(path) ? path : `${baseUrl}/${path.replace(/^\/+/, '')}`;

/**
 * The session is over: the sign-in page says why — the server's 401 carries `reason`
 * (decision 0231): a password reset or a deactivation is not an expired session.
 */
function endSession({ store, navigate }: ClientDeps, body: unknown) {
  const reason = (body as { reason?: unknown } | null)?.reason;
  const told = safeGet(store, KEYS.signInReason);
  safeRemove(store, KEYS.token);
  // Requests in flight when the session ends each get their 401; one sent after the token was
  // dropped carries no reason. It never hides the reason an earlier answer gave.
  const plain = told === 'password-reset' || told === 'deactivated' ? told : 'session-ended';
  safeSet(
    store,
    KEYS.signInReason,
    reason === 'password-reset' || reason === 'deactivated' ? reason : plain,
  );
  navigate('/auth/login');
}

/** The error handler (decision record 0101): texts are logged; only 401/403 navigate. */
function handleError(deps: ClientDeps, status: number, body: unknown) {
  const { log, texts } = deps;
  switch (status) {
    case 404:
      log(texts.notFound);
      break;
    case 503:
      log(texts.noConnection);
      break;
    case 401:
    case 403:
      log(texts.unauthorized);
      endSession(deps, body);
      break;
    case 422: {
      const message = (body as { message?: unknown } | null)?.message;
      log(Array.isArray(message) ? message.join('\n') : String(message ?? ''));
      break;
    }
    default:
      break;
  }
}

/** Keeps the XSRF token a response of our API carries in its header (record 0298). */
function rememberXsrf(deps: ClientDeps, response: Response) {
  const token = response.headers?.get?.('x-xsrf-token');
  if (token) deps.xsrf.fromHeader = token;
}

/** The cookie's token when the browser keeps it, else the one the server last answered. */
const currentXsrf = (deps: ClientDeps) =>
  readCookie(deps.readCookies(), 'XSRF-TOKEN') ?? deps.xsrf.fromHeader;

async function xsrfToken(deps: ClientDeps, refresh: boolean): Promise<string | null> {
  let token = refresh ? null : currentXsrf(deps);
  if (!token) {
    // With the session's token, so that a token answered in the header is bound to it.
    const session = safeGet(deps.store, KEYS.token);
    try {
      const response = await deps.doFetch(urlOf(deps.baseUrl, 'csrf-cookie'), {
        method: 'GET',
        credentials: 'same-origin',
        ...(session ? { headers: { Authorization: session } } : {}),
      });
      rememberXsrf(deps, response);
    } catch {
      return null;
    }
    token = currentXsrf(deps);
  }
  return token;
}

/** Accept; for our own API the stored token and, on a non-GET, the XSRF token. */
async function requestHeaders(
  deps: ClientDeps,
  method: string,
  external: boolean,
): Promise<Record<string, string>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = external ? null : safeGet(deps.store, KEYS.token);
  if (token) headers.Authorization = token;
  if (method !== 'GET' && !external) {
    const xsrf = await xsrfToken(deps, false);
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  }
  return headers;
}

/** The body as fetch sends it; a JSON body also sets its Content-Type. */
function encodeBody(
  body: FormData | Record<string, unknown> | undefined,
  headers: Record<string, string>,
): BodyInit | undefined {
  if (body instanceof FormData) return body;
  if (body === undefined) return undefined;
  headers['Content-Type'] = 'application/json';
  return JSON.stringify(body);
}

/** The response's body: parsed JSON, else its text; null when empty or unreadable. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function request<T>(
  deps: ClientDeps,
  method: string,
  path: string,
  body: FormData | Record<string, unknown> | undefined,
  opts: RequestOptions = {},
  retried = false,
): Promise<T> {
  const target = urlOf(deps.baseUrl, path);
  const external = isAbsolute(path);
  const headers = await requestHeaders(deps, method, external);
  const payload = encodeBody(body, headers);

  let response: Response;
  try {
    response = await deps.doFetch(target, {
      method,
      headers,
      body: payload,
      credentials: external ? 'omit' : 'same-origin',
      keepalive: opts.keepalive,
      signal: opts.signal,
    });
  } catch {
    throw new ApiError(0, null, deps.texts.failed);
  }
  if (!external) rememberXsrf(deps, response);
  const parsed = await readBody(response);
  if (response.ok) return parsed as T;
  // An expired XSRF cookie is not the learner's fault: refresh it and try once more.
  if (response.status === 419 && !retried && !external) {
    await xsrfToken(deps, true);
    return request<T>(deps, method, path, body, opts, true);
  }
  if (opts.handleErrors !== false) handleError(deps, response.status, parsed);
  throw new ApiError(response.status, parsed, deps.texts.failed);
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const deps = resolveOptions(options);
  const { baseUrl, store, navigate } = deps;
  return {
    baseUrl,
    store,
    navigate,
    forceLogout: () => {
      safeClear(store);
      navigate('/');
    },
    endSession: (body: unknown = null) => endSession(deps, body),
    get: (path, opts) => request(deps, 'GET', path, undefined, opts),
    post: (path, body, opts) => request(deps, 'POST', path, body ?? new FormData(), opts),
    delete: (path, opts) => request(deps, 'DELETE', path, undefined, opts),
    getExternal: (target, opts) => request(deps, 'GET', target, undefined, opts),
  };
}
