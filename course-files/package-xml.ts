// Small XML helpers for the SCORM manifests: escaping, placeholder filling and a well-formedness
// check. The well-formedness check is ours (not a dependency) because packaging runs on every
// `npm start`, it only has to judge our own templates, and xmllint is not on every machine;
// the full schema validation is the job of the conformance checker, check-scorm (run by the tests).

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

export interface PlaceholderProblem {
  name: string;
  line: number;
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * Replaces every {{NAME}} in the template. `values` are plain text (escaped here); `rawValues`
 * are XML fragments written as they are (the file list). A block placeholder alone on its line
 * takes that line's indentation for every line of its fragment.
 * Returns the text and the placeholders that had no value (left in place so they can be reported).
 */
export function fillTemplate(
  template: string,
  values: Record<string, string>,
  rawValues: Record<string, string[]> = {},
): { text: string; unknown: PlaceholderProblem[] } {
  const unknown: PlaceholderProblem[] = [];
  const text = template.replace(PLACEHOLDER, (match: string, name: string, offset: number) => {
    if (Object.hasOwn(values, name)) return escapeXml(values[name] ?? '');
    const lines = rawValues[name];
    if (lines) {
      const lineStart = template.lastIndexOf('\n', offset - 1) + 1;
      const indent = /^[ \t]*/.exec(template.slice(lineStart, offset))?.[0] ?? '';
      const onlyIndent = indent.length === offset - lineStart;
      return lines.join(onlyIndent ? `\n${indent}` : '\n');
    }
    unknown.push({ name, line: lineOf(template, offset) });
    return match;
  });
  return { text, unknown };
}

export class XmlSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`línea ${line}: ${message}`);
    this.name = 'XmlSyntaxError';
  }
}

const NAME = String.raw`[\p{L}_:][\p{L}\p{N}_.:\-]*`;
const NAME_RE = new RegExp(`^${NAME}`, 'u');
const ENTITY_RE = /&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/y;

/** An element still open, with the namespace prefixes its own attributes declare. */
interface OpenElement {
  name: string;
  prefixes: Set<string>;
}

/** Where the check stands: the next character to read and the elements still open. */
interface XmlCursor {
  readonly xml: string;
  i: number;
  stack: OpenElement[];
  rootSeen: boolean;
}

function failAt(xml: string, message: string, at: number): never {
  throw new XmlSyntaxError(message, lineOf(xml, at));
}

/** Text and attribute values: no bare '<', and '&' only as a known entity reference. */
function checkText(xml: string, text: string, start: number): void {
  for (let k = 0; k < text.length; k++) {
    const c = text[k];
    if (c === '<') failAt(xml, "'<' sin escapar", start + k);
    if (c === '&') {
      ENTITY_RE.lastIndex = k;
      if (!ENTITY_RE.test(text)) failAt(xml, "'&' sin escapar o entidad desconocida", start + k);
    }
  }
}

/** Steps over a comment, CDATA or processing instruction; refuses a DOCTYPE. False: a tag. */
function skipMarkup(c: XmlCursor): boolean {
  const { xml, i } = c;
  if (xml.startsWith('<!--', i)) {
    const end = xml.indexOf('-->', i + 4);
    if (end < 0) failAt(xml, 'comentario sin cerrar', i);
    if (xml.slice(i + 4, end).includes('--')) failAt(xml, "'--' dentro de un comentario", i);
    c.i = end + 3;
  } else if (xml.startsWith('<![CDATA[', i)) {
    if (c.stack.length === 0) failAt(xml, 'CDATA fuera del elemento raíz', i);
    const end = xml.indexOf(']]>', i);
    if (end < 0) failAt(xml, 'CDATA sin cerrar', i);
    c.i = end + 3;
  } else if (xml.startsWith('<?', i)) {
    const end = xml.indexOf('?>', i);
    if (end < 0) failAt(xml, 'instrucción de proceso sin cerrar', i);
    c.i = end + 2;
  } else if (xml.startsWith('<!', i)) {
    failAt(xml, 'DOCTYPE o declaración no admitida en el manifiesto', i);
  } else return false;
  return true;
}

/** `</name>`: it must close the element open last. */
function readEndTag(c: XmlCursor): void {
  const { xml, i } = c;
  const m = NAME_RE.exec(xml.slice(i + 2));
  if (!m) failAt(xml, 'etiqueta de cierre sin nombre', i);
  const name = m[0];
  const close = /^\s*>/.exec(xml.slice(i + 2 + name.length));
  if (!close) failAt(xml, `etiqueta de cierre </${name}> mal formada`, i);
  const open = c.stack.pop();
  if (!open) failAt(xml, `</${name}> sin etiqueta de apertura`, i);
  if (open.name !== name) failAt(xml, `</${name}> cierra <${open.name}>`, i);
  c.i = i + 2 + name.length + close[0].length;
}

