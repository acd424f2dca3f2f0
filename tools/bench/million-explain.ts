// `npm run bench:million -- --explain [--learners N]`: the plans of the console's queries for the
// last company of a seeded size (record 0289), as the console runs them — the SQL is caught from
// the console's own functions, then run again under EXPLAIN (ANALYZE, BUFFERS) for that company.
import type { Db, Queryable } from '../../server/db/db.ts';
import { companyDb } from '../../server/db/company-scope.ts';
import { contratistas, learnersPage, summary } from '../../server/console/queries.ts';
import { registroRows } from '../../server/console/exports.ts';
import type { ChainCheck } from '../../server/acceptance/store.ts';

const SCOPE = { courseId: 'curso-sst', defaultObra: 'torre-norte', reinductionMonths: 12 };

class Caught extends Error {}

/** The statements `run` sends, the first `limit` of them (then it is stopped). */
async function catchSql(run: (db: Queryable) => Promise<unknown>, limit = 10) {
  const caught: { sql: string; params: unknown[] }[] = [];
  const spy: Queryable = {
    async query<T>(sql: string, params: unknown[] = []) {
      caught.push({ sql, params });
      if (caught.length >= limit) throw new Caught();
      return [] as T[];
    },
  };
  await run(spy).catch((e: unknown) => {
    if (!(e instanceof Caught)) throw e;
  });
  return caught;
}

export async function explainConsole(db: Db, company: number): Promise<string> {
  const year = new Date().getUTCFullYear();
  const scoped = companyDb(db).forCompany(company);
  const queries: [string, { sql: string; params: unknown[] }[]][] = [
    ['summary (/consola)', await catchSql((q) => summary(q, SCOPE))],
    ['learners page 10', await catchSql((q) => learnersPage(q, SCOPE, { pagina: 10 }), 1)],
    ['contratistas (learners page)', await catchSql((q) => contratistas(q))],
    [
      'registro rows',
      await catchSql(
        (q) =>
          registroRows(q, SCOPE, 'torre-norte', `${year - 2}-01-01`, `${year + 1}-01-01`, {
            chain: {} as ChainCheck,
            verifyBase: '',
          }),
        1,
      ),
    ],
  ];
  const out: string[] = [];
  for (const [name, statements] of queries)
    for (const s of statements) {
      const plan = await scoped.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS) ${s.sql}`,
        s.params,
      );
      out.push(`── ${name}`, ...plan.map((r) => r['QUERY PLAN']), '');
    }
  return out.join('\n');
}
