// The repository's files as git sees them: tracked, and new ones git does not ignore, that still
// exist in the working tree as files (a `node_modules` link that git does not ignore, as in a second
// worktree, is not one). The repository checks (hygiene, cited paths) read these.
import { execFileSync } from 'node:child_process';
import { lstatSync } from 'node:fs';
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
  const isFile = (f: string) => {
    try {
      return lstatSync(join(root, f)).isFile();
    } catch {
      return false; // deleted in the working tree, not yet in the index
    }
  };
  return [...new Set(out.split('\0'))].filter((f) => f && isFile(f)).sort();
}
