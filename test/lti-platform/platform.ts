// An LMS of our own for the LTI tests (record 0295): one object with an RSA key pair, an issuer,
// a client id and a deployment id, and its own node:http server (port 0: any free one) serving
// its key set (`/jwks`) and its authorization endpoint (`/auth`: takes the tool's login redirect
// and answers, like Moodle or Canvas, an auto-submitting form that posts a freshly signed id_token
// and the state to the redirect_uri). Tests mint id_tokens with any claim overridden (another
// key, a replayed nonce, another deployment, an expired one) and other models mount their
// endpoints on the same server with `route` (registration.ts, ags.ts).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

export type PlatformHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
) => void | Promise<void>;

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/** A person of the platform: `login_hint` names them in a login. */
export interface PlatformUser {
  sub: string;
  name?: string;
  email?: string;
  /** Sent in the custom claim the tool's registration names (default `documento`). */
  document?: string;
}

export interface MintOptions {
  /** Sign with this key instead of the platform's (a forged token). */
  key?: SigningKey;
  /** Seconds since the epoch the token says it was issued (default now). */
  iat?: number;
  /** Lifetime in seconds (default 300). */
  lifetime?: number;
}

/** What the next answers of `/auth` change in the id_token (claims merged; null deletes). */
export interface LaunchTweak {
  claims?: Record<string, unknown>;
  mint?: MintOptions;
}

export const LTI_CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';
export const AGS_CLAIM = 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint';
export const AGS_SCORE_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';

export async function newSigningKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return { kid, privateKey, publicJwk };
}

export class LtiPlatform {
  readonly users = new Map<string, PlatformUser>();
  /** Every authentication request the tool sent to `/auth`, as query parameters. */
  readonly authRequests: Record<string, string>[] = [];
  /** Applied to the id_tokens `/auth` signs until cleared. */
  tweak: LaunchTweak = {};
  /** The document custom claim's name, as the tool's registration names it. */
  documentClaim = 'documento';
  resourceLinkId = 'recurso-1';
  /** The AGS line item sent with launches (null: no AGS claim). */
  lineitem: string | null;
  /**
   * The frame that keeps data for the tool (LTI Client Side postMessages): sent as
   * `lti_storage_target` in logins and launches when set; `/curso` answers its messages.
   */
  storageTarget: string | null = null;
  private readonly routes: { method: string; prefix: string; handler: PlatformHandler }[] = [];

