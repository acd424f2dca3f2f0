// The repository's files as git sees them: tracked, and new ones git does not ignore, that still
// exist in the working tree. The repository checks (hygiene, cited paths) read these.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Repository-relative paths, sorted, each once. */
export function repositoryFiles(root: string): string[] {
  const out = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return [...new Set(out.split('\0'))].filter((f) => f && existsSync(join(root, f))).sort();
}
