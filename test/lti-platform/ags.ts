// The test LMS's Assignment and Grade Services (record 0295): an OAuth token endpoint that
// verifies the tool's client assertion against the tool's key set, and line items that record
// every score posted to them. Runs a node:http server of its own (port 0), or mounts its two
// handlers on the platform core's server (`platform.route`). Failures are switched by hand:
// `failNext(n)` answers the next n requests with an error status, `down()` drops every
// connection unanswered until `up()`, `revokeTokens()` makes every token issued so far answer 401.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  jwtVerify,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
} from 'jose';

const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
export const SCORE_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';
const SCORE_TYPE = 'application/vnd.ims.lis.v1.score+json';

/** A client the platform knows: its id and where (or what) its keys are. */
export interface AgsClient {
  clientId: string;
  /** The tool's JWKS URL, or a local key set (tests without the tool's server). */
  jwks: string | JSONWebKeySet;
}

export interface RecordedScore {
  /** The line item's path (without `/scores`) and query, e.g. `/lineitems/7/lineitem?type_id=1`. */
  lineitem: string;
  /** The client whose token posted it. */
  clientId: string;
  contentType: string;
  body: {
    userId: string;
    scoreGiven: number;
    scoreMaximum: number;
    activityProgress: string;
    gradingProgress: string;
    timestamp: string;
  };
}

export interface TokenRequest {
  clientId: string | null;
  /** Why the platform refused it; null when it gave a token. */
  refused: string | null;
}

type Handler = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

/** What the test platform's core offers its extensions: a route on its server. */
export interface MountPoint {
  route(method: string, pathPrefix: string, handler: Handler): void;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

const answer = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

export class AgsPlatform {
  readonly scores: RecordedScore[] = [];
  readonly tokenRequests: TokenRequest[] = [];
  private readonly clients = new Map<string, JWTVerifyGetKey>();
  private readonly tokens = new Map<string, { clientId: string; revoked: boolean }>();
  private readonly jtis = new Set<string>();
  private failures: { left: number; status: number } = { left: 0, status: 503 };
  private isDown = false;
  private server: Server | null = null;
  /** The base URL the token URL and line items are under (set by `listen` or `mountOn`). */
  baseUrl = '';

  constructor(
    clients: AgsClient[],
    private readonly options: {
      /** The time the assertions are checked at (the tool's clock in tests); default now. */
      now?: () => number;
      /** Seconds a token lasts. Default 3600. */
      tokenTtlS?: number;
    } = {},
  ) {
    for (const c of clients) this.addClient(c);
  }

  addClient(client: AgsClient): void {
    this.clients.set(
      client.clientId,
      typeof client.jwks === 'string'
        ? createRemoteJWKSet(new URL(client.jwks))
        : createLocalJWKSet(client.jwks),
    );
  }

  get tokenUrl(): string {
    return `${this.baseUrl}/token`;
  }

  /** A line item's URL on this platform (`query` kept, as Moodle's carry `?type_id=`). */
  lineitemUrl(id: string, query = ''): string {
    return `${this.baseUrl}/lineitems/${id}/lineitem${query}`;
  }

  /** The scores a line item received, in order. */
  scoresOf(lineitem: string): RecordedScore['body'][] {
    const path = lineitem.startsWith('http') ? lineitem.slice(this.baseUrl.length) : lineitem;
    return this.scores.filter((s) => s.lineitem === path).map((s) => s.body);
  }

  /** The next `n` requests (token or score) answer `status`. */
  failNext(n: number, status = 503): void {
    this.failures = { left: n, status };
  }

  /** Every connection is dropped unanswered until `up()`. */
  down(): void {
    this.isDown = true;
  }

  up(): void {
    this.isDown = false;
  }

  /** Every token given so far answers 401 from now on. */
  revokeTokens(): void {
    for (const t of this.tokens.values()) t.revoked = true;
  }

