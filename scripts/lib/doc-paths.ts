// The repository paths a text cites, for the check that the guide and the records cannot point at
// files that are gone (scripts/docs-paths.test.ts, docs/decisions/0253-a-guide-that-cannot-drift.md).
// Pure: the caller reads the files and says which top-level names the repository has.
//
// A citation is a token that starts with a top-level folder (`src/`, `server/`…) or is a top-level
// file (`package.json`…): in markdown, inside backticks or a fenced block, or a link target
// (resolved against the markdown file); in source files, anywhere in a comment (the comments
// come from scripts/lib/source-scan.ts, TypeScript's parser for code, `#` for shell). Globs and
// placeholders are skipped, and so are generated outputs (dist, data, test results…).
// A citation kept as history is allowed to be missing when its sentence says so: see
// HISTORY_MARKERS.
import { posix } from 'node:path';
import {
  isShellFile,
  lineFinder,
  shellComments as shellCommentRanges,
  sourceComments,
  type Comment,
} from './source-scan.ts';

export interface Citation {
  /** The repository-relative path cited. */
  path: string;
  /** 1-based line of the citing file. */
  line: number;
  /** The sentence (or list item, table row, comment sentence) marks the path as history. */
  history: boolean;
}

/**
 * The words that mark a cited path as history, searched in the citation's sentence: «(removed)»
 * (the one to write when a record keeps a path that is gone), «removed», «(eliminado)», «formerly»
 * and «(was …)». A marker excuses every path of its sentence, so it belongs in a sentence about
 * the past. (Not «moved to» or «renamed to»: the path after them is the one that exists.)
 */
