// Nothing in the repository points outside it (decision 0254). Pure functions over one file's
// text; scripts/hygiene.test.ts runs them over every tracked source file and expects nothing.
//
// Three rules:
// - outside-path: a string literal, or a template literal's start, that begins with an absolute
//   path on one machine (under /work, /home, /root, /Users, /mnt or /srv, or the repository's
//   own absolute path) or with a «shared» folder beside the repository; in comments and shell
//   scripts, any word that does. Only these prefixes count, so URL paths (/api/v1/…, /consola)
//   and system paths (/dev, /proc, /usr/bin, /etc) pass.
// - outside-citation: a code comment or a test title (the first argument of it, test, describe,
//   suite, bench with any modifiers, it.each(…)(…)) citing a document a clone does not have: the
//   brief or the content brief by section, the product specification or design notes by file or
//   section, a «shared» folder, an issue number. Cite a decision record, or say the rule.
// - duration-assertion: expect(…) whose argument subtracts a clock reading (performance.now(),
//   Date.now(), process.hrtime), or names a variable assigned such a difference earlier in the
//   file, or one named ms, took…, …elapsed…, …duration… or …p95/…p99, followed by
//   toBeLessThan(OrEqual) or toBeGreaterThan(OrEqual). A wall-clock bound fails on a loaded
//   machine; the bench measures time.
//
// A line with a comment `hygiene-ok: <reason>` is waived for every rule.

export type HygieneRule = 'outside-path' | 'outside-citation' | 'duration-assertion';

export interface Finding {
  rule: HygieneRule;
  /** 1-based. */
  line: number;
  /** What matched, trimmed to one line. */
  text: string;
}

export interface ScanOptions {
  /** The repository's absolute path: a literal beginning with it is an outside path too. */
  repoRoot?: string;
}

type TokenKind = 'comment' | 'string' | 'template' | 'regex';

interface Token {
  kind: TokenKind;
  start: number;
  end: number;
  /** The text between the delimiters (a comment's without its opening and closing marks). */
  body: string;
}

interface Lexed {
  tokens: Token[];
  /** The source with every comment, string, template and regex body blanked (newlines kept). */
  code: string;
}

/** Written as parts so that this file does not hold the paths it forbids. */
const OUTSIDE_PREFIXES = ['work', 'home', 'root', 'Users', 'mnt', 'srv'].map((d) => `/${d}/`);

const CITATIONS: RegExp[] = [
  /\bbrief\s*§/i,
  /content-brief/i,
  /\bSPEC(?:\.md)?\s*§/i,
  /\bSPEC\.md\b/i,
  /\bDESIGN\.md\b/i,
  /\bDESIGN\s*§/i,
  // A path that starts at a «shared» folder (or climbs to one), not a folder of that name inside
  // a path of ours.
  /(?:^|[^\w./-])(?:\.\.\/)*shared\//,
  /\.\.\/shared(?![\w.-])/,
  /\bissues?\s*#\s*\d+/i,
  /\bissues?\s+\d+/i,
];

const WAIVER = /hygiene-ok:\s*\S/;
const CLOCK =
  /\bperformance\s*\.\s*now\s*\(\s*\)|\bDate\s*\.\s*now\s*\(\s*\)|\bprocess\s*\.\s*hrtime\b/;
