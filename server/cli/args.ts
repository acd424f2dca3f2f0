// Minimal option parsing for the admin CLI: `--name value`, `--name=value`, flags, positionals.
import { esCli as T } from './strings/es-cli.ts';
export class UsageError extends Error {
  readonly code = 'USAGE';
}

export interface ParsedArgs {
  positionals: string[];
  options: Map<string, string | true>;
}

export function parseArgs(argv: string[], spec: { values: string[]; flags: string[] }): ParsedArgs {
  const positionals: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '-h' || arg === '--help') {
      options.set('help', true);
      continue;
    }
    if (!arg.startsWith('--')) {
      if (arg.startsWith('-') && arg !== '-') throw new UsageError(T.unknownOption(arg));
      positionals.push(arg);
      continue;
    }
    const [rawName, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (spec.flags.includes(rawName)) {
      if (inline !== undefined) throw new UsageError(T.optionTakesNoValue(rawName));
      options.set(rawName, true);
    } else if (spec.values.includes(rawName)) {
      const value = inline ?? argv[++i];
      if (value === undefined || (inline === undefined && value.startsWith('--')))
        throw new UsageError(T.missingValue(rawName));
      if (options.has(rawName)) throw new UsageError(T.optionTwice(rawName));
      options.set(rawName, value);
    } else {
      throw new UsageError(T.unknownOption(`--${rawName}`));
    }
  }
  return { positionals, options };
}

/** The company a CLI command acts within (records 0282, 0283): `--empresa ID`, default 1. */
export const COMPANY_OPTION = 'empresa';

/**
 * Takes `--empresa ID` (or `--empresa=ID`) out of `argv`, wherever it stands, so each command's
 * own options stay as they were; the company (1 when absent) and the other arguments.
 */
export function takeCompany(argv: string[]): { company: number; rest: string[] } {
  const rest: string[] = [];
  let given: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    const inline = arg.startsWith(`--${COMPANY_OPTION}=`);
    if (arg !== `--${COMPANY_OPTION}` && !inline) {
      rest.push(arg);
      continue;
    }
    if (given !== null) throw new UsageError(T.optionTwice(COMPANY_OPTION));
    const value = inline ? arg.slice(COMPANY_OPTION.length + 3) : argv[++i];
    if (value === undefined || (!inline && value.startsWith('--')))
      throw new UsageError(T.missingValue(COMPANY_OPTION));
    given = value;
  }
  if (given === null) return { company: 1, rest };
  if (!/^[1-9]\d{0,8}$/.test(given)) throw new UsageError(T.badCompany(given));
  return { company: Number(given), rest };
}
