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

/**
 * Throws XmlSyntaxError when `xml` is not well-formed namespace-aware XML: one root element,
 * balanced and matching tags, quoted unique attributes, valid entity references, declared
 * namespace prefixes, and nothing but comments/PIs/whitespace outside the root. No DTDs.
 */
export function assertWellFormedXml(xml: string): void {
  let i = 0;
  const stack: { name: string; prefixes: Set<string> }[] = [];
  let rootSeen = false;
  const fail = (message: string, at = i): never => {
    throw new XmlSyntaxError(message, lineOf(xml, at));
  };
  const declared = (prefix: string): boolean =>
    prefix === 'xml' || prefix === 'xmlns' || stack.some((s) => s.prefixes.has(prefix));
  const checkText = (text: string, start: number) => {
    for (let k = 0; k < text.length; k++) {
      const c = text[k];
      if (c === '<') fail("'<' sin escapar", start + k);
      if (c === '&') {
        ENTITY_RE.lastIndex = k;
        if (!ENTITY_RE.test(text)) fail("'&' sin escapar o entidad desconocida", start + k);
      }
    }
  };

  if (xml.charCodeAt(0) === 0xfeff) i = 1;
  if (xml.startsWith('<?xml', i)) {
    const end = xml.indexOf('?>', i);
    if (end < 0) fail('declaración XML sin cerrar');
    i = end + 2;
  }
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const textEnd = lt < 0 ? xml.length : lt;
    const text = xml.slice(i, textEnd);
    if (stack.length === 0) {
      if (text.trim() !== '') fail('texto fuera del elemento raíz');
    } else checkText(text, i);
    if (lt < 0) break;
    i = lt;
    if (xml.startsWith('<!--', i)) {
      const end = xml.indexOf('-->', i + 4);
      if (end < 0) fail('comentario sin cerrar');
      if (xml.slice(i + 4, end).includes('--')) fail("'--' dentro de un comentario");
      i = end + 3;
    } else if (xml.startsWith('<![CDATA[', i)) {
      if (stack.length === 0) fail('CDATA fuera del elemento raíz');
      const end = xml.indexOf(']]>', i);
      if (end < 0) fail('CDATA sin cerrar');
      i = end + 3;
    } else if (xml.startsWith('<?', i)) {
      const end = xml.indexOf('?>', i);
      if (end < 0) fail('instrucción de proceso sin cerrar');
      i = end + 2;
    } else if (xml.startsWith('<!', i)) {
      fail('DOCTYPE o declaración no admitida en el manifiesto');
    } else if (xml.startsWith('</', i)) {
      const m = NAME_RE.exec(xml.slice(i + 2));
      if (!m) fail('etiqueta de cierre sin nombre');
      const name = m![0];
      const close = /^\s*>/.exec(xml.slice(i + 2 + name.length));
      if (!close) fail(`etiqueta de cierre </${name}> mal formada`);
      const open = stack.pop();
      if (!open) fail(`</${name}> sin etiqueta de apertura`);
      if (open!.name !== name) fail(`</${name}> cierra <${open!.name}>`);
      i += 2 + name.length + close![0].length;
    } else {
      const m = NAME_RE.exec(xml.slice(i + 1));
      if (!m) fail("'<' sin nombre de elemento");
      const name = m![0];
      if (stack.length === 0 && rootSeen) fail(`segundo elemento raíz <${name}>`);
      let j = i + 1 + name.length;
      const attrs = new Map<string, string>();
      let selfClosing = false;
      for (;;) {
        const ws = /^\s*/.exec(xml.slice(j))![0];
        j += ws.length;
        if (xml.startsWith('/>', j)) {
          selfClosing = true;
          j += 2;
          break;
        }
        if (xml[j] === '>') {
          j += 1;
          break;
        }
        if (j >= xml.length) fail(`<${name}> sin cerrar`, i);
        if (!ws) fail(`falta espacio antes de un atributo en <${name}>`, j);
        const an = NAME_RE.exec(xml.slice(j));
        if (!an) fail(`atributo mal formado en <${name}>`, j);
        const attr = an![0];
        j += attr.length;
        const eq = /^\s*=\s*(["'])/.exec(xml.slice(j));
        if (!eq) fail(`el atributo ${attr} de <${name}> necesita ="valor" entre comillas`, j);
        j += eq![0].length;
        const quote = eq![1]!;
        const endQuote = xml.indexOf(quote, j);
        if (endQuote < 0) fail(`valor de ${attr} sin cerrar`, j);
        const value = xml.slice(j, endQuote);
        checkText(value, j);
        if (attrs.has(attr)) fail(`atributo ${attr} repetido en <${name}>`, j);
        attrs.set(attr, value);
        j = endQuote + 1;
      }
      const prefixes = new Set<string>();
      for (const a of attrs.keys()) {
        if (a === 'xmlns') prefixes.add('');
        else if (a.startsWith('xmlns:')) prefixes.add(a.slice(6));
      }
      stack.push({ name, prefixes });
      const prefixOf = (n: string) => (n.includes(':') ? n.slice(0, n.indexOf(':')) : null);
      for (const n of [name, ...attrs.keys()]) {
        const p = prefixOf(n);
        if (p !== null && !declared(p))
          fail(`prefijo de espacio de nombres '${p}' no declarado (${n})`, i);
      }
      if (selfClosing) stack.pop();
      rootSeen = true;
      i = j;
    }
  }
  if (stack.length) fail(`<${stack[stack.length - 1]!.name}> sin cerrar`, xml.length);
  if (!rootSeen) fail('no hay elemento raíz', 0);
}
