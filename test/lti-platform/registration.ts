// The Dynamic Registration side of the test LMS (record 0295): an OpenID configuration at
// `/.well-known/openid-configuration` and a registration endpoint at `/registrar` that checks
// the registration token, records every client registration it receives and answers a client id
// and a deployment id. A node:http server of its own on a given port (0: any free one); the
// launch platform's core (platform.ts) can mount `handle` on its own server through its route
// hook instead. `answerNext` makes the next registration answer a failure or a bad body.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRegistration {
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export type Misbehaviour = 'error' | 'bad-json' | 'no-client-id';

export class RegistrationPlatform {
  readonly registrations: RecordedRegistration[] = [];
  /** The registration token the endpoint accepts. */
  readonly registrationToken = 'token-de-registro-de-prueba';
  productFamily = 'moodle';
  /** What the configuration calls its issuer (tests break it); default the server's origin. */
  issuerOverride: string | null = null;
  private server: Server | null = null;
  private misbehaviour: Misbehaviour | null = null;
  private clients = 0;
  origin = '';

  get issuer(): string {
    return this.issuerOverride ?? this.origin;
  }

  get configurationUrl(): string {
    return `${this.origin}/.well-known/openid-configuration`;
  }

  /** The next registration request is answered this way. */
  answerNext(misbehaviour: Misbehaviour): void {
    this.misbehaviour = misbehaviour;
  }

  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    const server = this.server;
    this.server = null;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Answers `/.well-known/openid-configuration` and `/registrar`; false for any other path. */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && path === '/.well-known/openid-configuration') {
      send(res, 200, {
        issuer: this.issuer,
        authorization_endpoint: `${this.origin}/auth`,
        token_endpoint: `${this.origin}/token`,
        jwks_uri: `${this.origin}/jwks`,
        registration_endpoint: `${this.origin}/registrar`,
        'https://purl.imsglobal.org/spec/lti-platform-configuration': {
          product_family_code: this.productFamily,
          version: '4.3',
        },
      });
      return true;
    }
    if (req.method === 'POST' && path === '/registrar') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const authorization = req.headers.authorization;
      this.registrations.push({
        authorization,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
      });
      const misbehaviour = this.misbehaviour;
      this.misbehaviour = null;
      if (authorization !== `Bearer ${this.registrationToken}`)
        return send(res, 401, { error: 'invalid_token' });
      if (misbehaviour === 'error') return send(res, 500, { error: 'server_error' });
      if (misbehaviour === 'bad-json') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{no es json');
        return true;
      }
      this.clients += 1;
      return send(res, 200, {
        ...(misbehaviour === 'no-client-id' ? {} : { client_id: `cliente-${this.clients}` }),
        'https://purl.imsglobal.org/spec/lti-tool-configuration': {
          deployment_id: `despliegue-${this.clients}`,
        },
      });
    }
    if (this.server) send(res, 404, { error: 'not_found' });
    return false;
  }
}

function send(res: ServerResponse, status: number, body: unknown): true {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  return true;
}
