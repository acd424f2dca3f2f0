// The environment of scripts/ and tools/ (record 0277): the one place of theirs that reads or
// sets process.env, as server/env.ts is for the server and course-files/env.ts for the variables
// the builds share (decision 0206). Lint fences every other file of scripts/ and tools/.

/** The process's environment, to hand on whole (a child process, a reader with a default). */
export const processEnv = (): NodeJS.ProcessEnv => process.env;

/** A variable's text, trimmed; undefined when unset or blank. */
export function envText(name: string, env: NodeJS.ProcessEnv = processEnv()): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** Sets a variable for code run in this process, when nothing set it before (`??=`). */
export function setEnvDefault(name: string, value: string): void {
  process.env[name] ??= value;
}

/**
 * Runs `fn` with these variables set (undefined: unset) for code run in this process, and puts
 * back what was there before, whatever `fn` does.
 */
export async function withEnv<T>(
  vars: Record<string, string | undefined>,
  fn: () => Promise<T>,
): Promise<T> {
  const before = Object.keys(vars).map((name) => [name, process.env[name]] as const);
  const put = (name: string, value: string | undefined) => {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  };
  for (const [name, value] of Object.entries(vars)) put(name, value);
  try {
    return await fn();
  } finally {
    for (const [name, value] of before) put(name, value);
  }
}