export const HISTORY_MARKERS: readonly RegExp[] = [
  /\bremoved\b/i,
  /\beliminad[oa]s?\b/i,
  /\bformerly\b/i,
  /\(was\b/i,
];

/** Other repositories whose files the code models: a sentence naming one cites its paths. */
export const FOREIGN_REPOSITORIES: readonly string[] = ['moodlehq/moodleapp'];

/** Generated or ignored outputs: cited as places things are written to, never checked. */
export const SKIPPED_OUTPUTS: readonly string[] = [
  'dist/',
  'dist-scorm/',
  'test-results/',
  'test-reports/',
  'playwright-report/',
  'coverage/',
  'data/',
  'node_modules/',
  'bench/results.json',
];

/**
 * A glob or a placeholder, not a path: `*`, `<type>`, `{a,b}`, `…`, `NNNN`, `$VAR`, or a segment
 * in capitals with no extension (`public/img/NAME`).
 */
const PLACEHOLDER = /[*<>{}…$|[\]]|\.\.\.|N{3,}|YYYY|(?:^|\/)[A-Z_]{3,}(?:\/|$)/;
const PATH_LIKE = /^[\w@+\-./]+$/;
const LEADING = /^[([{"'«“‘`<]+/;
const TRAILING = /(?:[)\]}"'»”’`>,.;:!?]|['’]s)+$/;

export interface PathOptions {
  /** Top-level names: folders with a trailing slash (`src/`), files without (`package.json`). */
  roots: readonly string[];
  /** Paths (a trailing slash: a folder and all under it) never checked; SKIPPED_OUTPUTS if unset. */
  skipped?: readonly string[];
  /** FOREIGN_REPOSITORIES if unset. */
  foreign?: readonly string[];
}

function isSkipped(path: string, skipped: readonly string[]): boolean {
  return skipped.some((s) =>
    s.endsWith('/') ? path === s.slice(0, -1) || path.startsWith(s) : path === s,
  );
}

/** Strips a token's punctuation, anchor and line suffix; null when it is not a path to check. */
function cleanToken(token: string): string | null {
  let t = token.replace(LEADING, '').replace(TRAILING, '');
  if (PLACEHOLDER.test(t)) return null;
  t = t
    .replace(/#.*$/, '')
    .replace(/:\d+(?::\d+)?$/, '')
    .replace(/^\.\//, '');
  return t && PATH_LIKE.test(t) ? t : null;
}

/** The repository path a bare token (from backticks, a fence or a comment) cites, or null. */
function rootedPath(token: string, options: PathOptions): string | null {
  const t = cleanToken(token);
  if (!t || t.split('/').includes('..')) return null;
  const rooted = options.roots.some((r) => (r.endsWith('/') ? t.startsWith(r) : t === r));
  if (!rooted) return null;
  const path = posix.normalize(t);
  return isSkipped(path, options.skipped ?? SKIPPED_OUTPUTS) ? null : path;
}

/** The repository path a markdown link target cites, resolved against the file; or null. */
function linkPath(target: string, file: string, options: PathOptions): string | null {
  const t = target.trim().replace(/^<|>$/g, '').split(/\s+/)[0] ?? '';
  if (!t || /^[a-z][a-z+.-]*:/i.test(t) || t.startsWith('#') || t.startsWith('/')) return null;
  const bare = t.replace(/[#?].*$/, '');
  if (!bare || PLACEHOLDER.test(bare)) return null;
  let decoded = bare;
  try {
    decoded = decodeURI(bare);
  } catch {
    // A malformed escape: the target as written.
  }
  const path = posix.normalize(posix.join(posix.dirname(file), decoded));
  return isSkipped(path, options.skipped ?? SKIPPED_OUTPUTS) ? null : path;
}

/** The sentence around `offset` in a block of text (split after `.`, `!` or `?` and a space). */
function sentenceAt(block: string, offset: number): string {
  const boundary = /[.!?](?=\s)/g;
  let start = 0;
  let end = block.length;
  for (let m = boundary.exec(block); m; m = boundary.exec(block)) {
    if (m.index < offset) start = m.index + 1;
    else {
      end = m.index;
      break;
    }
  }
  return block.slice(start, end);
}

/** The citation of `path` at `offset` of a block, or null when its sentence is about another repository. */
function citation(
  path: string,
  block: Block,
  offset: number,
  options: PathOptions,
): Citation | null {
  const sentence = sentenceAt(block.text, offset);
  if ((options.foreign ?? FOREIGN_REPOSITORIES).some((r) => sentence.includes(r))) return null;
  return { path, line: lineAt(block, offset), history: isHistory(sentence) };
}

/** Whether a sentence marks the paths it cites as history (HISTORY_MARKERS). */
function isHistory(sentence: string): boolean {
  return HISTORY_MARKERS.some((m) => m.test(sentence));
}

/** A piece of text and the line of the file it starts on. */
export interface Block {
  text: string;
  line: number;
}

const lineAt = (block: Block, offset: number) =>
  block.line + (block.text.slice(0, offset).match(/\n/g)?.length ?? 0);

/** The bare-token citations of `text`, which sits at `at` in `block` (its sentences, its lines). */
function bareCitations(block: Block, options: PathOptions, text = block.text, at = 0): Citation[] {
  const out: Citation[] = [];
  for (const m of text.matchAll(/\S+/g)) {
    const path = rootedPath(m[0], options);
    const found = path && citation(path, block, at + m.index, options);
    if (found) out.push(found);
  }
  return out;
}

/** Splits markdown into blocks: paragraphs, list items, table rows, headings, fenced lines. */
function markdownBlocks(text: string): { blocks: Block[]; fenced: Block[] } {
  const blocks: Block[] = [];
  const fenced: Block[] = [];
  let current: Block | null = null;
  let fence: string | null = null;
  const close = () => {
    if (current) blocks.push(current);
    current = null;
  };
  text.split('\n').forEach((raw, i) => {
    const line = i + 1;
    const opener = /^\s*(`{3,}|~{3,})/.exec(raw)?.[1];
    if (fence) {
      if (opener && opener[0] === fence[0] && opener.length >= fence.length) fence = null;
      else fenced.push({ text: raw, line });
      return;
    }
    if (opener) {
      close();
      fence = opener;
      return;
    }
    if (!raw.trim()) return close();
    const starts = /^\s*([-*+]|\d+[.)])\s|^\s*#{1,6}\s|^\s*\|/.test(raw);
    if (starts || /^\s*\|/.test(current?.text ?? '')) close();
    if (current) current.text += `\n${raw}`;
    else current = { text: raw, line };
  });
  close();
  return { blocks, fenced };
}

/** The paths a markdown file (repository-relative `file`) cites. */
export function markdownCitations(text: string, file: string, options: PathOptions): Citation[] {
  const { blocks, fenced } = markdownBlocks(text);
  const out: Citation[] = fenced.flatMap((b) => bareCitations(b, options));
  for (const block of blocks) {
    // HTML comments are not text; code spans are read word by word, then blanked for the links.
    let rest = block.text.replace(/<!--[\s\S]*?-->/g, (c) => c.replace(/[^\n]/g, ' '));
    rest = rest.replace(
      /(`+)([\s\S]+?)\1/g,
      (span: string, ticks: string, body: string, at: number) => {
        out.push(...bareCitations(block, options, body, at + ticks.length));
        return span.replace(/[^\n]/g, ' ');
      },
    );
    const links = [
      ...rest.matchAll(/\]\(([^)\s]+(?:\s+"[^"]*")?)\)/g),
      ...rest.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm),
    ];
    for (const m of links) {
      const path = linkPath(m[1]!, file, options);
      const found = path && citation(path, block, m.index, options);
      if (found) out.push(found);
    }
  }
  return out.sort((a, b) => a.line - b.line);
}

/**
 * The comments of a JavaScript or TypeScript text (`file` picks TSX for .tsx and .jsx), as blocks
 * (a run of `//` lines is one block) with the comment marks blanked, so offsets still match the
 * file's lines. scripts/lib/source-scan.ts finds the comments with TypeScript's parser.
 */
function jsComments(text: string, file = 'x.ts'): Block[] {
  return commentBlocks(text, sourceComments(file, text), (s) =>
    s
      .replace(/^\/\/\/?|^\/\*\*?|\*\/$/g, (m) => ' '.repeat(m.length))
      .replace(/\n(\s*)\*(?!\/)/g, '\n$1 '),
  );
}

/** The comments of a shell script (`#` at the start of a word, outside quotes; no shebang). */
function shellComments(text: string): Block[] {
  return commentBlocks(text, shellCommentRanges(text), (s) =>
    s.replace(/^#+/, (m) => ' '.repeat(m.length)),
  );
}

/** Joins line comments separated only by a line break and indentation into blocks. */
function commentBlocks(text: string, comments: Comment[], blank: (comment: string) => string) {
  const lineAt = lineFinder(text);
  const blocks: Block[] = [];
  let last: { block: Block; end: number; lineComment: boolean } | null = null;
  for (const { kind, start, end, text: comment } of comments) {
    const body = blank(comment);
    const gap = last ? text.slice(last.end, start) : null;
    const lineComment = kind === 'line';
    if (last?.lineComment && lineComment && gap !== null && /^[ \t]*\n[ \t]*$/.test(gap)) {
      last.block.text += gap + body;
      last.end = end;
    } else {
      last = { block: { text: body, line: lineAt(start) }, end, lineComment };
      blocks.push(last.block);
    }
  }
  return blocks;
}

/**
 * The repository paths among all the words of a source text, with comment marks and `*` blanked.
 * Every path a comment of the text cites is among them, so a text none of whose words is a missing
 * path cites no missing path, and the check need not parse it (most files; parsing is most of the
 * check's work). Words of code and strings come too: a candidate is only a reason to parse.
 */
export function candidatePaths(text: string, options: PathOptions): string[] {
  const words = text.replace(/\/\/|\/\*|\*|#/g, (m) => ' '.repeat(m.length));
  const files = options.roots.filter((r) => !r.endsWith('/'));
  const out: string[] = [];
  for (const [word] of words.matchAll(/\S+/g)) {
    // A path holds a slash or is a top-level file: most words are neither.
    if (!word.includes('/') && !files.some((f) => word.includes(f))) continue;
    const path = rootedPath(word, options);
    if (path) out.push(path);
  }
  return out;
}

/** The paths cited in the comments of a source file (shell rules for a shell script, else JS). */
export function commentCitations(text: string, file: string, options: PathOptions): Citation[] {
  const blocks = isShellFile(file, text) ? shellComments(text) : jsComments(text, file);
  return blocks.flatMap((b) => bareCitations(b, options));
}
