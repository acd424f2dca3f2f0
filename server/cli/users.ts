// Admin CLI for learners (DESIGN.md §7):
//   npm run users -- add --document D --name N --password P [--email E]
//   npm run users -- import FILE.csv
// Same database as the server: DATABASE_URL, else PGlite in ./data (refused while the server runs).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Db } from '../db/db.ts';
import { createUser, DuplicateUserError } from '../db/store.ts';
import { generatePassword } from '../security/passwords.ts';
import {
  isValidDocument,
  isValidEmail,
  isValidName,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  normalizeDocument,
  normalizeEmail,
} from '../identity.ts';
import { parseArgs, UsageError } from './args.ts';
import { parseCsv } from './csv.ts';
import { runWithDb, type CliIo } from './run.ts';

export const USERS_HELP = `Uso:
  npm run users -- add --document DOCUMENTO --name "NOMBRE" --password CONTRASEÑA [--email CORREO]
  npm run users -- import ARCHIVO.csv
  npm run users -- --help

Comandos:
  add      Crea un aprendiz. El documento es su usuario para ingresar al curso.
  import   Crea aprendices desde un CSV (UTF-8, con o sin BOM; separado por coma o punto y coma)
           con los encabezados: documento,nombre,correo,contraseña
           - correo y contraseña pueden ir vacíos;
           - una contraseña vacía se genera y se muestra UNA sola vez: guárdela y entréguela;
           - cada fila con errores se informa con su número de línea y las demás se importan;
           - un documento que ya existe (o repetido en el archivo) se informa y no se modifica.

Base de datos: la de DATABASE_URL (PostgreSQL) o, si no está definida, ./data (o DATA_DIR).
Con ./data, detenga antes el servidor: la base embebida no admite dos procesos a la vez.

Códigos de salida: 0 todo bien; 1 error de uso, de archivo o de base de datos;
2 importación con filas rechazadas (las demás sí se importaron).`;

export interface NewUserRow {
  document: string;
  name: string;
  email: string | null;
  password: string | null;
}

/** Checks one learner's fields; returns Spanish problems (empty when valid). */
export function validateUser(raw: {
  document?: string;
  name?: string;
  email?: string;
  password?: string;
}): {
  user: NewUserRow | null;
  problems: string[];
} {
  const problems: string[] = [];
  const document = normalizeDocument(raw.document ?? '');
  const name = (raw.name ?? '').trim().replace(/\s+/g, ' ');
  const email = raw.email?.trim() ? normalizeEmail(raw.email) : null;
  const password = raw.password ?? '';
  if (!document) problems.push('falta el documento');
  else if (!isValidDocument(document))
    problems.push(
      `documento inválido "${raw.document}" (solo números, letras y guiones; de 3 a 20)`,
    );
  if (!name) problems.push('falta el nombre');
  else if (!isValidName(name)) problems.push('nombre inválido (de 2 a 120 caracteres, sin < >)');
  if (email !== null && !isValidEmail(email)) problems.push(`correo inválido "${raw.email}"`);
  if (password && password.length < MIN_PASSWORD_LENGTH)
    problems.push(`la contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres`);
  if (password.length > MAX_PASSWORD_LENGTH) problems.push('la contraseña es demasiado larga');
  return {
    user: problems.length ? null : { document, name, email, password: password || null },
    problems,
  };
}

