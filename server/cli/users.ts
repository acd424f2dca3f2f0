// Admin CLI for learners (decision 0029):
//   npm run users -- add --document D --name N --password P [--email E] [--obra SLUG]
//   npm run users -- import FILE.csv
//   npm run users -- plataforma add --email E --name N --password P   (record 0286)
// Same database as the server: DATABASE_URL, else PGlite in ./data (refused while the server runs).
// A learner's obra must be one of its company's configuration (`--empresa`, default 1: its stored
// version, else CURSO_CONFIG; decisions 0078, 0294).
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { Db } from '../db/db.ts';
import { createUser, DuplicateUserError } from '../db/store.ts';
import { parseArgs, takeCompany, UsageError } from './args.ts';
import { ConfigError, formatConfigError } from '../../course-files/read-config.ts';
import {
  checkHeader,
  controlCharacter,
  decodeCsv,
  parseCsvRows,
  saveRows,
  type CsvEncoding,
  type CsvRow,
  type Decoded,
  type HeaderCheck,
  type ImportIo,
  type ImportRow,
  type ImportTimings,
} from './csv-import.ts';
import { runWithDb, type CliIo } from './run.ts';
import { addPlatformAccount, platformCommand } from './platform.ts';
import { forwardUsers } from './forward.ts';
import { audit, type Actor } from '../console/audit.ts';
import {
  companyObras,
  databaseObras,
  validateUser,
  type KnownObras,
  type NewUserRow,
} from './validate-user.ts';
import { esCli as T } from './strings/es-cli.ts';

/** Who the audit log names for commands run from the CLI (decision 0110). */
export const CLI_ACTOR: Actor = { userId: null, name: T.cliActor };

export const USERS_HELP = T.usersHelp;

export {
  companyObras,
  databaseObras,
  resolveObra,
  serverObras,
  unknownObra,
  validateUser,
  type KnownObras,
  type NewUserRow,
} from './validate-user.ts';

const ADD_VALUES = [
  'document',
  'name',
  'password',
  'email',
  'obra',
  'rol',
  'contratista',
  'cargo',
  'fecha-ingreso',
  'celular',
];

const optional = (options: Map<string, string | true>, name: string) =>
  options.has(name) ? String(options.get(name)) : undefined;

export async function addUser(
  db: Db,
  argv: string[],
  io: CliIo,
  obras: () => KnownObras | Promise<KnownObras> = () => companyObras(db),
): Promise<number> {
  const { options, positionals } = parseArgs(argv, { values: ADD_VALUES, flags: [] });
  if (positionals.length) throw new UsageError(T.unexpectedArgument(positionals[0]!));
  for (const required of ['document', 'name', 'password'] as const)
    if (!options.has(required)) throw new UsageError(T.missingOption(required));
  const { user, problems } = validateUser(
    {
      document: String(options.get('document')),
      name: String(options.get('name')),
      password: String(options.get('password')),
      email: optional(options, 'email'),
      obra: optional(options, 'obra'),
      rol: optional(options, 'rol'),
      contratista: optional(options, 'contratista'),
      cargo: optional(options, 'cargo'),
      fechaIngreso: optional(options, 'fecha-ingreso'),
      celular: optional(options, 'celular'),
    },
    options.has('obra') ? await obras() : undefined,
  );
  if (!user || !user.password) {
    io.err(T.notCreated(problems.join('; ') || T.noPassword));
    return 1;
  }
  try {
    const created = await createUser(db, {
      ...user,
      password: user.password,
      role: user.extras.role,
      contratista: user.extras.contratista,
      cargo: user.extras.cargo,
      fechaIngreso: user.extras.fechaIngreso,
      celular: user.extras.celular,
    });
    await audit(db, CLI_ACTOR, 'crear-usuario', created, { rol: user.extras.role, via: 'cli' });
    const role = user.extras.role === 'aprendiz' ? '' : T.createdRole(user.extras.role);
    io.out(T.created(created.name, created.document, created.id, role));
    return 0;
  } catch (error) {
    if (error instanceof DuplicateUserError) {
      io.err(T.notCreatedBecause(error.message));
      return 1;
    }
    throw error;
  }
}