/** The attributes of the start tag `<name` at `tagStart`, up to its `>` or `/>` (`end`: after it). */
function readAttributes(
  xml: string,
  name: string,
  tagStart: number,
): { attrs: Map<string, string>; selfClosing: boolean; end: number } {
  let j = tagStart + 1 + name.length;
  const attrs = new Map<string, string>();
  for (;;) {
    const ws = /^\s*/.exec(xml.slice(j))![0];
    j += ws.length;
    if (xml.startsWith('/>', j)) return { attrs, selfClosing: true, end: j + 2 };
    if (xml[j] === '>') return { attrs, selfClosing: false, end: j + 1 };
    if (j >= xml.length) failAt(xml, `<${name}> sin cerrar`, tagStart);
    if (!ws) failAt(xml, `falta espacio antes de un atributo en <${name}>`, j);
    const an = NAME_RE.exec(xml.slice(j));
    if (!an) failAt(xml, `atributo mal formado en <${name}>`, j);
    const attr = an[0];
    j += attr.length;
    const eq = /^\s*=\s*(["'])/.exec(xml.slice(j));
    if (!eq) failAt(xml, `el atributo ${attr} de <${name}> necesita ="valor" entre comillas`, j);
    j += eq[0].length;
    const quote = eq[1]!;
    const endQuote = xml.indexOf(quote, j);
    if (endQuote < 0) failAt(xml, `valor de ${attr} sin cerrar`, j);
    const value = xml.slice(j, endQuote);
    checkText(xml, value, j);
    if (attrs.has(attr)) failAt(xml, `atributo ${attr} repetido en <${name}>`, j);
    attrs.set(attr, value);
    j = endQuote + 1;
  }
}

/** A start tag: its attributes, the prefixes it declares, and every prefix it uses declared. */
function readStartTag(c: XmlCursor): void {
  const { xml, i, stack } = c;
  const m = NAME_RE.exec(xml.slice(i + 1));
  if (!m) failAt(xml, "'<' sin nombre de elemento", i);
  const name = m[0];
  if (stack.length === 0 && c.rootSeen) failAt(xml, `segundo elemento raíz <${name}>`, i);
  const { attrs, selfClosing, end } = readAttributes(xml, name, i);
  const prefixes = new Set<string>();
  for (const a of attrs.keys()) {
    if (a === 'xmlns') prefixes.add('');
    else if (a.startsWith('xmlns:')) prefixes.add(a.slice(6));
  }
  stack.push({ name, prefixes });
  const declared = (prefix: string): boolean =>
    prefix === 'xml' || prefix === 'xmlns' || stack.some((s) => s.prefixes.has(prefix));
  const prefixOf = (n: string) => (n.includes(':') ? n.slice(0, n.indexOf(':')) : null);
  for (const n of [name, ...attrs.keys()]) {
    const p = prefixOf(n);
    if (p !== null && !declared(p))
      failAt(xml, `prefijo de espacio de nombres '${p}' no declarado (${n})`, i);
  }
  if (selfClosing) stack.pop();
  c.rootSeen = true;
  c.i = end;
}

/**
 * Throws XmlSyntaxError when `xml` is not well-formed namespace-aware XML: one root element,
 * balanced and matching tags, quoted unique attributes, valid entity references, declared
 * namespace prefixes, and nothing but comments/PIs/whitespace outside the root. No DTDs.
 */
export function assertWellFormedXml(xml: string): void {
  const c: XmlCursor = { xml, i: 0, stack: [], rootSeen: false };
  if (xml.charCodeAt(0) === 0xfeff) c.i = 1;
  if (xml.startsWith('<?xml', c.i)) {
    const end = xml.indexOf('?>', c.i);
    if (end < 0) failAt(xml, 'declaración XML sin cerrar', c.i);
    c.i = end + 2;
  }
  while (c.i < xml.length) {
    const lt = xml.indexOf('<', c.i);
    const text = xml.slice(c.i, lt < 0 ? xml.length : lt);
    if (c.stack.length === 0) {
      if (text.trim() !== '') failAt(xml, 'texto fuera del elemento raíz', c.i);
    } else checkText(xml, text, c.i);
    if (lt < 0) break;
    c.i = lt;
    if (skipMarkup(c)) continue;
    if (xml.startsWith('</', c.i)) readEndTag(c);
    else readStartTag(c);
  }
  if (c.stack.length) failAt(xml, `<${c.stack[c.stack.length - 1]!.name}> sin cerrar`, xml.length);
  if (!c.rootSeen) failAt(xml, 'no hay elemento raíz', 0);
}
