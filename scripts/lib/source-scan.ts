// What the repository checks read in a source file: its comments, its string-like literals, its
// test titles and its bound assertions. A JavaScript or TypeScript file is read with TypeScript's
// own parser, so a regex, a template or JSX text is never taken for a comment or a string; a shell
// script has only its `#` comments read. Two checks use it: scripts/lib/hygiene.ts (nothing points
// outside the repository, docs/decisions/0254-nothing-points-outside-the-repository.md) and
// scripts/lib/doc-paths.ts (the paths the comments cite exist,
// docs/decisions/0253-a-guide-that-cannot-drift.md). Pure: the caller reads the files.
import ts from 'typescript';

/** A comment, its marks included: `start` and `end` are offsets in the file's text. */
export interface Comment {
  kind: 'line' | 'block';
  start: number;
  end: number;
  /** The comment as written, from `//`, `/*` or `#` to the end of the line or to `*\/`. */
  text: string;
}

export type LiteralKind =
  'string' | 'template' | 'template-head' | 'template-middle' | 'template-tail' | 'regex';

/**
 * A string, a template literal or one of its parts, or a regex literal. A template with `${…}`
 * comes as a head (from the backtick), middles and a tail (each from the `}` that resumes it).
 */
export interface Literal {
  kind: LiteralKind;
  start: number;
  end: number;
  /** The text between the delimiters, escapes as written; a regex's without its flags. */
  body: string;
}

/** The first argument of a test call, when it is a string or a template literal. */
export interface TestTitle {
  start: number;
  end: number;
  /** The text between the quotes or backticks, `${…}` parts as written. */
  body: string;
}

/** `expect(value)` or `expect.soft(value)`, maybe `.not`, then a less-than or greater-than matcher. */
export interface BoundAssertion {
  start: number;
  end: number;
  /** The `expect(…)` call as written. */
  text: string;
  matcher: string;
  negated: boolean;
  /** The value under test, the first argument of `expect`. */
  argument: ts.Expression;
}

/** A name given a value: a declaration with an initializer, or `name = …` and `x.name = …`. */
export interface Assignment {
  name: string;
  value: ts.Expression;
}

export interface SourceScan {
  source: ts.SourceFile;
  /** In the order of the file. */
  comments: Comment[];
  literals: Literal[];
  titles: TestTitle[];
  bounds: BoundAssertion[];
  assignments: Assignment[];
}

const TEST_FUNCTIONS = new Set(['it', 'test', 'describe', 'suite', 'bench']);
const BOUND_MATCHERS = new Set([
  'toBeLessThan',
  'toBeLessThanOrEqual',
  'toBeGreaterThan',
  'toBeGreaterThanOrEqual',
]);

/** A shell script: `.sh`, the CI entry point `.ci/run`, or a text with a shell shebang. */
export function isShellFile(path: string, text = ''): boolean {
  return /\.sh$/.test(path) || /(^|\/)\.ci\/run$/.test(path) || /^#!.*\b(ba|da|z)?sh\b/.test(text);
}

/** Parses a JavaScript or TypeScript file: as TSX when it ends in .tsx or .jsx, else as TS. */
function parseSource(path: string, text: string): ts.SourceFile {
  const kind = /\.[jt]sx$/.test(path) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
}

/** The comments of a JavaScript or TypeScript file, in the order of the file. */
export function sourceComments(path: string, text: string): Comment[] {
  return comments(parseSource(path, text));
}