export interface ImportSummary {
  imported: number;
  /** Rows with a real problem (not those already registered). */
  rejected: number;
  /** Rows whose document is already registered: reported apart, not errors (decision 0216). */
  registered: ImportRow[];
  /** The ids of the learners this import created. */
  createdIds: number[];
  /** The file's recognised columns (an absent column is never an update). */
  columns: string[];
  encoding?: CsvEncoding;
  timings?: ImportTimings;
}

/** An import file decoded, with its header checked. */
interface ImportFile {
  header: CsvRow;
  rows: CsvRow[];
  columns: HeaderCheck['columns'];
  encoding: CsvEncoding;
}

/** Decodes the file and checks its header; null, said on stderr, when it cannot be imported. */
function readImportFile(input: string | Uint8Array, io: ImportIo): ImportFile | null {
  const decoded: Decoded =
    typeof input === 'string'
      ? { text: input.replace(/^\uFEFF/, ''), encoding: 'utf-8' }
      : decodeCsv(input);
  if ('error' in decoded) {
    io.err(decoded.error);
    return null;
  }
  if (decoded.encoding === 'windows-1252') (io.progress ?? io.out)(T.windows1252);
  const { rows } = parseCsvRows(decoded.text);
  const header = rows.shift();
  if (!header) {
    io.err(T.emptyFile);
    return null;
  }
  const { columns, notices, error } = checkHeader(header);
  if (error) {
    io.err(error);
    return null;
  }
  for (const notice of notices) io.err(notice);
  return { header, rows, columns, encoding: decoded.encoding };
}

/** One row as a learner, or why it is rejected (its own problems, not repeats in the file). */
function rowUser(
  row: CsvRow,
  file: ImportFile,
  obras: KnownObras | undefined,
): { user: NewUserRow } | { why: string } {
  if (row.error) return { why: row.error };
  if (row.fields.length > file.columns.length)
    return { why: T.tooManyColumns(row.fields.length, file.columns.length) };
  const raw: Record<string, string> = {};
  let control: string | null = null;
  file.columns.forEach((key, i) => {
    if (!key) return;
    const value = row.fields[i] ?? '';
    const found = controlCharacter(value);
    if (found && !control) control = T.controlIn(found, file.header.fields[i]?.trim());
    raw[key] = value;
  });
  if (control) return { why: T.controlCharacter(control) };
  const { user, problems } = validateUser(raw, obras);
  return user ? { user } : { why: problems.join('; ') };
}

/** The rows to save, each document and correo once; every other row goes to `reject`. */
function validRows(
  file: ImportFile,
  obras: KnownObras | undefined,
  reject: (line: number, why: string) => void,
): ImportRow[] {
  const documents = new Set<string>();
  const emails = new Set<string>();
  const valid: ImportRow[] = [];
  for (const row of file.rows) {
    const checked = rowUser(row, file, obras);
    if ('why' in checked) {
      reject(row.line, checked.why);
      continue;
    }
    const { user } = checked;
    if (documents.has(user.document)) {
      reject(row.line, T.repeatedDocument(user.document));
      continue;
    }
    const emailKey = user.email?.toLowerCase();
    if (emailKey && emails.has(emailKey)) {
      reject(row.line, T.repeatedEmail(user.email));
      continue;
    }
    documents.add(user.document);
    if (emailKey) emails.add(emailKey);
    valid.push({
      line: row.line,
      document: user.document,
      name: user.name,
      email: user.email,
      obra: user.obra,
      contratista: user.extras.contratista,
      cargo: user.extras.cargo,
      fechaIngreso: user.extras.fechaIngreso,
      celular: user.extras.celular,
      // No password in the file: none is made (record 0273); the learner enters by invitation.
      password: user.password ?? null,
    });
  }
  return valid;
}

/**
 * Imports learners from CSV bytes (or text already decoded). Every bad row is reported on
 * stderr with its line; the rest are imported. See csv-import.ts for what is checked.
 */
