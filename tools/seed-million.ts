// npm run seed:million -- [--companies N] [--learners M] [--database-url URL] [--schema S] [--max-gb G]
// Fills a PostgreSQL schema with N companies × M learners and every row a learner leaves
// (record 0289; the shape is in tools/bench/million-seed.ts), for `npm run bench:million`.
// Before it writes, it seeds a sample of two companies in a schema of its own, prints the disk
// the whole seed will take, and stops when that is over --max-gb (20 by default) or over the
// free disk. It refuses a schema that already holds learners. Never part of `npm test`.
// Defaults: 1000 × 1000 into schema millon_1000x1000, on DATABASE_URL or TEST_DATABASE_URL
// (`source scripts/ci-postgres.sh` sets the second).
import { statfsSync } from 'node:fs';
import { join } from 'node:path';
import { openPostgres, type Db } from '../server/db/db.ts';
import { migrate } from '../server/db/migrate.ts';
import { hashPassword } from '../server/security/passwords.ts';
import { readConfiguration } from '../course-files/read-config.ts';
import { ROOT } from '../course-files/read-content.ts';
import { dataNoticeVersion } from '../src/domain/config/index.ts';
import { envText } from '../scripts/lib/env.ts';
import {
  learnerCount,
  MAX_COMPANIES,
  MAX_LEARNERS,
  schemaBytes,
  seedCompanies,
  type SeedShape,
} from './bench/million-seed.ts';

/** The password every seeded account has (one hash, shared): the bench signs in with it. */
export const SEED_PASSWORD = 'semilla-clave-123';

export interface SeedOptions {
  companies: number;
  learners: number;
  databaseUrl: string | null;
  schema: string;
  maxGb: number;
}

export const USAGE =
  'Uso: npm run seed:million -- [--companies N] [--learners M] [--database-url URL] [--schema S] [--max-gb G]';

/** The schema a size lives in unless --schema says otherwise. */
export const defaultSchema = (companies: number, learners: number) =>
  `millon_${companies}x${learners}`;

export function parseSeedOptions(argv: string[], env: Record<string, string | undefined>) {
  const o = { companies: 1000, learners: 1000, maxGb: 20 } as Omit<
    SeedOptions,
    'schema' | 'databaseUrl'
  >;
  let schema: string | null = null;
  let databaseUrl = env.DATABASE_URL || env.TEST_DATABASE_URL || null;
  const limits = { companies: MAX_COMPANIES, learners: MAX_LEARNERS, maxGb: 10_000 };
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]!);
    if (!m || !['database-url', 'schema', 'companies', 'learners', 'max-gb'].includes(m[1]!))
      throw new Error(`opción desconocida: ${argv[i]}`);
    const value = m[2] ?? argv[++i];
    if (value === undefined) throw new Error(`--${m[1]} necesita un valor`);
    if (m[1] === 'database-url') databaseUrl = value;
    else if (m[1] === 'schema') {
      if (!/^[a-z_][a-z0-9_]{0,50}$/.test(value)) throw new Error(`esquema no válido: ${value}`);
      schema = value;
    } else if (m[1] === 'companies' || m[1] === 'learners' || m[1] === 'max-gb') {
      const key = m[1] === 'max-gb' ? 'maxGb' : m[1];
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1 || n > limits[key])
        throw new Error(`--${m[1]} pide un número entero de 1 a ${limits[key]}, no "${value}"`);
      o[key] = n;
    } else throw new Error(`opción desconocida: --${m[1]}`);
  }
  return { ...o, databaseUrl, schema: schema ?? defaultSchema(o.companies, o.learners) };
}

