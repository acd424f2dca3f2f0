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
