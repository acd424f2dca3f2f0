// The repository paths a text cites, for the check that the guide and the records cannot point at
// files that are gone (scripts/docs-paths.test.ts, docs/decisions/0253-a-guide-that-cannot-drift.md).
// Pure: the caller reads the files and says which top-level names the repository has.
//
// A citation is a token that starts with a top-level folder (`src/`, `server/`…) or is a top-level
// file (`package.json`…): in markdown, inside backticks or a fenced block, or a link target
// (resolved against the markdown file); in source files, anywhere in a comment. Globs and
// placeholders are skipped, and so are generated outputs (dist, data, test results…).
// A citation kept as history is allowed to be missing when its sentence says so: see
// HISTORY_MARKERS.
import { posix } from 'node:path';

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
export function rootedPath(token: string, options: PathOptions): string | null {
  const t = cleanToken(token);
  if (!t || t.split('/').includes('..')) return null;
  const rooted = options.roots.some((r) => (r.endsWith('/') ? t.startsWith(r) : t === r));
  if (!rooted) return null;
  const path = posix.normalize(t);
  return isSkipped(path, options.skipped ?? SKIPPED_OUTPUTS) ? null : path;
}

/** The repository path a markdown link target cites, resolved against the file; or null. */
export function linkPath(target: string, file: string, options: PathOptions): string | null {
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
export function isHistory(sentence: string): boolean {
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
 * The comments of a JavaScript or TypeScript text, as blocks (a run of `//` lines is one block)
 * with the comment marks blanked, so offsets still match the file's lines.
 */
export function jsComments(text: string): Block[] {
  const ranges: [number, number][] = [];
  const templates: number[] = []; // brace depth inside each open `${…}`
  let prev = ''; // the last significant character or word, to tell a regex from a division
  let i = 0;
  const n = text.length;
  const skipQuoted = (q: string) => {
    i++;
    while (i < n && text[i] !== q && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
    i++;
  };
  // Scans template text from i until its closing backtick or a `${`.
  const skipTemplate = () => {
    while (i < n) {
      if (text[i] === '\\') i += 2;
      else if (text[i] === '`') {
        i++;
        return;
      } else if (text[i] === '$' && text[i + 1] === '{') {
        i += 2;
        templates.push(0);
        return;
      } else i++;
    }
  };
  while (i < n) {
    const c = text[i]!;
    const d = text[i + 1];
    if (c === '/' && d === '/') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? n : end;
      ranges.push([i, stop]);
      i = stop;
    } else if (c === '/' && d === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      ranges.push([i, stop]);
      i = stop;
    } else if (c === '"' || c === "'") {
      skipQuoted(c);
      prev = 'a';
    } else if (c === '`') {
      i++;
      skipTemplate();
      prev = 'a';
    } else if (
      c === '/' &&
      (prev === '' ||
        /[(,=:[!&|?{};+\-*%<>~^]$|\b(?:return|typeof|case|in|of|new|delete|void|throw|do|else|yield|await)$/.test(
          prev,
        ))
    ) {
      i++;
      let inClass = false;
      while (i < n && text[i] !== '\n' && (inClass || text[i] !== '/')) {
        if (text[i] === '\\') i++;
        else if (text[i] === '[') inClass = true;
        else if (text[i] === ']') inClass = false;
        i++;
      }
      i++;
      prev = 'a';
    } else if (c === '}' && templates.length && templates[templates.length - 1] === 0) {
      templates.pop();
      i++;
      skipTemplate();
      prev = 'a';
    } else {
      if (templates.length && c === '{') templates[templates.length - 1]!++;
      if (templates.length && c === '}') templates[templates.length - 1]!--;
      if (/\w/.test(c)) {
        const word = /^\w+/.exec(text.slice(i, i + 40))![0];
        prev = word;
        i += word.length;
        continue;
      }
      if (!/\s/.test(c)) prev = c;
      i++;
    }
  }
  return commentBlocks(text, ranges, (s) =>
    s
      .replace(/^\/\/\/?|^\/\*\*?|\*\/$/g, (m) => ' '.repeat(m.length))
      .replace(/\n(\s*)\*(?!\/)/g, '\n$1 '),
  );
}

/** The comments of a shell script (`#` at the start of a word, outside quotes; no shebang). */
export function shellComments(text: string): Block[] {
  const ranges: [number, number][] = [];
  let offset = 0;
  for (const [index, line] of text.split('\n').entries()) {
    let quote = '';
    for (let j = 0; j < line.length; j++) {
      const c = line[j]!;
      if (quote) {
        if (c === quote) quote = '';
        else if (c === '\\' && quote === '"') j++;
      } else if (c === "'" || c === '"') quote = c;
      else if (c === '\\') j++;
      else if (c === '#' && (j === 0 || /\s/.test(line[j - 1]!))) {
        if (!(index === 0 && line.startsWith('#!')))
          ranges.push([offset + j, offset + line.length]);
        break;
      }
    }
    offset += line.length + 1;
  }
  return commentBlocks(text, ranges, (s) => s.replace(/^#+/, (m) => ' '.repeat(m.length)));
}

/** Joins line comments separated only by a line break and indentation into blocks. */
function commentBlocks(
  text: string,
  ranges: [number, number][],
  blank: (comment: string) => string,
): Block[] {
  const blocks: Block[] = [];
  let last: { block: Block; end: number; lineComment: boolean } | null = null;
  for (const [start, end] of ranges) {
    const body = blank(text.slice(start, end));
    const gap = last ? text.slice(last.end, start) : null;
    const lineComment = !text.startsWith('/*', start);
    if (last?.lineComment && lineComment && gap !== null && /^[ \t]*\n[ \t]*$/.test(gap)) {
      last.block.text += gap + body;
      last.end = end;
    } else {
      const line = (text.slice(0, start).match(/\n/g)?.length ?? 0) + 1;
      last = { block: { text: body, line }, end, lineComment };
      blocks.push(last.block);
    }
  }
  return blocks;
}

/** The paths cited in the comments of a source file (`.sh` by shell rules, the rest as JS). */
export function commentCitations(text: string, file: string, options: PathOptions): Citation[] {
  const blocks = file.endsWith('.sh') ? shellComments(text) : jsComments(text);
  return blocks.flatMap((b) => bareCitations(b, options));
}
