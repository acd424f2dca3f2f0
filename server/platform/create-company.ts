// «Crear empresa» (record 0286): a new company, its sealed empty chain head and its first
// coordinator, written to the platform's audit and to the new company's own audit log, naming the
// platform account. Everything inside the company runs with `forCompany(new id)`.
import type { AppContext } from '../context.ts';
import type { Db } from '../db/db.ts';
import { forCompanyOf } from '../db/company-scope.ts';
import { createCompany, DuplicateCompanyError } from '../db/company-store.ts';
import { createUser, DuplicateUserError } from '../db/store.ts';
import { readHead, writeHead } from '../acceptance/chain-head.ts';
import { audit } from '../console/audit.ts';
import { validateUser } from '../cli/validate-user.ts';
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
};

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
): Promise<Created | { problem: string }> {
  const checked = checkCreation(values);
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
  });
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
    if (error instanceof DuplicateUserError) return { problem: error.message.replace(/\.$/, '') };
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
  return {
    id,
    name: checked.company,
    coordinator: { id: coordinator.id, name: coordinator.name, document: coordinator.document },
    password,
  };
}