  /** Its own server on 127.0.0.1 (port 0: any); resolves to the base URL. */
  async listen(port = 0): Promise<string> {
    const server = createServer((request, response) => void this.dispatch(request, response));
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.server = server;
    this.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this.baseUrl;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Mounts the token endpoint and the line items on the platform core's server. */
  mountOn(platform: MountPoint, baseUrl: string): void {
    this.baseUrl = baseUrl;
    platform.route('POST', '/token', (q, r) => this.dispatch(q, r));
    platform.route('POST', '/lineitems/', (q, r) => this.dispatch(q, r));
  }

  private async dispatch(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (this.isDown) {
      request.socket.destroy();
      return;
    }
    if (this.failures.left > 0) {
      this.failures.left--;
      await readBody(request);
      answer(response, this.failures.status, { error: 'temporarily_unavailable' });
      return;
    }
    const url = new URL(request.url ?? '/', 'http://platform');
    if (request.method === 'POST' && url.pathname === '/token')
      return this.token(request, response);
    if (request.method === 'POST' && /^\/lineitems\/.+\/scores$/.test(url.pathname))
      return this.score(request, response, url);
    answer(response, 404, { error: 'not_found' });
  }

  private async token(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(request));
    const refuse = (clientId: string | null, why: string) => {
      this.tokenRequests.push({ clientId, refused: why });
      answer(response, 401, { error: 'invalid_client', error_description: why });
    };
    if (form.get('grant_type') !== 'client_credentials')
      return answer(response, 400, { error: 'unsupported_grant_type' });
    if (form.get('client_assertion_type') !== ASSERTION_TYPE)
      return refuse(null, 'client_assertion_type');
    if (form.get('scope') !== SCORE_SCOPE) return answer(response, 400, { error: 'invalid_scope' });
    const assertion = form.get('client_assertion') ?? '';
    // The client is the assertion's iss; its signature then proves it.
    let clientId: string | null = null;
    try {
      const payload = JSON.parse(
        Buffer.from(assertion.split('.')[1] ?? '', 'base64url').toString('utf8'),
      ) as { iss?: unknown };
      clientId = typeof payload.iss === 'string' ? payload.iss : null;
    } catch {
      return refuse(null, 'malformed assertion');
    }
    const keys = clientId === null ? undefined : this.clients.get(clientId);
    if (!keys || clientId === null) return refuse(clientId, 'unknown client');
    try {
      const { payload } = await jwtVerify(assertion, keys, {
        algorithms: ['RS256'],
        issuer: clientId,
        subject: clientId,
        audience: this.tokenUrl,
        requiredClaims: ['jti', 'exp', 'iat'],
        currentDate: new Date(this.options.now?.() ?? Date.now()),
      });
      if (this.jtis.has(payload.jti!)) return refuse(clientId, 'jti replayed');
      this.jtis.add(payload.jti!);
    } catch (error) {
      return refuse(clientId, (error as Error).message);
    }
    const token = randomBytes(16).toString('hex');
    this.tokens.set(token, { clientId, revoked: false });
    this.tokenRequests.push({ clientId, refused: null });
    answer(response, 200, {
      access_token: token,
      token_type: 'Bearer',
      expires_in: this.options.tokenTtlS ?? 3600,
      scope: SCORE_SCOPE,
    });
  }

  private async score(request: IncomingMessage, response: ServerResponse, url: URL) {
    const text = await readBody(request);
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const token = bearer === undefined ? undefined : this.tokens.get(bearer);
    if (!token || token.revoked) return answer(response, 401, { error: 'invalid_token' });
    const contentType = request.headers['content-type'] ?? '';
    if (contentType !== SCORE_TYPE) return answer(response, 415, { error: 'content type' });
    this.scores.push({
      lineitem: url.pathname.replace(/\/scores$/, '') + url.search,
      clientId: token.clientId,
      contentType,
      body: JSON.parse(text) as RecordedScore['body'],
    });
    response.writeHead(204);
    response.end();
  }
}
