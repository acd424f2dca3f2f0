// Two (or N) server instances on one PostgreSQL behind a small Node proxy (decision 0233): what
// the scale-out test and `npm run bench:server -- --instances` share. The proxy sends each new
// request to the next instance in turn (round robin), as a load balancer without sticky sessions
// would; nothing here keeps state between requests.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Db } from './db/db.ts';
import { currentEnv } from './env.ts';

export interface RoundRobinProxy {
  url: string;
  /** How many requests each upstream received. */
  counts: number[];
  close(): Promise<void>;
}

/** A round-robin HTTP proxy on 127.0.0.1 in front of `upstreams` (base URLs). */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const counts = upstreams.map(() => 0);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    const index = next++ % upstreams.length;
    counts[index]!++;
    const target = new URL(req.url ?? '/', upstreams[index]);
    const upstream = http.request(
      target,
      {
        method: req.method,
        agent,
        headers: {
          ...req.headers,
          'x-forwarded-for': req.socket.remoteAddress ?? '',
          'x-forwarded-host': req.headers.host ?? '',
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('upstream error');
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Starts a built app on an ephemeral loopback port; returns its base URL. */
export async function listenLocal(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/**
 * `count` learners of an obra who completed the course in the last year, with 10 first answers
 * each: the rows of a «Registro de inducción» (decision 0116).
 */
export async function seedCompletedLearners(db: Db, count: number, obra: string): Promise<void> {
  await db.query(
    `INSERT INTO users (document, name, email, password_hash, obra, contratista, cargo, fecha_ingreso)
     SELECT 'R' || g, 'Aprendiz de la obra con un nombre largo ' || lpad(g::text, 5, '0'),
            NULL, 'x', $2, 'Contratista ' || (g % 12), 'Oficial de obra', date '2025-01-01'
       FROM generate_series(1, $1::integer) g`,
    [count, obra],
  );
  await db.query(
    `INSERT INTO progress (user_id, score, route, completed_at)
     SELECT id, 100, '0,1,2,3-0,1,2,3-0,1,2,3-0,1,2,3-0,1,2', now() - (id % 300) * interval '1 day'
       FROM users WHERE document LIKE 'R%'`,
  );
  await db.query(
    `INSERT INTO answers (user_id, course_id, cycle, question_id, question, chosen_option,
                          correct_option, correct, content_version, answered_at, latency_ms)
     SELECT u.id, 'curso-sst', 1, 'm' || (q / 2 + 1) || '-q' || (q % 2 + 1), 'Pregunta ' || q,
            'Opción', 'Opción', (u.id + q) % 4 <> 0, '1.0.0', now() - interval '1 day', 1200
       FROM users u CROSS JOIN generate_series(0, 9) q WHERE u.document LIKE 'R%'`,
  );
}

/** A server instance in a child process (scale-out-instance.ts); `stop` ends it. */
export async function spawnInstance(env: {
  databaseUrl: string;
  schema: string;
  exportsInline?: boolean;
}): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const { spawn } = await import('node:child_process');
  const { fileURLToPath } = await import('node:url');
  const entry = fileURLToPath(new URL('./scale-out-instance.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: {
      ...currentEnv(),
      SCALE_DATABASE_URL: env.databaseUrl,
      SCALE_SCHEMA: env.schema,
      SCALE_EXPORTS_INLINE: env.exportsInline ? '1' : '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const line = /\{"url":"[^"]+"\}/.exec(text);
      if (line) resolve((JSON.parse(line[0]) as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`instance exited (${code}) before listening`)));
  });
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        // A clean stop closes the app and the pool; one that hangs is ended after 5 s.
        const force = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
