// `npm run users -- plataforma add --email E --name N --password P` (record 0286): the first (or
// another) account of the platform role, the consultancy or the ARL that creates companies on
// /plataforma. No account exists until this command makes one. The account is the
// installation's, not a company's: the command takes no --empresa and writes no company's row,
// only platform_accounts and the platform's audit.
import type { Db } from '../db/db.ts';
import { isValidEmail, isValidName, MAX_PASSWORD_LENGTH, normalizeEmail } from '../identity.ts';
import {
  createPlatformAccount,
  DuplicatePlatformAccountError,
  platformAudit,
} from '../platform/store.ts';
import { parseArgs, UsageError } from './args.ts';
import type { CliIo } from './run.ts';
import { esCli as T } from './strings/es-cli.ts';

/** Longer than a learner's (6): this account creates companies and their coordinators. */
export const PLATFORM_MIN_PASSWORD_LENGTH = 12;

export const PLATFORM_ADD_VALUES = ['email', 'name', 'password'];

/** The subcommand and its options, checked before the database is opened. */
export function platformCommand(argv: string[]): string[] {
  const [sub, ...rest] = argv;
  if (sub !== 'add')
    throw new UsageError(sub ? T.unknownCommand(`plataforma ${sub}`) : T.platformCommandRequired);
  const { positionals } = parseArgs(rest, { values: PLATFORM_ADD_VALUES, flags: [] });
  if (positionals.length) throw new UsageError(T.unexpectedArgument(positionals[0]!));
  return rest;
}

export async function addPlatformAccount(db: Db, argv: string[], io: CliIo): Promise<number> {
  const { options } = parseArgs(argv, { values: PLATFORM_ADD_VALUES, flags: [] });
  for (const required of PLATFORM_ADD_VALUES)
    if (!options.has(required)) throw new UsageError(T.missingOption(required));
  const email = normalizeEmail(String(options.get('email')));
  const name = String(options.get('name')).trim().replace(/\s+/g, ' ');
  const password = String(options.get('password'));
  const problems: string[] = [];
  if (!isValidName(name)) problems.push(T.badName);
  if (!isValidEmail(email)) problems.push(T.badEmail(String(options.get('email'))));
  if (password.length < PLATFORM_MIN_PASSWORD_LENGTH)
    problems.push(T.platformShortPassword(PLATFORM_MIN_PASSWORD_LENGTH));
  if (password.length > MAX_PASSWORD_LENGTH) problems.push(T.longPassword);
  if (problems.length) {
    io.err(T.platformNotCreated(problems.join('; ')));
    return 1;
  }
  try {
    const account = await createPlatformAccount(db, { name, email, password });
    await platformAudit(db, { id: null, name: T.cliActor }, 'crear-cuenta', null, {
      cuenta: account.id,
      correo: email,
    });
    io.out(T.platformCreated(account.name, account.email, account.id));
    return 0;
  } catch (error) {
    if (error instanceof DuplicatePlatformAccountError) {
      io.err(T.platformNotCreated(T.platformDuplicate));
      return 1;
    }
    throw error;
  }
}