const BOUND_MATCHER =
  /^\s*(?:\.\s*not\s*)?\.\s*(?:toBeLessThan|toBeLessThanOrEqual|toBeGreaterThan|toBeGreaterThanOrEqual)\s*\(/;
const DURATION_NAME = /^(?:ms|took\w*|\w*(?:elapsed|duration)\w*|\w*p9\d)$/i;
const TEST_CALL = /\b(?:it|test|describe|suite|bench)(?:\s*\.\s*[A-Za-z]+)*\s*(?=[(`])/g;
const REGEX_AFTER_WORD = new Set([
  'return',
  'typeof',
  'instanceof',
  'case',
  'do',
  'else',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'yield',
  'await',
]);

export function isShellFile(path: string, text = ''): boolean {
  return /\.sh$/.test(path) || /(^|\/)\.ci\/run$/.test(path) || /^#!.*\b(ba|da|z)?sh\b/.test(text);
}

/** Every finding in one file, in line order. `path` picks the language (shell or JS/TS). */
export function scanText(path: string, text: string, options: ScanOptions = {}): Finding[] {
  const shell = isShellFile(path, text);
  const lexed = shell ? lexShell(text) : lexJs(text);
  const lineAt = lineIndex(text);
  const findings: Finding[] = [];
  const add = (rule: HygieneRule, at: number, what: string) =>
    findings.push({ rule, line: lineAt(at), text: oneLine(what) });
  const comments = lexed.tokens.filter((t) => t.kind === 'comment');

  // Rule a: outside paths.
  const prefixes = [...OUTSIDE_PREFIXES];
  if (options.repoRoot) prefixes.push(options.repoRoot.replace(/\/?$/, '/'));
  const alternatives = [...prefixes.map(escapeRegExp), '(?:\\.\\./)+shared(?![\\w.-])'].join('|');
  const literalOutside = new RegExp(`^(?:${alternatives})`);
  const wordOutside = new RegExp(`(?:^|[\\s'"\`=:(,\\[])((?:${alternatives})\\S*)`, 'g');
  const words = (from: number, where: string) => {
    for (const m of where.matchAll(wordOutside))
      add('outside-path', from + m.index + m[0].length - m[1]!.length, m[1]!);
  };
  if (shell) words(0, text);
  else {
    for (const token of lexed.tokens)
      if (
        (token.kind === 'string' || (token.kind === 'template' && text[token.start] === '`')) &&
        literalOutside.test(token.body)
      )
        add('outside-path', token.start, token.body);
    for (const token of comments) words(token.start, text.slice(token.start, token.end));
  }

  // Rule b: citations in comments and test titles.
  for (const token of comments)
    for (const line of linesOf(text, token))
      if (CITATIONS.some((re) => re.test(line.text))) add('outside-citation', line.at, line.text);
  if (!shell)
    for (const title of testTitles(lexed, text))
      if (CITATIONS.some((re) => re.test(title.body)))
        add('outside-citation', title.start, title.body);

  // Rule c: duration assertions.
  if (!shell)
    for (const found of durationAssertions(lexed.code))
      add('duration-assertion', found.start, found.text);

  const waived = new Set<number>();
  for (const token of comments)
    for (const line of linesOf(text, token))
      if (WAIVER.test(line.text)) waived.add(lineAt(line.at));
  return findings
    .filter((f) => !waived.has(f.line))
    .sort((x, y) => x.line - y.line || x.rule.localeCompare(y.rule));
}

/** One line per finding: `path:line  rule  text`. */
export function formatFindings(findings: ReadonlyArray<Finding & { path: string }>): string {
  return findings.map((f) => `${f.path}:${f.line}  ${f.rule}  ${f.text}`).join('\n');
}

// --- Lexers ------------------------------------------------------------------------------------

/**
 * JS/TS/TSX, enough to tell comments, strings, templates and regex literals from code. A `/`
 * starts a regex after an operator, an opening bracket, a keyword or at the start; JSX text is
 * not understood, but a quote or regex never runs past its line, so a stray apostrophe in JSX
 * text costs at most that line.
 */
function lexJs(text: string): Lexed {
  const tokens: Token[] = [];
  const code = text.split('');
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (code[k] !== '\n') code[k] = ' ';
  };
  let i = 0;
  let lastSignificant = '';
  let lastWord = '';
  /** Open template literals' `${` depths, so a `}` can resume the template. */
  const templateDepths: number[] = [];
  let braceDepth = 0;

  const readTemplate = (from: number): void => {
    // `from` is just after ` or after the } closing a ${…}.
    let j = from;
    while (j < text.length) {
      const c = text[j];
      if (c === '\\') j += 2;
      else if (c === '`') {
        pushPart(from, j, j + 1);
        i = j + 1;
        lastSignificant = '`';
        return;
      } else if (c === '$' && text[j + 1] === '{') {
        pushPart(from, j, j + 2);
        templateDepths.push(braceDepth);
        braceDepth++;
        i = j + 2;
        lastSignificant = '{';
        return;
      } else j++;
    }
    pushPart(from, text.length, text.length);
    i = text.length;
  };
  const pushPart = (bodyStart: number, bodyEnd: number, end: number) => {
    // Starts at its ` (a template's first part) or at the } that resumes it.
    tokens.push({
      kind: 'template',
      start: bodyStart - 1,
      end,
      body: text.slice(bodyStart, bodyEnd),
    });
    blank(bodyStart, bodyEnd);
  };

  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      const end = indexOrEnd(text, '\n', i);
      tokens.push({ kind: 'comment', start: i, end, body: text.slice(i + 2, end) });
      blank(i, end);
      i = end;
    } else if (c === '/' && next === '*') {
      const close = text.indexOf('*/', i + 2);
      const end = close < 0 ? text.length : close + 2;
      tokens.push({
        kind: 'comment',
        start: i,
        end,
        body: text.slice(i + 2, close < 0 ? end : close),
      });
      blank(i, end);
      i = end;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      tokens.push({ kind: 'string', start: i, end: j + 1, body: text.slice(i + 1, j) });
      blank(i + 1, j);
      i = j + 1;
      lastSignificant = c;
    } else if (c === '`') {
      readTemplate(i + 1);
    } else if (c === '/' && regexMayStart(lastSignificant, lastWord)) {
      let j = i + 1;
      let inClass = false;
      while (j < text.length && text[j] !== '\n') {
        const d = text[j];
        if (d === '\\') j++;
        else if (d === '[') inClass = true;
        else if (d === ']') inClass = false;
        else if (d === '/' && !inClass) break;
        j++;
      }
      tokens.push({ kind: 'regex', start: i, end: j + 1, body: text.slice(i + 1, j) });
      blank(i + 1, j);
      i = j + 1;
      lastSignificant = '/';
      lastWord = '';
    } else {
      if (c === '{') braceDepth++;
      else if (c === '}') {
        braceDepth--;
        if (templateDepths.length && templateDepths[templateDepths.length - 1] === braceDepth) {
          templateDepths.pop();
          readTemplate(i + 1);
          continue;
        }
      }
      if (/[\w$]/.test(c)) {
        let j = i;
        while (j < text.length && /[\w$]/.test(text[j]!)) j++;
        lastWord = text.slice(i, j);
        lastSignificant = 'w';
        i = j;
        continue;
      }
      if (!/\s/.test(c)) {
        lastSignificant = c;
        lastWord = '';
      }
      i++;
    }
  }
  return { tokens, code: code.join('') };
}

function regexMayStart(lastSignificant: string, lastWord: string): boolean {
  if (lastSignificant === 'w') return REGEX_AFTER_WORD.has(lastWord);
  if (lastSignificant === '<') return false; // a JSX closing tag, </p>
  return !/[)\]'"`/]/.test(lastSignificant);
}

/** Shell: # comments (at a line start or after a blank, outside quotes) and quoted strings. */
function lexShell(text: string): Lexed {
  const tokens: Token[] = [];
  const code = text.split('');
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (code[k] !== '\n') code[k] = ' ';
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '#' && (i === 0 || /\s/.test(text[i - 1]!))) {
      const end = indexOrEnd(text, '\n', i);
      if (!(i === 0 && text[1] === '!')) {
        tokens.push({ kind: 'comment', start: i, end, body: text.slice(i + 1, end) });
        blank(i, end);
      }
      i = end;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += c === '"' && text[j] === '\\' ? 2 : 1;
      tokens.push({ kind: 'string', start: i, end: j + 1, body: text.slice(i + 1, j) });
      blank(i + 1, j);
      i = j + 1;
    } else if (c === '\\') i += 2;
    else i++;
  }
  return { tokens, code: code.join('') };
}

