// Part of `npm run bench:server`: the data-folder lock race (decision 0050), 50 rounds × 8
// processes per lock strategy, and the CSV import of 10,000 generated rows (1 in 50 bad) as UTF-8
// and as Windows-1252: time apart from hashing, hashing time, and production-cost hashing
// measured on a sample.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite } from '../../server/db/db.ts';
import { migrate } from '../../server/db/migrate.ts';
import { runLockRace, type RaceResult } from '../../server/db/lock-race.ts';
import { defaultStrategy, type LockStrategy } from '../../server/db/lock.ts';
import { importUsers } from '../../server/cli/users.ts';
import { generateImportCsv } from '../../server/cli/import-fixture.ts';
import { hashAll } from '../../server/cli/csv-import.ts';
import { DEFAULT_LOG2_N } from '../../server/security/passwords.ts';
import { withEnv } from '../../scripts/lib/env.ts';

export async function benchLockRace(log: (line: string) => void): Promise<RaceResult[]> {
  const strategies: LockStrategy[] = defaultStrategy() === 'os' ? ['os', 'file'] : ['file'];
  const results: RaceResult[] = [];
  for (const strategy of strategies) {
    log(`  lock race: 50 rounds × 8 processes (${strategy})`);
    results.push(await runLockRace({ rounds: 50, processes: 8, strategy }));
  }
  return results;
}

export interface ImportResult {
  variant: string;
  rows: number;
  imported: number;
  rejected: number;
  encoding: string;
  importSeconds: number;
  hashSeconds: number;
  hashLog2N: number;
}

/** 10,000 generated rows (1 in 50 bad) into PGlite on disk, as UTF-8 and as Windows-1252. */
export async function benchImport(log: (line: string) => void): Promise<{
  results: ImportResult[];
  production: { log2N: number; sample: number; msPerPassword: number; estimateSeconds: number };
}> {
  const results: ImportResult[] = [];
  // The import's own work is measured at a low hash cost; production hashing is measured on a
  // sample below and extrapolated, so the bench stays minutes, not half an hour.
  const log2N = 10;
  await withEnv({ CURSO_SST_SCRYPT_LOG2N: String(log2N) }, async () => {
    for (const variant of ['UTF-8', 'Windows-1252'] as const) {
      const dir = mkdtempSync(join(tmpdir(), 'curso-sst-bench-import-'));
      const db = await openPglite(join(dir, 'pglite'));
      await migrate(db);
      try {
        const { csv } = generateImportCsv(10_000, {
          prefix: variant === 'UTF-8' ? '81' : '82',
          badEvery: 50,
        });
        const bytes = variant === 'UTF-8' ? Buffer.from(csv, 'utf8') : Buffer.from(csv, 'latin1');
        log(`  import: 10,000 rows, ${variant}`);
        const summary = await importUsers(db, bytes, {
          out: () => {},
          err: () => {},
        });
        if (!summary?.timings) throw new Error(`import ${variant} refused the file`);
        results.push({
          variant,
          rows: 10_000,
          imported: summary.imported,
          rejected: summary.rejected,
          encoding: summary.encoding ?? '?',
          importSeconds: summary.timings.importMs / 1000,
          hashSeconds: summary.timings.hashMs / 1000,
          hashLog2N: log2N,
        });
      } finally {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });
  // Production cost (N=2^17): a sample hashed the way the import hashes, extrapolated.
  const sample = 40;
  log(`  hashing: ${sample} passwords at N=2^${DEFAULT_LOG2_N}`);
  const t0 = performance.now();
  await withEnv({ CURSO_SST_SCRYPT_LOG2N: undefined }, () =>
    hashAll(
      Array.from({ length: sample }, (_, i) => `clave-${i}`),
      () => {},
    ),
  );
  const msPerPassword = (performance.now() - t0) / sample;
  return {
    results,
    production: {
      log2N: DEFAULT_LOG2_N,
      sample,
      msPerPassword,
      estimateSeconds: (msPerPassword * 10_000) / 1000,
    },
  };
}

/** The report's lines for the lock race and the import. */
export function formatLockAndImport(
  lock: RaceResult[],
  imports: Awaited<ReturnType<typeof benchImport>>,
): string[] {
  const lockLines = lock.map((r) => {
    const ones = r.holders.filter((h) => h === 1).length;
    const worst = Math.max(...r.holders);
    return `  ${r.strategy.padEnd(4)}  ${r.rounds} rounds × ${r.processes} processes: exactly one holder in ${ones}/${r.rounds} rounds (most holders in a round: ${worst}; errors: ${r.errors.length}; ${(r.ms / 1000).toFixed(1)} s)`;
  });
  const importLines = imports.results.map(
    (r) =>
      `  ${r.variant.padEnd(12)}  ${r.rows} rows → ${r.imported} imported, ${r.rejected} rejected (read as ${r.encoding}): ` +
      `${r.importSeconds.toFixed(1)} s apart from hashing; hashing ${r.hashSeconds.toFixed(1)} s at N=2^${r.hashLog2N}`,
  );
  const p = imports.production;
  return [
    'Data-folder lock race (stale lock each round: dead pid, then a live pid of another process)',
    ...lockLines,
    '',
    'CSV import into PGlite on disk (1 row in 50 bad)',
    ...importLines,
    `  hashing at production cost N=2^${p.log2N}: ${p.msPerPassword.toFixed(0)} ms per password over ${availableParallelism()} cores (sample of ${p.sample}) → about ${p.estimateSeconds.toFixed(0)} s for 10,000`,
  ];
}
