// Progress report for the SST coordinator (decision 0029):
//   npm run report -- --csv [--out FILE]
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Db } from '../db/db.ts';
import { reportRows } from '../db/store.ts';
import { completedModuleCount } from '../progress-rules.ts';
import { loadCourseShape } from '../course-shape.ts';
import type { CourseShape } from '../../src/domain/progress/engine.ts';
import { parseArgs, takeCompany, UsageError } from './args.ts';
import { csvCell, csvLine } from './csv.ts';
import { runWithDb, type CliIo } from './run.ts';
import { esCli as T } from './strings/es-cli.ts';

export const REPORT_COLUMNS = [
  'documento',
  'nombre',
  'correo',
  'puntaje',
  'modulos_completados',
  'ruta',
  'finalizado_en',
  'certificado',
] as const;

export const REPORT_HELP = T.reportHelp(REPORT_COLUMNS.join(','));

export async function buildReportCsv(db: Db, shape: CourseShape): Promise<string> {
  const rows = await reportRows(db);
  const lines = [csvLine([...REPORT_COLUMNS])];
  for (const r of rows) {
    lines.push(
      // Every cell is guarded: a document like -1-1 or a name like =HYPERLINK(…) must stay
      // text when a spreadsheet opens the report.
      csvLine(
        [
          r.document,
          r.name,
          r.email,
          r.score,
          completedModuleCount(r.route, shape, r.score === null ? null : Number(r.score)),
          r.route,
          r.completed_at,
          r.certificate_code,
        ].map((cell) => csvCell(cell, { guardFormula: true })),
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}

export async function runReport(
  argv: string[],
  io: CliIo,
  db?: Db,
  shape?: CourseShape,
): Promise<number> {
  // `--empresa ID` (default 1): the report of that company's learners (record 0283).
  const { company, rest } = takeCompany(argv);
  const { options, positionals } = parseArgs(rest, { values: ['out'], flags: ['csv'] });
  if (options.has('help')) {
    io.out(REPORT_HELP);
    return 0;
  }
  if (positionals.length) throw new UsageError(T.unexpectedArgument(positionals[0]!));
  if (!options.has('csv')) throw new UsageError(T.formatRequired);
  const out = options.get('out');
  return runWithDb(
    db,
    io,
    async (d) => {
      const csv = await buildReportCsv(d, shape ?? loadCourseShape());
      if (typeof out === 'string') {
        // A byte-order mark so Excel reads the file as UTF-8 (not on stdout: it would reach pipes).
        writeFileSync(out, `\uFEFF${csv}`, 'utf8');
        io.err(T.reportWritten(out, csv.trimEnd().split('\n').length - 1));
      } else io.out(csv.trimEnd());
      return 0;
    },
    company,
  );
}

export async function main(argv = process.argv.slice(2)): Promise<number> {
  const io: CliIo = { out: (s) => console.log(s), err: (s) => console.error(s) };
  try {
    return await runReport(argv, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${REPORT_HELP}`);
      return 1;
    }
    io.err((error as Error).message);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  main().then((code) => process.exit(code));