  private constructor(
    private readonly server: Server,
    readonly base: string,
    readonly key: SigningKey,
    readonly clientId: string,
    readonly deploymentId: string,
    readonly name: string,
  ) {
    this.lineitem = `${base}/lineitems/1/lineitem`;
    this.route('GET', '/jwks', (_req, res) => json(res, 200, { keys: [this.key.publicJwk] }));
    this.route('GET', '/auth', (req, res, url) => this.authorize(res, url));
    this.route('GET', '/curso', (_req, res, url) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(coursePage(url.searchParams.get('src') ?? 'about:blank'));
    });
  }

  /** Starts the platform's server (port 0: any free port). */
  static async start(
    options: { port?: number; clientId?: string; deploymentId?: string; name?: string } = {},
  ): Promise<LtiPlatform> {
    const key = await newSigningKey();
    const made: { platform?: LtiPlatform } = {};
    const server = createServer((req, res) => {
      void made.platform!.handle(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const platform = new LtiPlatform(
      server,
      `http://127.0.0.1:${port}`,
      key,
      options.clientId ?? `cliente-${randomUUID().slice(0, 8)}`,
      options.deploymentId ?? 'despliegue-1',
      options.name ?? 'Moodle de prueba',
    );
    made.platform = platform;
    return platform;
  }

  get issuer() {
    return this.base;
  }
  get jwksUrl() {
    return `${this.base}/jwks`;
  }
  get authUrl() {
    return `${this.base}/auth`;
  }
  get tokenUrl() {
    return `${this.base}/token`;
  }

  /** What insertRegistration needs to register this platform by hand. */
  registration(overrides: Partial<{ deploymentIds: string[]; documentClaim: string }> = {}) {
    return {
      platformName: this.name,
      productFamily: 'moodle',
      issuer: this.issuer,
      clientId: this.clientId,
      authUrl: this.authUrl,
      tokenUrl: this.tokenUrl,
      jwksUrl: this.jwksUrl,
      documentClaim: overrides.documentClaim ?? this.documentClaim,
      registeredVia: 'manual' as const,
      deploymentIds: overrides.deploymentIds ?? [this.deploymentId],
      createdByName: 'Prueba',
    };
  }

  /** Mounts a handler for `method` on every path that starts with `pathPrefix`. */
  route(method: string, pathPrefix: string, handler: PlatformHandler): void {
    this.routes.unshift({ method: method.toUpperCase(), prefix: pathPrefix, handler });
  }

  /** The tool's login initiation address for `user`, as the platform opens it. */
  loginUrl(
    toolLoginUrl: string,
    user: PlatformUser,
    extra: Partial<Record<'client_id' | 'lti_deployment_id' | 'iss', string | null>> = {},
  ): string {
    this.users.set(user.sub, user);
    const url = new URL(toolLoginUrl, 'http://tool.invalid');
    const params: Record<string, string | null> = {
      iss: this.issuer,
      login_hint: user.sub,
      target_link_uri: url.origin === 'http://tool.invalid' ? '/' : url.origin,
      lti_message_hint: `mensaje-${user.sub}`,
      client_id: this.clientId,
      lti_deployment_id: this.deploymentId,
      ...(this.storageTarget ? { lti_storage_target: this.storageTarget } : {}),
      ...extra,
    };
    for (const [name, value] of Object.entries(params))
      if (value !== null) url.searchParams.set(name, value);
    return url.origin === 'http://tool.invalid' ? `${url.pathname}${url.search}` : url.toString();
  }

  /** The claims of a resource link launch of `user` with `nonce`. */
  launchClaims(user: PlatformUser, nonce: string): Record<string, unknown> {
    const claims: Record<string, unknown> = {
      iss: this.issuer,
      aud: this.clientId,
      sub: user.sub,
      nonce,
      name: user.name ?? `Usuario ${user.sub}`,
      email: user.email ?? `${user.sub}@lms.example.co`,
      [`${LTI_CLAIM}message_type`]: 'LtiResourceLinkRequest',
      [`${LTI_CLAIM}version`]: '1.3.0',
      [`${LTI_CLAIM}deployment_id`]: this.deploymentId,
      [`${LTI_CLAIM}target_link_uri`]: 'https://curso.example.co/',
      [`${LTI_CLAIM}resource_link`]: { id: this.resourceLinkId, title: 'Inducción SST' },
      [`${LTI_CLAIM}roles`]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
      [`${LTI_CLAIM}custom`]: user.document ? { [this.documentClaim]: user.document } : {},
    };
    if (this.lineitem)
      claims[AGS_CLAIM] = {
        scope: [AGS_SCORE_SCOPE],
        lineitem: this.lineitem,
        lineitems: `${this.base}/lineitems`,
      };
    return claims;
  }

  /** Signs `claims` as an id_token (RS256, the platform's key unless another is given). */
  async mintIdToken(claims: Record<string, unknown>, options: MintOptions = {}): Promise<string> {
    const key = options.key ?? this.key;
    const iat = options.iat ?? Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + (options.lifetime ?? 300))
      .sign(key.privateKey);
  }

  /** `/auth`: the login redirect's answer, a form that posts the id_token and the state. */
  private async authorize(res: ServerResponse, url: URL) {
    const q = Object.fromEntries(url.searchParams);
    this.authRequests.push(q);
    const redirect = q.redirect_uri;
    if (q.client_id !== this.clientId || !redirect || q.response_mode !== 'form_post')
      return json(res, 400, { error: 'invalid_request' });
    const user = this.users.get(q.login_hint ?? '') ?? { sub: q.login_hint ?? 'desconocido' };
    const claims = { ...this.launchClaims(user, q.nonce ?? ''), ...this.tweak.claims };
    for (const [name, value] of Object.entries(claims)) if (value === null) delete claims[name];
    const idToken = await this.mintIdToken(claims, this.tweak.mint);
    const field = (name: string, value: string) =>
      `<input type="hidden" name="${name}" value="${escapeAttr(value)}">`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html><body onload="document.forms[0].submit()">` +
        `<form method="post" action="${escapeAttr(redirect)}">${field('id_token', idToken)}${field('state', q.state ?? '')}` +
        (this.storageTarget ? field('lti_storage_target', this.storageTarget) : '') +
        `</form></body></html>`,
    );
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.base);
    const found = this.routes.find(
      (r) => r.method === req.method && url.pathname.startsWith(r.prefix),
    );
    if (!found) return json(res, 404, { error: 'not_found' });
    await found.handler(req, res, url);
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The frame size Moodle gives an embedded activity in the tests (the 714×666). */
export const FRAME_SIZE = { width: 714, height: 666 };

/**
 * The LMS's course page: the activity `src` in a 714×666 frame, and the platform's storage for
 * the tool (LTI Client Side postMessages 1.0: `lti.put_data`, `lti.get_data`), its data kept per
 * sending origin; every message it answered is in `window.ltiMessages`.
 */
export function coursePage(src: string): string {
  const storage = `window.ltiMessages = [];
var kept = {};
window.addEventListener('message', function (event) {
  var data = event.data;
  if (!data || (data.subject !== 'lti.put_data' && data.subject !== 'lti.get_data')) return;
  var mine = (kept[event.origin] = kept[event.origin] || {});
  if (data.subject === 'lti.put_data') mine[data.key] = data.value;
  window.ltiMessages.push({ subject: data.subject, origin: event.origin, key: data.key });
  event.source.postMessage(
    { subject: data.subject + '.response', message_id: data.message_id, key: data.key, value: mine[data.key] },
    event.origin
  );
});`;
  return (
    `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Moodle — Inducción SST</title>` +
    `<script>${storage}</script></head><body><main><h1>Inducción SST</h1>` +
    `<iframe id="lms-frame" title="Curso SST" style="border:0" src="${escapeAttr(src)}" ` +
    `width="${FRAME_SIZE.width}" height="${FRAME_SIZE.height}"></iframe></main></body></html>`
  );
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The fields of an auto-submitting form page (the platform's answer to the login redirect). */
export function formOf(html: string): { action: string; fields: Record<string, string> } {
  const unescape = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  const action = unescape(/<form[^>]*action="([^"]*)"/.exec(html)?.[1] ?? '');
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields[m[1]!] = unescape(m[2]!);
  return { action, fields };
}