export async function addUser(db: Db, argv: string[], io: CliIo): Promise<number> {
  const { options, positionals } = parseArgs(argv, {
    values: ['document', 'name', 'password', 'email'],
    flags: [],
  });
  if (positionals.length) throw new UsageError(`Argumento inesperado: ${positionals[0]}`);
  for (const required of ['document', 'name', 'password'] as const)
    if (!options.has(required)) throw new UsageError(`Falta --${required}.`);
  const { user, problems } = validateUser({
    document: String(options.get('document')),
    name: String(options.get('name')),
    password: String(options.get('password')),
    email: options.has('email') ? String(options.get('email')) : undefined,
  });
  if (!user || !user.password) {
    io.err(`No se creó el usuario: ${problems.join('; ') || 'falta la contraseña'}.`);
    return 1;
  }
  try {
    const created = await createUser(db, { ...user, password: user.password });
    io.out(`Usuario creado: ${created.name} (documento ${created.document}, id ${created.id}).`);
    return 0;
  } catch (error) {
    if (error instanceof DuplicateUserError) {
      io.err(`No se creó el usuario: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

const HEADER_ALIASES: Record<string, 'document' | 'name' | 'email' | 'password'> = {
  documento: 'document',
  nombre: 'name',
  correo: 'email',
  contrasena: 'password',
};

const headerKey = (h: string) =>
  HEADER_ALIASES[
    h
      .trim()
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
  ];

export interface ImportSummary {
  imported: number;
  rejected: number;
}

export async function importUsers(db: Db, text: string, io: CliIo): Promise<ImportSummary | null> {
  const records = parseCsv(text);
  const header = records.shift();
  if (!header) {
    io.err('El archivo está vacío.');
    return null;
  }
  const columns = header.fields.map(headerKey);
  const missing = (['document', 'name'] as const).filter((k) => !columns.includes(k));
  if (missing.length) {
    io.err(
      `Encabezados inválidos en la línea ${header.line}: se esperan documento,nombre,correo,contraseña ` +
        `(faltan: ${missing.map((m) => (m === 'document' ? 'documento' : 'nombre')).join(', ')}).`,
    );
    return null;
  }
  const seen = new Set<string>();
  let imported = 0;
  let rejected = 0;
  const reject = (line: number, why: string) => {
    rejected++;
    io.err(`Línea ${line}: ${why}`);
  };
  for (const record of records) {
    if (record.fields.length > columns.length) {
      reject(
        record.line,
        `tiene ${record.fields.length} columnas y el encabezado ${columns.length}`,
      );
      continue;
    }
    const raw: Record<string, string> = {};
    columns.forEach((key, i) => {
      if (key) raw[key] = record.fields[i] ?? '';
    });
    const { user, problems } = validateUser(raw);
    if (!user) {
      reject(record.line, problems.join('; '));
      continue;
    }
    if (seen.has(user.document)) {
      reject(record.line, `el documento ${user.document} está repetido en el archivo`);
      continue;
    }
    seen.add(user.document);
    const password = user.password ?? generatePassword();
    try {
      await createUser(db, { ...user, password });
      imported++;
      if (!user.password)
        io.out(
          `Línea ${record.line}: ${user.document} (${user.name}) — contraseña generada: ${password}`,
        );
    } catch (error) {
      if (error instanceof DuplicateUserError)
        reject(record.line, `${error.message} (${user.document})`);
      else throw error;
    }
  }
  io.out(`Importados: ${imported}. Rechazados: ${rejected}.`);
  return { imported, rejected };
}

export async function runUsers(argv: string[], io: CliIo, db?: Db): Promise<number> {
  const [command, ...rest] = argv;
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
    parseArgs(rest, { values: ['document', 'name', 'password', 'email'], flags: [] });
    return runWithDb(db, io, (d) => addUser(d, rest, io));
  }
  if (command === 'import') {
    const { positionals } = parseArgs(rest, { values: [], flags: [] });
    if (positionals.length !== 1)
      throw new UsageError('Indique un archivo CSV: npm run users -- import empleados.csv');
    let text: string;
    try {
      text = readFileSync(positionals[0]!, 'utf8');
    } catch {
      io.err(`No se pudo leer el archivo ${positionals[0]}.`);
      return 1;
    }
    return runWithDb(db, io, async (d) => {
      const summary = await importUsers(d, text, io);
      if (!summary) return 1;
      return summary.rejected > 0 ? 2 : 0;
    });
  }
  throw new UsageError(`Comando desconocido: ${command}`);
}

export async function main(argv = process.argv.slice(2)): Promise<number> {
  const io: CliIo = { out: (s) => console.log(s), err: (s) => console.error(s) };
  try {
    return await runUsers(argv, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${USERS_HELP}`);
      return 1;
    }
    io.err((error as Error).message);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  main().then((code) => process.exit(code));
