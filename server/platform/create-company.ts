// «Crear empresa» (record 0286): a new company, its sealed empty chain head and its first
// coordinator, written to the platform's audit and to the new company's own audit log, naming the
// platform account. Everything inside the company runs with `forCompany(new id)`.
//
// From a configuration file (record 0293): the file (and the logo it names) is validated first by
// the same reader as config/*.json — nothing is created when it is invalid — and stored as the
// company's version 1 once the coordinator exists. The steps are separate transactions (the
// company's, the head's, the coordinator's, the import's); when a step after the company's fails,
// the company's rows are removed through migration 070's path and the platform's audit says so
// (`crear-empresa-deshecha`): its rows of `crear-empresa` stay, as everything the audit records.
import type { AppContext } from '../context.ts';
import type { Db } from '../db/db.ts';
import { forCompanyOf } from '../db/company-scope.ts';
import { createCompany, DuplicateCompanyError } from '../db/company-store.ts';
import { createUser, DuplicateUserError } from '../db/store.ts';
import { readHead, writeHead } from '../acceptance/chain-head.ts';
import { audit } from '../console/audit.ts';
import { validateUser } from '../cli/validate-user.ts';
import { validateConfig } from '../company-config/store.ts';
import { importCompanyConfig } from '../company-config/import.ts';
import { removeCompanyRows } from './remove-company.ts';
import { isValidName } from '../identity.ts';
import { generatePassword } from '../security/passwords.ts';
import { platformAudit, type PlatformAccount } from './store.ts';
import type { CreateValues } from './pages.ts';
import { esPlatform as T } from './strings/es-platform.ts';

export type Created = {
  id: number;
  name: string;
  coordinator: { id: number; name: string; document: string };
  password: string;
  /** The configuration version stored from the file (1), or null without a file. */
  configVersion: number | null;
};

/** A configuration file given on the form, and the logo it names. */
export interface ConfigFile {
  text: string;
  fileName: string;
  logo: string | null;
}

/** The company and its coordinator as typed, checked; the Spanish problems, or the values. */
export function checkCreation(values: CreateValues):
  | { problems: string[] }
  | {
      company: string;
      coordinator: { document: string; name: string; email: string | null };
    } {
  const problems: string[] = [];
  const company = values.empresa.trim().replace(/\s+/g, ' ');
  if (!company) problems.push(T.create.noCompanyName);
  else if (!isValidName(company)) problems.push(T.create.badCompanyName);
  // The coordinator is checked as the console and the CLI check any account (no password: one
  // is generated and shown once, the console's first access for a new account).
  const { user, problems: userProblems } = validateUser({
    document: values.documento,
    name: values.nombre,
    email: values.correo,
    rol: 'coordinador',
  });
  if (userProblems.length) problems.push(T.create.coordinatorProblem(userProblems.join('; ')));
  if (problems.length || !user) return { problems };
  return { company, coordinator: { document: user.document, name: user.name, email: user.email } };
}

/** Seals the new company's empty head with the company's own key (record 0283's keys). */
async function sealEmptyHead(ctx: AppContext, company: number): Promise<void> {
  const key = await ctx.installationKey(company);
  await forCompanyOf(ctx.db, company).transaction(async (tx) => {
    const head = await readHead(tx, company, true);
    if (head && head.seal === null) await writeHead(tx, key, head);
  });
}

/**
 * Creates the company and its first coordinator, or says why not (a Spanish reason). `db` is the
 * server's company handle; the platform's own rows are outside the wall.
 */
export async function createCompanyWithCoordinator(
  ctx: AppContext,
  account: PlatformAccount,
  values: CreateValues,
  file: ConfigFile | null = null,
): Promise<Created | { problem: string }> {
  let named = values;
  if (file) {
    // The file first: a file that does not validate creates nothing.
    const loaded = validateConfig(file.text, file.logo, file.fileName || 'archivo');
    if (!loaded.config) return { problem: T.create.badFile(loaded.errors.join('; ')) };
    // Without a name typed, the company is named as its file names it.
    if (!values.empresa.trim()) named = { ...values, empresa: loaded.config.empresa.nombre };
  }
  const checked = checkCreation(named);
  if ('problems' in checked) return { problem: checked.problems.join('; ') };
  const db: Db = ctx.db;
  const actor = { id: account.id, name: account.name };
  let id: number;
  try {
    id = await createCompany(db, checked.company);
  } catch (error) {
    if (error instanceof DuplicateCompanyError) return { problem: T.create.duplicate };
    throw error;
  }
  await platformAudit(db, actor, 'crear-empresa', id, {
    empresa: checked.company,
    correo: account.email,
    ...(file ? { archivo: file.fileName } : {}),
  });
  try {
    return await fillCompany(ctx, account, id, checked, file);
  } catch (error) {
    // Nothing half-made stays: the new company's rows go (record 0293), the audit says why.
    await removeCompanyRows(db, id);
    await platformAudit(db, actor, 'crear-empresa-deshecha', id, {
      empresa: checked.company,
      motivo: error instanceof Error ? error.message.slice(0, 200) : 'error',
    });
    if (error instanceof StepRefused) return { problem: error.problem };
    throw error;
  }
}

/** A later step refused (a Spanish reason): the company is removed and the form says why. */
class StepRefused extends Error {
  constructor(readonly problem: string) {
    super(problem);
  }
}

/** The new company's head, coordinator and configuration (when a file came). */
async function fillCompany(
  ctx: AppContext,
  account: PlatformAccount,
  id: number,
  checked: {
    company: string;
    coordinator: { document: string; name: string; email: string | null };
  },
  file: ConfigFile | null,
): Promise<Created> {
  const db: Db = ctx.db;
  const actor = { id: account.id, name: account.name };
  await sealEmptyHead(ctx, id);
  const inCompany = forCompanyOf(db, id);
  const password = generatePassword(12);
  let coordinator;
  try {
    coordinator = await createUser(inCompany, {
      ...checked.coordinator,
      email: checked.coordinator.email ?? undefined,
      password,
      role: 'coordinador',
    });
  } catch (error) {
    // A new company has no accounts: only a race on its own rows could get here.
    if (error instanceof DuplicateUserError)
      throw new StepRefused(error.message.replace(/\.$/, ''));
    throw error;
  }
  // The new company's own log names the platform account that acted in it (record 0282).
  await audit(
    inCompany,
    { userId: null, name: T.who(`${account.name} <${account.email}>`) },
    'crear-usuario',
    coordinator,
    { rol: 'coordinador', via: 'plataforma', empresa: checked.company },
  );
  await platformAudit(db, actor, 'crear-coordinador', id, {
    coordinador: coordinator.id,
    documento: coordinator.document,
  });
  let configVersion: number | null = null;
  if (file) {
    // Version 1 of its configuration, audited in the company's log by the import itself.
    const imported = await importCompanyConfig(
      db,
      id,
      file.text,
      { platform: T.who(`${account.name} <${account.email}>`) },
      { logo: file.logo, fileName: file.fileName },
    );
    if (!imported.ok) throw new StepRefused(T.create.badFile(imported.errors.join('; ')));
    configVersion = imported.version;
    await platformAudit(db, actor, 'importar-configuracion', id, {
      version: imported.version,
      hash: imported.sha256,
      archivo: file.fileName,
    });
  }
  return {
    id,
    name: checked.company,
    coordinator: { id: coordinator.id, name: coordinator.name, document: coordinator.document },
    password,
    configVersion,
  };
}