/** Everything the checks read in a JavaScript or TypeScript file. */
export function scanSource(path: string, text: string): SourceScan {
  const source = parseSource(path, text);
  const scan: SourceScan = {
    source,
    comments: comments(source),
    literals: [],
    titles: [],
    bounds: [],
    assignments: [],
  };
  const visit = (node: ts.Node): void => {
    const literal = literalOf(node, source);
    if (literal) scan.literals.push(literal);
    const assignment = assignmentOf(node);
    if (assignment) scan.assignments.push(assignment);
    if (ts.isCallExpression(node)) {
      const title = titleOf(node, source);
      if (title) scan.titles.push(title);
      const bound = boundOf(node, source);
      if (bound) scan.bounds.push(bound);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return scan;
}

/**
 * Every comment of a parsed file, found as TypeScript finds them: the comment ranges before and
 * after each node and token (so the end of the file and JSX `{/* … *\/}` count), each once. Text
 * inside JSX elements is not code: what looks like a comment there (`<a>http://x</a>`) is not one.
 */
function comments(source: ts.SourceFile): Comment[] {
  const text = source.text;
  const found = new Map<number, Comment>();
  const jsxText: ts.Node[] = [];
  const add = (start: number, end: number, kind: ts.CommentKind): void => {
    if (found.has(start)) return;
    const line = kind === ts.SyntaxKind.SingleLineCommentTrivia;
    found.set(start, { kind: line ? 'line' : 'block', start, end, text: text.slice(start, end) });
  };
  // Where a comment could start: a node with none of these inside holds no comment, and its
  // children need not be listed (listing them, tokens included, is most of the work).
  const marks = [...text.matchAll(/\/[/*]/g)].map((m) => m.index);
  const holdsMark = (node: ts.Node) => {
    let lo = 0;
    let hi = marks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (marks[mid]! < node.pos) lo = mid + 1;
      else hi = mid;
    }
    return lo < marks.length && marks[lo]! < node.end;
  };
  const visit = (node: ts.Node): void => {
    // A JSDoc node lies inside a comment already found; its parts are not code.
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode)
      return;
    if (node.kind === ts.SyntaxKind.JsxText) jsxText.push(node);
    ts.forEachLeadingCommentRange(text, node.pos, add);
    ts.forEachTrailingCommentRange(text, node.end, add);
    if (holdsMark(node)) for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  const inJsxText = (at: number) => jsxText.some((n) => n.pos <= at && at < n.end);
  return [...found.values()].filter((c) => !inJsxText(c.start)).sort((a, b) => a.start - b.start);
}

function literalOf(node: ts.Node, source: ts.SourceFile): Literal | null {
  const kind = LITERAL_KINDS.get(node.kind);
  if (!kind) return null;
  const start = node.getStart(source);
  const raw = source.text.slice(start, node.end);
  // Opening delimiter: one character (a quote, a backtick, a slash or the } of a ${…});
  // closing: a quote or backtick, `${`, or a regex's slash and flags.
  const close =
    kind === 'regex'
      ? raw.length - raw.lastIndexOf('/')
      : kind === 'template-head' || kind === 'template-middle'
        ? 2
        : 1;
  return { kind, start, end: node.end, body: raw.slice(1, Math.max(1, raw.length - close)) };
}

const LITERAL_KINDS = new Map<ts.SyntaxKind, LiteralKind>([
  [ts.SyntaxKind.StringLiteral, 'string'],
  [ts.SyntaxKind.NoSubstitutionTemplateLiteral, 'template'],
  [ts.SyntaxKind.TemplateHead, 'template-head'],
  [ts.SyntaxKind.TemplateMiddle, 'template-middle'],
  [ts.SyntaxKind.TemplateTail, 'template-tail'],
  [ts.SyntaxKind.RegularExpressionLiteral, 'regex'],
]);

function assignmentOf(node: ts.Node): Assignment | null {
  if (
    (ts.isVariableDeclaration(node) ||
      ts.isParameter(node) ||
      ts.isPropertyDeclaration(node) ||
      ts.isBindingElement(node)) &&
    node.initializer &&
    ts.isIdentifier(node.name)
  )
    return { name: node.name.text, value: node.initializer };
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
    const left = node.left;
    if (ts.isIdentifier(left)) return { name: left.text, value: node.right };
    if (ts.isPropertyAccessExpression(left)) return { name: left.name.text, value: node.right };
  }
  return null;
}

/**
 * The title of a test call: it('…'), test.describe.parallel('…'), it.each(table)('…'),
 * it.each`table`('…'). The callee is one of TEST_FUNCTIONS followed by any property names; a
 * call or tagged template inside the callee must be an `.each`, whose table comes before the title.
 */
function titleOf(call: ts.CallExpression, source: ts.SourceFile): TestTitle | null {
  if (!isTestCallee(call.expression)) return null;
  const first = call.arguments[0];
  if (
    !first ||
    !(
      ts.isStringLiteral(first) ||
      ts.isNoSubstitutionTemplateLiteral(first) ||
      ts.isTemplateExpression(first)
    )
  )
    return null;
  const start = first.getStart(source);
  return { start, end: first.end, body: source.text.slice(start + 1, first.end - 1) };
}

function isTestCallee(callee: ts.Expression): boolean {
  const isEach = (e: ts.Expression) => ts.isPropertyAccessExpression(e) && e.name.text === 'each';
  let e: ts.Expression = callee;
  for (;;) {
    if (ts.isIdentifier(e)) return TEST_FUNCTIONS.has(e.text);
    if (ts.isPropertyAccessExpression(e)) e = e.expression;
    else if (ts.isCallExpression(e) && isEach(e.expression)) e = e.expression;
    else if (ts.isTaggedTemplateExpression(e) && isEach(e.tag)) e = e.tag;
    else return false;
  }
}

/** `expect(x)` or `expect.soft(x)`, then `.not` maybe, then a call of one of BOUND_MATCHERS. */
function boundOf(call: ts.CallExpression, source: ts.SourceFile): BoundAssertion | null {
  const callee = call.expression;
  const isExpect = (e: ts.Expression) => ts.isIdentifier(e) && e.text === 'expect';
  const argument = call.arguments[0];
  if (!argument) return null;
  if (!isExpect(callee) && !(isProperty(callee, 'soft') && isExpect(callee.expression)))
    return null;
  let access: ts.Node = call.parent;
  const negated = isProperty(access, 'not') && access.expression === call;
  if (negated) access = access.parent;
  if (!ts.isPropertyAccessExpression(access) || !BOUND_MATCHERS.has(access.name.text)) return null;
  const matcherCall = access.parent;
  if (!ts.isCallExpression(matcherCall) || matcherCall.expression !== access) return null;
  const start = call.getStart(source);
  const text = source.text.slice(start, call.end);
  return { start, end: call.end, text, matcher: access.name.text, negated, argument };
}

function isProperty(node: ts.Node, name: string): node is ts.PropertyAccessExpression {
  return ts.isPropertyAccessExpression(node) && node.name.text === name;
}

/**
 * The `#` comments of a shell script: a `#` that starts a word, outside quotes (a quoted string
 * may span lines), to the end of its line. The shebang is not a comment.
 */
export function shellComments(text: string): Comment[] {
  const found: Comment[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '#' && (i === 0 || /\s/.test(text[i - 1]!))) {
      const newline = text.indexOf('\n', i);
      const end = newline < 0 ? text.length : newline;
      if (!(i === 0 && text[1] === '!'))
        found.push({ kind: 'line', start: i, end, text: text.slice(i, end) });
      i = end;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += c === '"' && text[j] === '\\' ? 2 : 1;
      i = j + 1;
    } else i += c === '\\' ? 2 : 1;
  }
  return found;
}

/** A function from an offset in `text` to its 1-based line. */
export function lineFinder(text: string): (at: number) => number {
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
