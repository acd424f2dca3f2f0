// Two server instances on one PostgreSQL behind a small Node proxy behave as one (decision 0233):
// a save through either is seen by the other, a session works on both, the sign-in budget is
// shared, the CLI's commands (straight to the database) reach both, and a 1,700-row «Registro de
// inducción» exported on one holds up saves on neither: its PDF is drawn on a worker thread and
// saves sent meanwhile are answered before the export is (decision 0232). Mechanisms, not
// durations (decision 0255): the event-loop p99 is printed here and held to its 50-ms budget by
// `npm run bench:server -- --instances`. PostgreSQL only (TEST_DATABASE_URL): skipped without it.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openPostgres, type Db } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { createUser, issueToken } from './db/store.ts';
import { buildApp } from './app.ts';
import { acceptNotice, SHAPE, TEST_SESSION_COMPANY } from './test-support.ts';
import { readConfiguration } from '../course-files/read-config.ts';
import { ROOT } from '../course-files/read-content.ts';
import { runUsers } from './cli/users.ts';
import {
  listenLocal,
  seedCompletedLearners,
  spawnInstance,
  startRoundRobinProxy,
  type RoundRobinProxy,
} from './scale-out.ts';

const URL_ = process.env.TEST_DATABASE_URL;
const ANDINA = readConfiguration(
  { config: join(ROOT, 'test', 'fixtures', 'config', 'constructora-andina.json') },
  { firstObra: true },
).config;
const REGISTRO_ROWS = 1700;
const PASSWORD = 'clave-escala-1';