export async function importUsers(
  db: Db,
  input: string | Uint8Array,
  io: ImportIo,
  options: {
    hashConcurrency?: number;
    obras?: () => KnownObras | Promise<KnownObras>;
    actor?: Actor;
    /** Reports the hashing and saving progress as numbers (background jobs). */
    onProgress?: (done: number, total: number) => void;
  } = {},
): Promise<ImportSummary | null> {
  const started = performance.now();
  const file = readImportFile(input, io);
  if (!file) return null;
  // The optional obra column (decision 0078): its slugs are checked against the configuration.
  const obras = file.columns.includes('obra')
    ? await (options.obras ?? (() => databaseObras(db)))()
    : undefined;

  let rejected = 0;
  const reject = (line: number, why: string) => {
    rejected++;
    io.err(T.line(line, why));
  };
  const valid = validRows(file, obras, reject);
  (io.progress ?? io.out)(T.validRows(valid.length, rejected));

  const saved = await saveRows(db, valid, io, { ...options, actor: options.actor ?? CLI_ACTOR });
  for (const r of saved.rejected) reject(r.line, r.why);
  for (const r of saved.registered) io.out(T.alreadyRegistered(r.line, r.document, r.name));
  const withoutPassword = saved.imported.filter((r) => r.password === null).length;
  if (withoutPassword) io.out(T.withoutPassword(withoutPassword));
  const totalMs = performance.now() - started;
  const timings: ImportTimings = {
    importMs: totalMs - saved.hashMs,
    hashMs: saved.hashMs,
    hashConcurrency: options.hashConcurrency ?? Math.max(2, availableParallelism()),
  };
  (io.progress ?? io.out)(
    T.timings((timings.importMs / 1000).toFixed(1), (timings.hashMs / 1000).toFixed(1)),
  );
  const registered = saved.registered.length ? T.registeredCount(saved.registered.length) : '';
  io.out(T.importSummary(saved.imported.length, registered, rejected));
  await audit(db, options.actor ?? CLI_ACTOR, 'importar-csv', null, {
    importados: saved.imported.length,
    ya_inscritos: saved.registered.length,
    rechazados: rejected,
  });
  return {
    imported: saved.imported.length,
    rejected,
    registered: saved.registered,
    createdIds: saved.createdIds,
    columns: file.columns.filter((c): c is NonNullable<typeof c> => c !== undefined),
    encoding: file.encoding,
    timings,
  };
}

export async function runUsers(
  argv: string[],
  io: CliIo,
  db?: Db,
  options: { readFile?: (path: string) => Uint8Array } = {},
): Promise<number> {
  // `--empresa ID` anywhere (default 1): every command acts within that company (record 0283).
  const { company, rest: args } = takeCompany(argv);
  const [command, ...rest] = args;
  if (command === 'plataforma' && !rest.includes('--help') && !rest.includes('-h')) {
    // The platform's accounts are no company's (record 0286).
    if (args.length !== argv.length) throw new UsageError(T.platformNoCompany);
    const options = platformCommand(rest);
    return runWithDb(db, io, (d) => addPlatformAccount(d, options, io), null);
  }
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    (command ? io.out : io.err)(USERS_HELP);
    return command ? 0 : 1;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(USERS_HELP);
    return 0;
  }
  if (command === 'add') {
    // Arguments are checked before the database is opened, so a typo never waits on it.
    parseArgs(rest, { values: ADD_VALUES, flags: [] });
    return runWithDb(db, io, (d) => addUser(d, rest, io), company);
  }
  if (command === 'import') {
    const { positionals } = parseArgs(rest, { values: [], flags: [] });
    if (positionals.length !== 1) throw new UsageError(T.csvRequired);
    let text: Uint8Array;
    try {
      text = (options.readFile ?? readFileSync)(positionals[0]!);
    } catch {
      io.err(T.cannotReadFile(positionals[0]!));
      return 1;
    }
    return runWithDb(
      db,
      io,
      async (d) => {
        const summary = await importUsers(d, text, io);
        if (!summary) return 1;
        return summary.rejected > 0 ? 2 : 0;
      },
      company,
    );
  }
  throw new UsageError(T.unknownCommand(command));
}

export async function main(argv = process.argv.slice(2)): Promise<number> {
  const io: CliIo = { out: (s) => console.log(s), err: (s) => console.error(s) };
  try {
    // With PGlite and the server running, through the server (decision 0113).
    if (argv[0] === 'add' || argv[0] === 'import' || argv[0] === 'plataforma') {
      if (!argv.includes('--help') && !argv.includes('-h')) {
        const forwarded = await forwardUsers(argv, io);
        if (forwarded !== null) return forwarded;
      }
    }
    return await runUsers(argv, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${USERS_HELP}`);
      return 1;
    }
    if (error instanceof ConfigError) {
      io.err(formatConfigError(error));
      return 1;
    }
    io.err((error as Error).message);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  main().then((code) => process.exit(code));
