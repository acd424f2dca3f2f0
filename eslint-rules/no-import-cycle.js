// No import cycles between the repository's own modules (decision record 0030). For the linted
// file, each relative value import (static import, export-from, `import('…')` of a string) is
// resolved to a file and the import graph is walked depth first; an import from which the walk
// comes back to the linted file is reported. Type-only imports are erased at build time and
// cannot form a run-time cycle, so they are left out. Other files are read with the TypeScript
// parser and cached per path and modification time, so one lint run parses each file once.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

const CODE = /\.(ts|tsx|js|jsx|mjs|cjs|mts|cts)$/;
const TRY_EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs'];
const INDEX_FILES = TRY_EXTENSIONS.map((e) => `index${e}`);

/** @type {Map<string, { mtime: number, deps: string[] }>} */
const depsCache = new Map();

function isFile(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The file a relative specifier names, or null (packages, assets, missing files). */
export function resolveSpecifier(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(fromFile), specifier.split(/[?#]/)[0]);
  const candidates = [base, ...TRY_EXTENSIONS.map((e) => base + e)];
  for (const c of candidates) if (isFile(c)) return CODE.test(c) ? c : null;
  if (existsSync(base)) {
    for (const index of INDEX_FILES) {
      const c = resolve(base, index);
      if (isFile(c)) return c;
    }
  }
  return null;
}

function scriptKind(path) {
  if (path.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (path.endsWith('.jsx')) return ts.ScriptKind.JSX;
  if (/\.(js|mjs|cjs)$/.test(path)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

function typeOnlyImport(clause) {
  if (!clause) return false; // import './side-effect.ts'
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return (
    !clause.name &&
    named !== undefined &&
    ts.isNamedImports(named) &&
    named.elements.length > 0 &&
    named.elements.every((e) => e.isTypeOnly)
  );
}

/** Relative value specifiers of a file's source text. */
export function valueSpecifiers(path, text) {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, scriptKind(path));
  const specifiers = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!typeOnlyImport(node.importClause)) specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      if (!node.isTypeOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments.length > 0 &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers.filter((s) => s.startsWith('.'));
}

function dependencies(path) {
  let mtime;
  try {
    mtime = statSync(path).mtimeMs;
  } catch {
    return [];
  }
  const cached = depsCache.get(path);
  if (cached && cached.mtime === mtime) return cached.deps;
  const deps = [];
  for (const s of valueSpecifiers(path, readFileSync(path, 'utf8'))) {
    const file = resolveSpecifier(path, s);
    if (file) deps.push(file);
  }
  depsCache.set(path, { mtime, deps });
  return deps;
}

/** A path of files from `start` back to `target`, or null. */
function pathBack(start, target) {
  const seen = new Set();
  const stack = [];
  const walk = (file) => {
    if (file === target) return true;
    if (seen.has(file)) return false;
    seen.add(file);
    stack.push(file);
    for (const dep of dependencies(file)) if (walk(dep)) return true;
    stack.pop();
    return false;
  };
  return walk(start) ? stack : null;
}

function isTypeOnlyNode(node) {
  if (node.type === 'ImportDeclaration') {
    if (node.importKind === 'type') return true;
    return node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type');
  }
  if (node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') {
    return node.exportKind === 'type';
  }
  return false;
}

export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid value imports that lead back to the importing file.' },
    schema: [],
    messages: { cycle: 'Import cycle: {{path}}.' },
  },
  create(context) {
    const file = context.filename;
    if (!CODE.test(file) || !isFile(file)) return {};
    const root = context.cwd;
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string' || isTypeOnlyNode(node)) return;
      const target = resolveSpecifier(file, source.value);
      if (!target) return;
      const chain = pathBack(target, file);
      if (!chain) return;
      const path = [file, ...chain, file].map((f) => relative(root, f)).join(' → ');
      context.report({ node: source, messageId: 'cycle', data: { path } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null),
    };
  },
};
