// One server instance in its own process, for the scale-out test and bench (decision 0233):
// PostgreSQL from SCALE_DATABASE_URL in schema SCALE_SCHEMA, the console with the made-up
// company of test/fixtures, on an ephemeral loopback port. Prints {"url": …} once listening;
// stops on SIGTERM. GET /__event-loop (this file only, never the production app) answers the
// event-loop p99 since the last ask and how many registro PDFs a worker thread drew.
// Not a way to run production: that is `npm start` (server README).
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openPostgres } from './db/db.ts';
import { buildApp } from './app.ts';
import { readConfiguration } from '../course-files/read-config.ts';
import { ROOT } from '../course-files/read-content.ts';
import { listenLocal } from './scale-out.ts';
import { currentEnv } from './env.ts';
import { SHAPE } from './test-support.ts';

const config = readConfiguration(
  { config: join(ROOT, 'test', 'fixtures', 'config', 'constructora-andina.json') },
  { firstObra: true },
).config;
const db = await openPostgres(currentEnv().SCALE_DATABASE_URL!, {
  schema: currentEnv().SCALE_SCHEMA!,
  max: 10,
});
const app = await buildApp({
  db,
  webDir: null,
  lmsPreviewDir: null,
  courseShape: SHAPE,
  rateLimits: { failuresPerAccount: 3, accountDelayMs: 60_000, loginPerIp: 0 },
  exportsInline: currentEnv().SCALE_EXPORTS_INLINE === '1',
  console: { config, course: { title: 'Inducción SST', hours: 4 } },
});
// This process's event-loop delay since the last ask (p99, ms): what a save waited at worst.
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
// Registro PDFs answered by a worker thread of this process (decision 0232): the export pool's
// worker posts each finished PDF back as a Uint8Array. Read from outside the app, through
// Node's 'worker' event, so the production code carries nothing for the test (decision 0255).
let workerPdfs = 0;
process.on('worker', (worker) => {
  worker.on('message', (message: { ok?: boolean; result?: unknown }) => {
    if (message?.ok && message.result instanceof Uint8Array) workerPdfs++;
  });
});
app.get('/__event-loop', async () => {
  const p99 = delay.percentile(99) / 1e6;
  delay.reset();
  return { p99, workerPdfs };
});
const url = await listenLocal(app);
process.stdout.write(`${JSON.stringify({ url })}\n`);
process.on('SIGTERM', () => {
  void app.close().then(() => db.close().then(() => process.exit(0)));
});
