// The list of what lint enforces, rendered from the ESLint flat config itself, for the generated
// block of docs/architecture.md («Dependency rules»; docs/decisions/0253-a-guide-that-cannot-drift.md).
// Pure: the caller loads eslint.config.js and reads or writes the guide (scripts/lint-rules-doc.ts).
import type { Linter } from 'eslint';

export const START = '<!-- lint-rules:start -->';
export const END = '<!-- lint-rules:end -->';
export const WRITE_COMMAND = 'npx tsx scripts/lint-rules-doc.ts --write';

/** One rule message and the files it holds for. */
export interface LintRule {
  files: string[];
  ignores: string[];
  /** What the rule says, prefixed by what it names: `imports`, `process.env`, a local rule. */
  line: string;
}

interface ImportOptions {
  patterns?: ({ message?: string } | string)[];
  paths?: ({ message?: string } | string)[];
}

const options = (entry: Linter.RuleEntry | undefined): unknown[] =>
  Array.isArray(entry) && entry[0] !== 'off' && entry[0] !== 0 ? entry.slice(1) : [];

const messagesOf = (list: ({ message?: string } | string)[] | undefined) =>
  (list ?? []).flatMap((p) => (typeof p === 'object' && p.message ? [p.message] : []));

/** What a config block enforces of the layering: restricted imports, globals, properties, local rules. */
function rulesOf(block: Linter.Config): string[] {
  const rules = block.rules ?? {};
  const lines: string[] = [];
  for (const o of options(rules['no-restricted-imports']) as ImportOptions[])
    for (const m of [...messagesOf(o.patterns), ...messagesOf(o.paths)])
      lines.push(`imports: ${m}`);
  const globals = new Map<string, string[]>();
  for (const g of options(rules['no-restricted-globals']) as { name: string; message?: string }[])
    if (g.message) globals.set(g.message, [...(globals.get(g.message) ?? []), `\`${g.name}\``]);
  for (const [message, names] of globals) lines.push(`${names.join(', ')}: ${message}`);
  for (const p of options(rules['no-restricted-properties']) as {
    object?: string;
    property?: string;
    message?: string;
  }[])
    if (p.message)
      lines.push(`\`${[p.object, p.property].filter(Boolean).join('.')}\`: ${p.message}`);
  for (const [id, entry] of Object.entries(rules)) {
    const [plugin, name] = id.split('/');
    const rule = plugin === 'local' && name ? block.plugins?.[plugin]?.rules?.[name] : undefined;
    const level = Array.isArray(entry) ? entry[0] : entry;
    if (!rule || level === 'off' || level === 0) continue;
    const description = (rule as { meta?: { docs?: { description?: string } } }).meta?.docs
      ?.description;
    lines.push(`\`${id}\`${description ? `: ${description}` : ''}`);
  }
  return lines;
}

/**
 * Every layering rule of the config, with its files. A file pattern inside one of `perFolder`
 * (folders the config fences one folder at a time, read from the tree) is written with `*` for
 * the folder, so one line stands for the whole set.
 */
export function lintRules(
  config: readonly Linter.Config[],
  perFolder: readonly string[],
): LintRule[] {
  const general = (pattern: string) => {
    const folder = perFolder.find((f) => pattern.startsWith(f));
    return folder ? pattern.replace(/^([^/]+\/[^/]+\/)[^/*]+\//, '$1*/') : pattern;
  };
  return config.flatMap((block) => {
    const files = [...new Set((block.files ?? []).flat().map(String).map(general))];
    const ignores = (block.ignores ?? []).map(String);
    return rulesOf(block).map((line) => ({ files, ignores, line }));
  });
}

/**
 * The markdown list between the markers: one item per file set, its rules below it; file sets
 * with the same exceptions and the same rules share an item.
 */
export function renderLintRules(rules: readonly LintRule[]): string {
  const bySet = new Map<string, { files: string[]; ignores: string[]; lines: string[] }>();
  for (const r of rules) {
    const key = JSON.stringify([r.files, r.ignores]);
    const set = bySet.get(key) ?? { files: r.files, ignores: r.ignores, lines: [] };
    if (!set.lines.includes(r.line)) set.lines.push(r.line);
    bySet.set(key, set);
  }
  const items = new Map<string, { files: string[]; ignores: string[]; lines: string[] }>();
  for (const set of bySet.values()) {
    const key = JSON.stringify([set.ignores, set.lines]);
    const item = items.get(key);
    if (item) item.files.push(...set.files.filter((f) => !item.files.includes(f)));
    else items.set(key, { ...set, files: [...set.files] });
  }
  const code = (list: string[]) => list.map((f) => `\`${f}\``).join(', ');
  return [...items.values()]
    .map(({ files, ignores, lines }) => {
      const head = `${files.length ? code(files) : 'every file'}${ignores.length ? ` except ${code(ignores)}` : ''}`;
      return [`- ${head}:`, ...lines.map((l) => `  - ${l}`)].join('\n');
    })
    .join('\n');
}

/** The text between the markers of a markdown file, or null when a marker is missing. */
export function lintBlockOf(markdown: string): string | null {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  if (start < 0 || end < start) return null;
  return markdown.slice(start + START.length, end).trim();
}

/** The markdown with `list` written between the markers. */
export function withLintBlock(markdown: string, list: string): string {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${START} … ${END} not found`);
  return `${markdown.slice(0, start + START.length)}\n\n${list}\n\n${markdown.slice(end)}`;
}
