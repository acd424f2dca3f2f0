// A learner's fields as `users add`, the CSV import and the console's add form check them, and
// the obras a learner may be given: those of the server's configuration (CURSO_CONFIG; decision
// 0078) and, with the database, those added in the console (decision 0215). With the database the
// configuration is the company's the command acts for (`--empresa`; record 0294): its stored
// version, else the installation's file (record 0287).
import type { Db } from '../db/db.ts';
import {
  isValidDocument,
  isValidEmail,
  isValidName,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  normalizeDocument,
  normalizeEmail,
} from '../identity.ts';
import { readConfiguration, withEnv } from '../../course-files/read-config.ts';
import { currentEnv } from '../env.ts';
import { isCompanyDb } from '../db/company-scope.ts';
import { FIRST_COMPANY_ID } from '../db/company-store.ts';
import { companyConfigs } from '../company-config/store.ts';
import { validateExtras, type LearnerExtras } from './learner-fields.ts';
import { allObras, matchObra, type KnownObra } from '../obras.ts';
import type { CompanyConfig } from '../../src/domain/config/index.ts';
import { esCli as T } from './strings/es-cli.ts';

export interface NewUserRow {
  document: string;
  name: string;
  email: string | null;
  /** Slug of the learner's obra; null = the configuration's first. */
  obra: string | null;
  password: string | null;
  /** Role, contratista, cargo, fecha de ingreso (decision 0112). */
  extras: LearnerExtras;
}

/** The obras a learner may be given: the slugs of the server's configuration, and its file. */
export interface KnownObras {
  slugs: readonly string[];
  /** The configuration file, as shown in messages. */
  file: string;
  /**
   * The obras with their names (decision 0215): then an obra is found by name or slug, accents,
   * case and punctuation ignored, and messages name obras by their names.
   */
  obras?: readonly KnownObra[];
}

/** The obras of the configuration the server uses (CURSO_CONFIG, else config/ejemplo.json). */
export function serverObras(env: NodeJS.ProcessEnv = currentEnv()): KnownObras {
  const loaded = readConfiguration(withEnv({}, env), { firstObra: true });
  return { slugs: loaded.config.obras.map((o) => o.slug), file: loaded.shownPath };
}

/**
 * The configuration of the company `db` acts for (a company handle's own, else company 1), and
 * how messages name it: the installation's file by its path, a stored version by the company.
 */
async function companyConfigOf(
  db: Db,
  env: NodeJS.ProcessEnv,
): Promise<{ config: CompanyConfig; file: string }> {
  const company = isCompanyDb(db) && typeof db.company === 'number' ? db.company : FIRST_COMPANY_ID;
  let shownPath = '';
  const current = await companyConfigs(db, () => {
    const loaded = readConfiguration(withEnv({}, env), { firstObra: true });
    shownPath = loaded.shownPath;
    return { config: loaded.config, text: null };
  }).current(company);
  const file =
    current.source === 'stored' ? T.storedConfigOf(current.config.empresa.nombre) : shownPath;
  return { config: current.config, file };
}

/** The obras of the company's configuration (`users add`; record 0294). */
export async function companyObras(
  db: Db,
  env: NodeJS.ProcessEnv = currentEnv(),
): Promise<KnownObras> {
  const { config, file } = await companyConfigOf(db, env);
  return { slugs: config.obras.map((o) => o.slug), file };
}

/** The company's configuration's obras and those added in the console, by name or slug. */
export async function databaseObras(
  db: Db,
  env: NodeJS.ProcessEnv = currentEnv(),
): Promise<KnownObras> {
  const { config, file } = await companyConfigOf(db, env);
  const obras = await allObras(db, config.obras);
  return { slugs: obras.map((o) => o.slug), file, obras };
}

/** The slug a typed obra means (a slug, or a name when names are known), else null. */
export function resolveObra(typed: string, known: KnownObras): string | null {
  if (known.obras) return matchObra(known.obras, typed)?.slug ?? null;
  return known.slugs.includes(typed) ? typed : null;
}

/** Spanish problem for an obra the server does not have, else null. */
export function unknownObra(slug: string, known: KnownObras): string | null {
  if (resolveObra(slug, known)) return null;
  if (known.obras) return T.unknownObra(slug, known.obras.map((o) => `«${o.nombre}»`).join(', '));
  return T.unknownObraIn(slug, known.file, known.slugs.map((s) => `«${s}»`).join(', '));
}

/**
 * Checks one learner's fields; returns Spanish problems (empty when valid). `obras`: the known
 * slugs, required when an obra is given.
 */
export function validateUser(
  raw: {
    document?: string;
    name?: string;
    email?: string;
    obra?: string;
    password?: string;
    rol?: string;
    contratista?: string;
    cargo?: string;
    fechaIngreso?: string;
    celular?: string;
  },
  obras?: KnownObras,
): {
  user: NewUserRow | null;
  problems: string[];
} {
  const problems: string[] = [];
  const document = normalizeDocument(raw.document ?? '');
  const name = (raw.name ?? '').trim().replace(/\s+/g, ' ');
  const email = raw.email?.trim() ? normalizeEmail(raw.email) : null;
  const password = raw.password ?? '';
  let obra = raw.obra?.trim() || null;
  if (!document) problems.push(T.noDocument);
  else if (!isValidDocument(document)) problems.push(T.badDocument(raw.document));
  if (!name) problems.push(T.noName);
  else if (!isValidName(name)) problems.push(T.badName);
  if (email !== null && !isValidEmail(email)) problems.push(T.badEmail(raw.email));
  if (password && password.length < MIN_PASSWORD_LENGTH)
    problems.push(T.shortPassword(MIN_PASSWORD_LENGTH));
  if (password.length > MAX_PASSWORD_LENGTH) problems.push(T.longPassword);
  if (obra !== null) {
    const problem = obras ? unknownObra(obra, obras) : T.obrasUnknown;
    if (problem) problems.push(problem);
    else if (obras) obra = resolveObra(obra, obras);
  }
  const { extras, problems: extraProblems } = validateExtras(raw);
  problems.push(...extraProblems);
  return {
    user: problems.length
      ? null
      : { document, name, email, obra, password: password || null, extras },
    problems,
  };
}
