// The server of `npm run bench:monday` (decision 0251), run as its own process the way
// `npm start` runs it: our real server (startServer) on a throwaway PGlite data folder, serving
// dist/web and the console with the default configuration, at production password cost.
// Seeded first: the coordinator, and 120 workers who started in earlier weeks (so that finding
// Monday's 40 takes the «Ingresó desde» filter). Prints one JSON line { url } on stdout once it
// listens; on SIGTERM or SIGINT it closes and removes the folder (the bench removes it too, once
// this process has ended, whatever way it ended).
// Usage: tsx tools/bench/monday-server.ts <port> <coordinator-document> <password> <data-folder>
import { join } from 'node:path';
import { openDatabase } from '../../server/db/open.ts';
import { createUser } from '../../server/db/store.ts';
import { startServer } from '../../server/server.ts';
import { ROOT } from '../../course-files/read-content.ts';
import { serveThrowaway } from '../../scripts/lib/throwaway-server.ts';

const EARLIER_WORKERS = 120;

const [portArg = '', document = '', password = '', dataDir = ''] = process.argv.slice(2);
if (!/^\d+$/.test(portArg) || !document || !password || !dataDir) {
  console.error('usage: tsx tools/bench/monday-server.ts <port> <document> <password> <folder>');
  process.exit(2);
}

async function seed() {
  const opened = await openDatabase({ dataDir, databaseUrl: '', role: 'cli' });
  try {
    await createUser(opened.db, {
      document,
      name: 'Carla Coordinadora',
      email: null,
      password,
      role: 'coordinador',
    });
    // Earlier weeks' workers, written in SQL (their passwords are never used): a third done.
    await opened.db.query(
      `INSERT INTO users (document, name, email, password_hash, obra, contratista, cargo, fecha_ingreso)
       SELECT 'E' || g, 'Trabajador Anterior ' || lpad(g::text, 3, '0'), NULL, 'x', 'obra-ejemplo',
              CASE WHEN g % 3 = 0 THEN NULL ELSE 'Concretos Añil S.A.S.' END, 'Oficial',
              current_date - (7 + g % 90)
         FROM generate_series(1, $1::integer) g`,
      [EARLIER_WORKERS],
    );
    await opened.db.query(
      `INSERT INTO progress (user_id, score, route, completed_at)
       SELECT id, CASE id % 3 WHEN 0 THEN 100 ELSE 0 END, '',
              CASE WHEN id % 3 = 0 THEN now() - interval '3 days' END
         FROM users WHERE document LIKE 'E%'`,
    );
  } finally {
    await opened.close();
  }
}

const server = await serveThrowaway(dataDir, async () => {
  await seed();
  return startServer({
    host: '127.0.0.1',
    port: Number(portArg),
    dataDir,
    databaseUrl: '',
    // The default configuration (config/ejemplo.json, or CURSO_CONFIG): the console needs one.
    config: {},
    print: () => {},
    app: { webDir: join(ROOT, 'dist', 'web'), lmsPreviewDir: null },
  });
});
console.log(JSON.stringify({ url: server.url.replace(/\/$/, '') }));