/** A learner's browser: the token and the XSRF cookie it was given, whichever instance answered. */
class Browser {
  token = '';
  xsrf = '';
  constructor(private readonly base: string) {}
  at(base: string) {
    const other = new Browser(base);
    other.token = this.token;
    other.xsrf = this.xsrf;
    return other;
  }
  async call(method: string, path: string, body?: object) {
    if (!this.xsrf) {
      const first = await fetch(`${this.base}/api/v1/csrf-cookie`);
      this.xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? '';
    }
    const response = await fetch(`${this.base}/api/v1/${path}`, {
      method,
      headers: {
        cookie: `XSRF-TOKEN=${this.xsrf}`,
        'x-xsrf-token': this.xsrf,
        ...(this.token ? { authorization: this.token } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const fresh = /XSRF-TOKEN=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
    if (fresh) this.xsrf = fresh;
    const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    return { status: response.status, json };
  }
  async login(document: string, password: string) {
    const answer = await this.call('POST', 'auth/login', { document, password });
    if (answer.status === 200) this.token = String(answer.json!.token);
    return answer;
  }
}

describe.skipIf(!URL_)('two instances on one PostgreSQL (decision 0233)', () => {
  const schema = `test_scale_${randomBytes(4).toString('hex')}`;
  const dbs: Db[] = [];
  const apps: FastifyInstance[] = [];
  const bases: string[] = [];
  let proxy: RoundRobinProxy;
  let learnerId: number;
  let coordinatorToken: string;

  beforeAll(async () => {
    for (let i = 0; i < 2; i++)
      dbs.push(
        await openPostgres(URL_!, { schema, max: 10, sessionCompany: TEST_SESSION_COMPANY }),
      );
    await migrate(dbs[0]!);
    for (const db of dbs) {
      const app = await buildApp({
        db,
        webDir: null,
        lmsPreviewDir: null,
        courseShape: SHAPE,
        rateLimits: { failuresPerAccount: 3, accountDelayMs: 60_000 },
        console: { config: ANDINA, course: { title: 'Inducción SST', hours: 4 } },
      });
      apps.push(app);
      bases.push(await listenLocal(app));
    }
    proxy = await startRoundRobinProxy(bases);
    learnerId = (
      await createUser(dbs[0]!, { document: '7000001', name: 'Ana Escala', password: PASSWORD })
    ).id;
    // The server saves only for a learner who accepted the data notice (record 0213).
    await acceptNotice(dbs[0]!, learnerId);
    const coordinator = await createUser(dbs[0]!, {
      document: 'C-escala',
      name: 'Coordinadora',
      password: 'clave-coordinadora',
      role: 'coordinador',
    });
    coordinatorToken = await issueToken(dbs[0]!, coordinator.id, 3_600_000, 'consola');
    await seedCompletedLearners(dbs[0]!, REGISTRO_ROWS, ANDINA.obras[0]!.slug);
  }, 180_000);

  afterAll(async () => {
    await proxy?.close();
    for (const app of apps) await app.close();
    for (const db of dbs) await db.close();
    if (URL_) {
      const admin = await openPostgres(URL_, { max: 1 });
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.close();
    }
  });

  it('a session from one instance saves through the other; each sees the other’s save', async () => {
    const onA = new Browser(bases[0]!);
    expect((await onA.login('7000001', PASSWORD)).status).toBe(200);
    // Same token, same XSRF cookie, the other instance: the XSRF key is shared (decision 0233).
    const onB = onA.at(bases[1]!);
    const saved = await onB.call('POST', 'update-user', {
      id: learnerId,
      score: 20,
      route: '0,1,2',
    });
    expect(saved.status).toBe(200);
    const seenOnA = await onA.call('POST', 'me');
    expect((seenOnA.json!.user as { score: number }).score).toBe(20);
    const savedOnA = await onA.call('POST', 'update-user', {
      id: learnerId,
      score: 40,
      route: '0,1,2-0,1,2',
    });
    expect(savedOnA.status).toBe(200);
    expect(((await onB.call('POST', 'me')).json!.user as { score: number }).score).toBe(40);

    // Through the proxy, requests alternate between the two; every one of them succeeds.
    const viaProxy = onA.at(proxy.url);
    const before = [...proxy.counts];
    for (let i = 0; i < 6; i++) expect((await viaProxy.call('POST', 'me')).status).toBe(200);
    expect(proxy.counts[0]! - before[0]!).toBeGreaterThan(0);
    expect(proxy.counts[1]! - before[1]!).toBeGreaterThan(0);
  });

  it('one sign-in budget: failures on either instance count together', async () => {
    await createUser(dbs[0]!, { document: '7000002', name: 'Beto Escala', password: PASSWORD });
    const a = new Browser(bases[0]!);
    const b = new Browser(bases[1]!);
    expect((await a.login('7000002', 'equivocada-1')).status).toBe(401);
    expect((await b.login('7000002', 'equivocada-2')).status).toBe(401);
    expect((await a.login('7000002', 'equivocada-3')).status).toBe(401);
    // The budget of 3 is spent on the two instances together: the right password now waits,
    // on either instance.
    expect((await b.login('7000002', PASSWORD)).status).toBe(429);
    expect((await a.login('7000002', PASSWORD)).status).toBe(429);
  });

  it('the CLI (straight to the database on PostgreSQL) reaches both instances', async () => {
    const out: string[] = [];
    const code = await runUsers(
      ['add', '--document', '7000003', '--name', 'Carla CLI', '--password', PASSWORD],
      { out: (t) => void out.push(t), err: (t) => void out.push(t) },
      dbs[1]!,
    );
    expect(code).toBe(0);
    for (const base of bases)
      expect((await new Browser(base).login('7000003', PASSWORD)).status).toBe(200);
  });

  // Both instances in processes of their own, as in production (scale-out-instance.ts). What is
  // asserted is the mechanism of decision 0232, not a duration (decision 0255): the exporting
  // instance drew the PDF on a worker thread, and saves sent while the export ran were answered
  // before it, on either instance. The event-loop p99 is printed, not gated: the budget of 50 ms
  // is checked by `npm run bench:server -- --instances`.
  it('a 1,700-row registro exported on one instance is drawn on a worker thread; saves on either are answered while it runs', async () => {
    const exporter = await spawnInstance({ databaseUrl: URL_!, schema });
    const other = await spawnInstance({ databaseUrl: URL_!, schema });
    try {
      const slug = ANDINA.obras[0]!.slug;
      const year = new Date().getUTCFullYear();
      const exportUrl = `${exporter.url}/consola/registro.pdf?obra=${slug}&desde=${year - 2}-01-01&hasta=${year + 1}-01-01`;
      /** The instance's figures: loop p99 since the last ask, registro PDFs drawn by a worker. */
      const probe = async (base: string) =>
        (await (await fetch(`${base}/__event-loop`)).json()) as { p99: number; workerPdfs: number };
      /** Starts the export; `answered` turns true when its response arrives. */
      const startExport = () => {
        const state = { answered: false };
        const done = fetch(exportUrl, { headers: { authorization: coordinatorToken } }).then(
          async (r) => {
            state.answered = true;
            return { status: r.status, bytes: new Uint8Array(await r.arrayBuffer()) };
          },
        );
        return { state, done };
      };

      /**
       * Saves through `base` one after another, until the export (if any) is done, else 40.
       * `beforeExport`: saves whose answer arrived before the export's response did.
       */
      const measure = async (base: string, exported: ReturnType<typeof startExport> | null) => {
        const saver = new Browser(base);
        expect((await saver.login('7000001', PASSWORD)).status).toBe(200);
        let settled = false;
        void exported?.done.finally(() => (settled = true));
        const times: number[] = [];
        let beforeExport = 0;
        await probe(base);
        while (exported ? !settled : times.length < 40) {
          const t0 = performance.now();
          const answer = await saver.call('POST', 'update-user', {
            id: learnerId,
            score: 40,
            route: '0,1,2-0,1,2',
          });
          times.push(performance.now() - t0);
          expect(answer.status).toBe(200);
          if (exported && !exported.state.answered) beforeExport++;
        }
        times.sort((x, y) => x - y);
        return {
          saves: times.length,
          beforeExport,
          savesP99: times[Math.ceil(times.length * 0.99) - 1]!,
          loopP99: (await probe(base)).p99,
        };
      };
      const line = (name: string, q: { saves: number; savesP99: number; loopP99: number }) =>
        `${name}: ${q.saves} saves p99 ${q.savesP99.toFixed(1)} ms, loop p99 ${q.loopP99.toFixed(1)} ms`;

      for (const [name, base] of [
        ['other instance', other.url],
        ['exporting instance', exporter.url],
      ] as const) {
        const quiet = await measure(base, null);
        const drawnBefore = (await probe(exporter.url)).workerPdfs;
        const exported = startExport();
        const busy = await measure(base, exported);
        const pdf = await exported.done;
        expect(pdf.status).toBe(200);
        expect(new TextDecoder('latin1').decode(pdf.bytes.subarray(0, 5))).toBe('%PDF-');
        // Many pages: the registro really held the 1,700 rows.
        expect(pdf.bytes.length).toBeGreaterThan(100_000);
        // Figures for the reader, not gates (decision 0255): the bench holds the 50-ms budget.
        console.log(
          `scale-out, ${line(`${name} at rest`, quiet)}; ${line('during export', busy)}, ` +
            `${busy.beforeExport} answered before the export`,
        );
        // (a) The PDF came back from the exporting instance's worker thread, not its event loop.
        expect((await probe(exporter.url)).workerPdfs).toBe(drawnBefore + 1);
        // (b) Saves sent while it was drawn were answered before it was: nothing waited behind it.
        expect(busy.beforeExport).toBeGreaterThanOrEqual(3);
      }
    } finally {
      await exporter.stop();
      await other.stop();
    }
  }, 400_000);
});
