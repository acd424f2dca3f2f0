// Nothing in the repository points outside it
// (docs/decisions/0254-nothing-points-outside-the-repository.md). Pure functions over one file's
// text; scripts/hygiene.test.ts runs them over every tracked source file and expects nothing.
// scripts/lib/source-scan.ts reads the file: TypeScript's parser for JavaScript and TypeScript,
// the `#` comments of a shell script.
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
// - duration-assertion: expect(…) or expect.soft(…) whose argument subtracts a clock reading
//   (performance.now(), Date.now(), process.hrtime), or names a variable assigned such a
//   difference anywhere in the file, or one named ms, took…, …elapsed…, …duration… or …p95/…p99,
//   followed by toBeLessThan(OrEqual) or toBeGreaterThan(OrEqual), with or without .not. A
//   wall-clock bound fails on a loaded machine; the bench measures time.
//
// A line with a comment `hygiene-ok: <reason>` is waived for every rule.
import ts from 'typescript';
import {
  isShellFile,
  lineFinder,
  scanSource,
  shellComments,
  type Comment,
  type SourceScan,
} from './source-scan.ts';

export { isShellFile };

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

/** A finding before its line is known: `at` is an offset in the file's text. */
interface Hit {
  rule: HygieneRule;
  at: number;
  text: string;
}

/** Written as parts so that this file does not hold the paths it forbids. */
const OUTSIDE_PREFIXES = ['work', 'home', 'root', 'Users', 'mnt', 'srv'].map((d) => `/${d}/`);

/** The outside documents' names, written as parts for the same reason. */
const [SPEC, DESIGN] = ['SP' + 'EC', 'DES' + 'IGN'];

const CITATIONS: RegExp[] = [
  /\bbrief\s*§/i,
  /content-brief/i,
  new RegExp(`\\b${SPEC}(?:\\.md)?\\s*§`, 'i'),
  new RegExp(`\\b${SPEC}\\.md\\b`, 'i'),
  new RegExp(`\\b${DESIGN}\\.md\\b`, 'i'),
  new RegExp(`\\b${DESIGN}\\s*§`, 'i'),
  // A path that starts at a «shared» folder (or climbs to one), not a folder of that name inside
  // a path of ours.
  /(?:^|[^\w./-])(?:\.\.\/)*shared\//,
  /\.\.\/shared(?![\w.-])/,
  /\bissues?\s*#\s*\d+/i,
  /\bissues?\s+\d+/i,
];

const WAIVER = /hygiene-ok:\s*\S/;
const DURATION_NAME = /^(?:ms|took\w*|\w*(?:elapsed|duration)\w*|\w*p9\d)$/i;

/** Every finding in one file, in line order. `path` picks the language (shell or JS/TS). */
export function scanText(path: string, text: string, options: ScanOptions = {}): Finding[] {
  if (!mayHoldFinding(text, options)) return [];
  const scan = isShellFile(path, text) ? null : scanSource(path, text);
  const comments = scan ? scan.comments : shellComments(text);
  const hits = [
    ...outsidePaths(text, scan, comments, options),
    ...outsideCitations(comments, scan),
    ...(scan ? durationAssertions(scan) : []),
  ];
  const lineAt = lineFinder(text);
  const waived = new Set(
    comments
      .flatMap(commentLines)
      .filter((line) => WAIVER.test(line.text))
      .map((line) => lineAt(line.at)),
  );
  return hits
    .map((hit) => ({ rule: hit.rule, line: lineAt(hit.at), text: oneLine(hit.text) }))
    .filter((f) => !waived.has(f.line))
    .sort((x, y) => x.line - y.line || x.rule.localeCompare(y.rule));
}

const CLOCK = /performance\.now|Date\.now|hrtime/;
const DURATION_WORD = /\b(?:ms|took\w*|\w*(?:elapsed|duration)\w*|\w*p9\d)\b/i;
const BOUND = /toBe(?:Less|Greater)Than/;

/**
 * Whether a text could hold a finding at all: an outside prefix, a citation, or a bound matcher
 * beside a clock or a duration's name somewhere in it. Each rule needs its text in the file, so a
 * file without any is answered without parsing it (most files; parsing is most of the scan's work).
 */
function mayHoldFinding(text: string, options: ScanOptions): boolean {
  const prefixes = [...OUTSIDE_PREFIXES, '..' + '/shared'];
  if (options.repoRoot) prefixes.push(options.repoRoot.replace(/\/?$/, '/'));
  return (
    prefixes.some((p) => text.includes(p)) ||
    CITATIONS.some((c) => c.test(text)) ||
    (BOUND.test(text) && (CLOCK.test(text) || DURATION_WORD.test(text)))
  );
}

/** One line per finding: `path:line  rule  text`. */
export function formatFindings(findings: ReadonlyArray<Finding & { path: string }>): string {
  return findings.map((f) => `${f.path}:${f.line}  ${f.rule}  ${f.text}`).join('\n');
}

// --- The rules -----------------------------------------------------------------------------------

