// The API client (decision 0026): the stored token goes as is in Authorization (no prefix),
// non-GET calls to relative URLs carry X-XSRF-TOKEN from the XSRF-TOKEN cookie (read per
// request; csrf-cookie is fetched first when the cookie is missing), and every failure runs the
// error handler and is then re-thrown as 'ups algo salió mal'. The handler departs on purpose
// from the product specification (docs/decisions/0101-standalone-saves-never-lose-or-eject.md):
// only a refused identity (401/403) ends the session; 404, 500 and 503 are left to the caller (a
// progress save retries, the certificate shows its message), never a logout nor the error page.
// Navigation is injected: this module knows no router.
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

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? DEFAULT_API_BASE).replace(/\/+$/, '');
  const doFetch =
    options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const store = options.store ?? defaultStore();
  const navigate = options.navigate ?? defaultNavigate;
  const log = options.log ?? ((message: string) => console.log(message));
  const texts = options.texts ?? CODES;
  const readCookies =
    options.readCookies ?? (() => (typeof document !== 'undefined' ? document.cookie : ''));

  const url = (path: string) =>
    isAbsolute(path) ? path : `${baseUrl}/${path.replace(/^\/+/, '')}`;

  const forceLogout = () => {
    safeClear(store);
    navigate('/');
  };

  /**
   * The session is over: the sign-in page says why — the server's 401 carries `reason`
   * (decision 0231): a password reset or a deactivation is not an expired session.
   */
  const endSession = (body: unknown = null) => {
    const reason = (body as { reason?: unknown } | null)?.reason;
    safeRemove(store, KEYS.token);
    safeSet(
      store,
      KEYS.signInReason,
      reason === 'password-reset' || reason === 'deactivated' ? reason : 'session-ended',
    );
    navigate('/auth/login');
  };

  /** The error handler (decision record 0101): texts are logged; only 401/403 navigate. */
  function handleError(status: number, body: unknown) {
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
        endSession(body);
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

  async function xsrfToken(refresh: boolean): Promise<string | null> {
    let token = refresh ? null : readCookie(readCookies(), 'XSRF-TOKEN');
    if (!token) {
      try {
        await doFetch(url('csrf-cookie'), { method: 'GET', credentials: 'same-origin' });
      } catch {
        return null;
      }
      token = readCookie(readCookies(), 'XSRF-TOKEN');
    }
    return token;
  }

  async function request<T>(
    method: string,
    path: string,
    body: FormData | Record<string, unknown> | undefined,
    opts: RequestOptions = {},
    retried = false,
  ): Promise<T> {
    const target = url(path);
    const external = isAbsolute(path);
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = external ? null : safeGet(store, KEYS.token);
    if (token) headers.Authorization = token;
    if (method !== 'GET' && !external) {
      const xsrf = await xsrfToken(false);
      if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
    }
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }

    let response: Response;
    try {
      response = await doFetch(target, {
        method,
        headers,
        body: payload,
        credentials: external ? 'omit' : 'same-origin',
        keepalive: opts.keepalive,
        signal: opts.signal,
      });
    } catch {
      throw new ApiError(0, null, texts.failed);
    }
    let parsed: unknown = null;
    const text = await response.text().catch(() => '');
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    if (response.ok) return parsed as T;
    // An expired XSRF cookie is not the learner's fault: refresh it and try once more.
    if (response.status === 419 && !retried && !external) {
      await xsrfToken(true);
      return request<T>(method, path, body, opts, true);
    }
    if (opts.handleErrors !== false) handleError(response.status, parsed);
    throw new ApiError(response.status, parsed, texts.failed);
  }

  return {
    baseUrl,
    store,
    navigate,
    forceLogout,
    endSession,
    get: (path, opts) => request('GET', path, undefined, opts),
    post: (path, body, opts) => request('POST', path, body ?? new FormData(), opts),
    delete: (path, opts) => request('DELETE', path, undefined, opts),
    getExternal: (target, opts) => request('GET', target, undefined, opts),
  };
}