// --- Rule helpers --------------------------------------------------------------------------------

/** The first string or template argument of each test call: it('…'), it.each(…)('…'), it.each`…`('…'). */
function testTitles(lexed: Lexed, text: string): Token[] {
  const titles: Token[] = [];
  const tokenAt = new Map(lexed.tokens.map((t) => [t.start, t]));
  const { code } = lexed;
  for (const m of code.matchAll(TEST_CALL)) {
    // Not a member (foo.test) nor a declaration (function test).
    const before = code.slice(Math.max(0, m.index - 12), m.index);
    if (/\.\s*$/.test(before) || /\bfunction\s+$/.test(before)) continue;
    let at = m.index + m[0].length;
    if (/\.\s*each$/.test(m[0].trimEnd())) {
      // Skip the table, it.each(…) or it.each`…`, to the call that takes the title.
      at = code[at] === '`' ? templateEnd(lexed.tokens, text, at) : matchingParen(code, at) + 1;
      at = skipBlanks(code, at);
    }
    if (code[at] !== '(') continue;
    const first = tokenAt.get(skipBlanks(code, at + 1));
    if (first?.kind === 'string') titles.push(first);
    if (first?.kind === 'template') {
      const end = templateEnd(lexed.tokens, text, first.start);
      titles.push({ ...first, end, body: text.slice(first.start + 1, end - 1) });
    }
  }
  return titles;
}