/** Rule outside-path: literals that begin with an outside path; words in comments or shell. */
function outsidePaths(
  text: string,
  scan: SourceScan | null,
  comments: Comment[],
  options: ScanOptions,
): Hit[] {
  const prefixes = [...OUTSIDE_PREFIXES];
  if (options.repoRoot) prefixes.push(options.repoRoot.replace(/\/?$/, '/'));
  const alternatives = [...prefixes.map(escapeRegExp), '(?:\\.\\./)+shared(?![\\w.-])'].join('|');
  const literalOutside = new RegExp(`^(?:${alternatives})`);
  const wordOutside = new RegExp(`(?:^|[\\s'"\`=:(,\\[])((?:${alternatives})\\S*)`, 'g');
  const words = (from: number, where: string): Hit[] =>
    [...where.matchAll(wordOutside)].map((m) => ({
      rule: 'outside-path',
      at: from + m.index + m[0].length - m[1]!.length,
      text: m[1]!,
    }));
  if (!scan) return words(0, text);
  const starts = scan.literals.filter(
    (l) => l.kind === 'string' || l.kind === 'template' || l.kind === 'template-head',
  );
  return [
    ...starts
      .filter((l) => literalOutside.test(l.body))
      .map((l): Hit => ({ rule: 'outside-path', at: l.start, text: l.body })),
    ...comments.flatMap((c) => words(c.start, c.text)),
  ];
}

/** Rule outside-citation: comment lines and test titles that cite a document a clone lacks. */
function outsideCitations(comments: Comment[], scan: SourceScan | null): Hit[] {
  const cites = (s: string) => CITATIONS.some((re) => re.test(s));
  const lines = comments.flatMap(commentLines).filter((line) => cites(line.text));
  const titles = (scan?.titles ?? []).filter((title) => cites(title.body));
  return [
    ...lines.map((line): Hit => ({ rule: 'outside-citation', at: line.at, text: line.text })),
    ...titles.map((t): Hit => ({ rule: 'outside-citation', at: t.start, text: t.body })),
  ];
}

/** Rule duration-assertion: a less-than or greater-than bound on a measured duration. */
function durationAssertions(scan: SourceScan): Hit[] {
  // Names assigned a clock difference: const took = performance.now() - t0; x = Date.now() - s.
  // (A function that subtracts one is not such a name.)
  const timed = new Set(
    scan.assignments.filter((a) => subtractsClock(a.value, false)).map((a) => a.name),
  );
  return scan.bounds
    .filter(
      (bound) =>
        subtractsClock(bound.argument) ||
        identifiers(bound.argument).some((n) => timed.has(n) || DURATION_NAME.test(n)),
    )
    .map((bound) => ({ rule: 'duration-assertion', at: bound.start, text: bound.text }));
}

/**
 * Whether an expression holds a subtraction with a clock reading on either side; in the bodies
 * of the functions it holds too, unless `intoFunctions` is false.
 */
function subtractsClock(node: ts.Node, intoFunctions = true): boolean {
  if (!intoFunctions && ts.isFunctionLike(node)) return false;
  if (
    ts.isBinaryExpression(node) &&
    node.operatorToken.kind === ts.SyntaxKind.MinusToken &&
    (readsClock(node.left) || readsClock(node.right))
  )
    return true;
  return ts.forEachChild(node, (child) => subtractsClock(child, intoFunctions)) ?? false;
}

/** Whether an expression holds performance.now(), Date.now() or process.hrtime. */
function readsClock(node: ts.Node): boolean {
  const lastName = (e: ts.Expression) =>
    ts.isIdentifier(e) ? e.text : ts.isPropertyAccessExpression(e) ? e.name.text : '';
  if (
    ts.isCallExpression(node) &&
    node.arguments.length === 0 &&
    ts.isPropertyAccessExpression(node.expression) &&
    node.expression.name.text === 'now' &&
    ['performance', 'Date'].includes(lastName(node.expression.expression))
  )
    return true;
  if (
    ts.isPropertyAccessExpression(node) &&
    node.name.text === 'hrtime' &&
    lastName(node.expression) === 'process'
  )
    return true;
  return ts.forEachChild(node, readsClock) ?? false;
}

/** The identifiers of an expression, property names included (`result.elapsedMs`). */
function identifiers(node: ts.Node): string[] {
  if (ts.isIdentifier(node)) return [node.text];
  const names: string[] = [];
  ts.forEachChild(node, (child) => {
    names.push(...identifiers(child));
  });
  return names;
}

// --- Small helpers -------------------------------------------------------------------------------

/** A comment's lines, each with where it starts in the file. */
function commentLines(comment: Comment): Array<{ at: number; text: string }> {
  const lines: Array<{ at: number; text: string }> = [];
  let at = comment.start;
  for (const line of comment.text.split('\n')) {
    lines.push({ at, text: line });
    at += line.length + 1;
  }
  return lines;
}

function oneLine(s: string): string {
  const line = s.replace(/\s+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 117)}…` : line;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