/** The shape every seed of this tool has: the fixture console's obras and notice. */
export async function seedShape(companies: number, learners: number): Promise<SeedShape> {
  const config = readConfiguration(
    { config: join(ROOT, 'test', 'fixtures', 'config', 'constructora-andina.json') },
    { firstObra: true },
  ).config;
  const [first, second] = config.obras;
  return {
    companies,
    learners,
    obras: [first!.slug, (second ?? first)!.slug],
    notice: dataNoticeVersion(config),
    passwordHash: await hashPassword(SEED_PASSWORD),
  };
}

/**
 * Bytes the whole seed will take: two companies seeded in a sample schema (dropped after),
 * per learner, times every learner, plus a tenth for what grows unevenly (indexes' fill).
 */
export async function estimateBytes(url: string, shape: SeedShape, schema: string) {
  const sample = `${schema}_muestra`;
  const admin = await openPostgres(url, { max: 1 });
  await admin.query(`DROP SCHEMA IF EXISTS ${sample} CASCADE`);
  const db = await openPostgres(url, { schema: sample, max: 2 });
  try {
    await migrate(db);
    const empty = await schemaBytes(db);
    const companies = Math.min(2, shape.companies);
    await seedCompanies(db, { ...shape, companies });
    const perLearner = (await schemaBytes(db)) - empty;
    const total = shape.companies * shape.learners;
    return Math.round(empty + (perLearner / (companies * shape.learners)) * total * 1.1);
  } finally {
    await db.close();
    await admin.query(`DROP SCHEMA IF EXISTS ${sample} CASCADE`);
    await admin.close();
  }
}

const gb = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GB`;

async function main(): Promise<number> {
  let o: SeedOptions;
  try {
    o = parseSeedOptions(process.argv.slice(2), {
      DATABASE_URL: envText('DATABASE_URL'),
      TEST_DATABASE_URL: envText('TEST_DATABASE_URL'),
    });
  } catch (e) {
    console.error(`seed:million: ${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!o.databaseUrl) {
    console.error(
      'seed:million: se necesita PostgreSQL: --database-url, DATABASE_URL o TEST_DATABASE_URL (en este repositorio: source scripts/ci-postgres.sh).',
    );
    return 2;
  }
  const started = performance.now();
  const db: Db = await openPostgres(o.databaseUrl, { schema: o.schema, max: 2 });
  try {
    await migrate(db);
    const present = await learnerCount(db);
    if (present > 0) {
      console.error(
        `seed:million: el esquema ${o.schema} ya tiene ${present} aprendices; la semilla solo llena un esquema vacío. Use otro --schema, o bórrelo antes (DROP SCHEMA ${o.schema} CASCADE).`,
      );
      return 1;
    }
    const shape = await seedShape(o.companies, o.learners);
    const need = await estimateBytes(o.databaseUrl, shape, o.schema);
    const free = (() => {
      const s = statfsSync('/');
      return s.bavail * s.bsize;
    })();
    console.log(
      `seed:million: ${o.companies} empresas × ${o.learners} aprendices en el esquema ${o.schema}: necesita unos ${gb(need)} de disco (libres en /: ${gb(free)}).`,
    );
    if (need > o.maxGb * 1024 ** 3 || need > free * 0.8) {
      console.error(
        `seed:million: no sigo: ${gb(need)} pasa de --max-gb ${o.maxGb} o del 80 % del disco libre.`,
      );
      return 1;
    }
    const t0 = performance.now();
    await seedCompanies(db, shape, (done, total) => {
      const s = (performance.now() - t0) / 1000;
      process.stderr.write(`  ${done}/${total} empresas, ${s.toFixed(0)} s\n`);
    });
    const bytes = await schemaBytes(db);
    console.log(
      `seed:million: listo en ${((performance.now() - started) / 1000).toFixed(0)} s; el esquema ocupa ${gb(bytes)} (${Math.round(bytes / (o.companies * o.learners))} bytes por aprendiz).`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

if (process.argv[1]?.endsWith('seed-million.ts'))
  main().then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(`seed:million: ${(error as Error).stack ?? String(error)}`);
      process.exitCode = 2;
    },
  );