/** Where the template literal that starts at `start` ends (just after its closing backtick). */
function templateEnd(tokens: Token[], text: string, start: number): number {
  let depth = 0;
  for (const t of tokens) {
    if (t.kind !== 'template' || t.start < start) continue;
    if (text[t.start] === '`') depth++;
    if (text[t.end - 1] === '`') depth--;
    if (depth === 0) return t.end;
  }
  return text.length;
}

function durationAssertions(code: string): Array<{ start: number; text: string }> {
  // Variables assigned a clock difference: const x = performance.now() - t0; x = Date.now() - s;
  const timed = new Set<string>();
  for (const m of code.matchAll(/\b([A-Za-z_$][\w$]*)\s*(?::[^=;]*)?=(?![=>])([^;]*)/g))
    if (CLOCK.test(m[2]!) && m[2]!.includes('-')) timed.add(m[1]!);

  const found: Array<{ start: number; text: string }> = [];
  for (const m of code.matchAll(/\bexpect(?:\s*\.\s*soft)?\s*\(/g)) {
    if (code[m.index - 1] === '.') continue;
    const open = m.index + m[0].length - 1;
    const close = matchingParen(code, open);
    if (!BOUND_MATCHER.test(code.slice(close + 1, close + 200))) continue;
    const argument = code.slice(open + 1, close);
    const names = argument.match(/[A-Za-z_$][\w$]*/g) ?? [];
    const clockDifference = CLOCK.test(argument) && argument.includes('-');
    if (clockDifference || names.some((n) => timed.has(n) || DURATION_NAME.test(n)))
      found.push({ start: m.index, text: code.slice(m.index, close + 1) });
  }
  return found;
}

// --- Small helpers -------------------------------------------------------------------------------

function matchingParen(code: string, open: number): number {
  let depth = 0;
  for (let k = open; k < code.length; k++) {
    const c = code[k];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return k;
  }
  return code.length;
}

function skipBlanks(code: string, at: number): number {
  while (at < code.length && /\s/.test(code[at]!)) at++;
  return at;
}

function indexOrEnd(text: string, what: string, from: number): number {
  const k = text.indexOf(what, from);
  return k < 0 ? text.length : k;
}

/** A comment's lines, each with where it starts in the file. */
function linesOf(text: string, token: Token): Array<{ at: number; text: string }> {
  const lines: Array<{ at: number; text: string }> = [];
  let at = token.start;
  for (const line of text.slice(token.start, token.end).split('\n')) {
    lines.push({ at, text: line });
    at += line.length + 1;
  }
  return lines;
}

function lineIndex(text: string): (at: number) => number {
  const starts = [0];
  for (let k = 0; k < text.length; k++) if (text[k] === '\n') starts.push(k + 1);
  return (at) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

function oneLine(s: string): string {
  const line = s.replace(/\s+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 117)}…` : line;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
