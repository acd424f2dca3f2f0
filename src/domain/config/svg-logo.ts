// The company logo (decision 0074): an SVG file checked for anything that could run, load or
// expand, then reduced to filled paths that pdf-lib can draw (page.drawSvgPath) — pdf-lib
// cannot embed SVG files, and a rasteriser would be a heavy build dependency.
import { IDENTITY, compose, parseTransform, transformPath, type Affine } from './svg-geometry.ts';

export const MAX_LOGO_BYTES = 50 * 1024;

/** Spanish reasons why an SVG may not be used as a logo; empty when it is safe. */
export function checkSvgLogo(svg: string): string[] {
  const reasons: string[] = [];
  const bytes = new TextEncoder().encode(svg).length;
  if (bytes > MAX_LOGO_BYTES)
    reasons.push(
      `el SVG pesa ${Math.ceil(bytes / 1024)} KB; el máximo es ${MAX_LOGO_BYTES / 1024} KB (simplifícalo o exporta solo los trazos)`,
    );
  const body = svg.replace(/^\uFEFF/, '').replace(/^\s*<\?xml[^>]*\?>/, '');
  if (!/^\s*(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(body))
    reasons.push('no es un SVG: el archivo debe empezar por <svg');
  if (/<!DOCTYPE|<!ENTITY/i.test(svg))
    reasons.push('contiene DOCTYPE o ENTITY: las entidades XML no están permitidas');
  if (/<\s*script\b/i.test(svg))
    reasons.push('contiene <script>: un logo no puede ejecutar código');
  if (/<\s*foreignObject\b/i.test(svg))
    reasons.push('contiene <foreignObject>: solo se permiten formas SVG');
  if (/<\s*(iframe|embed|object|audio|video)\b/i.test(svg))
    reasons.push('contiene contenido incrustado (iframe, embed, object, audio o video)');
  const events = svg.match(/\son[a-z]+\s*=/gi);
  if (events)
    reasons.push(
      `contiene atributos de evento (${[...new Set(events.map((e) => e.trim().replace(/\s*=$/, '')))].join(', ')}): un logo no puede ejecutar código`,
    );
  if (/javascript\s*:/i.test(svg)) reasons.push('contiene un enlace javascript:');
  for (const m of svg.matchAll(/\s((?:xlink:)?href)\s*=\s*(["'])(.*?)\2/gi)) {
    if (!m[3]!.trim().startsWith('#'))
      reasons.push(
        `${m[1]} apunta fuera del archivo («${m[3]}»): el logo no puede cargar recursos externos`,
      );
  }
  for (const m of svg.matchAll(/url\(\s*(["']?)(.*?)\1\s*\)/gi)) {
    if (!m[2]!.trim().startsWith('#'))
      reasons.push(
        `url(${m[2]}) apunta fuera del archivo: el logo no puede cargar recursos externos`,
      );
  }
  if (/@import/i.test(svg))
    reasons.push('contiene @import: el logo no puede cargar hojas de estilo');
  return reasons;
}

export interface PdfLogoPath {
  /** SVG path data in absolute coordinates of the viewBox, transforms already applied. */
  d: string;
  /** Fill colour, each channel 0–1. */
  color: { r: number; g: number; b: number };
  opacity?: number;
}

export interface PdfLogo {
  viewBox: { minX: number; minY: number; width: number; height: number };
  paths: PdfLogoPath[];
}

// ---------------------------------------------------------------- small XML reader

interface Tag {
  name: string;
  attrs: Record<string, string>;
  kind: 'open' | 'close' | 'self';
}

function* tags(svg: string): Generator<Tag> {
  const source = svg.replace(/<!--[\s\S]*?-->/g, '').replace(/<\?[\s\S]*?\?>/g, '');
  const re = /<(\/?)([a-zA-Z][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    const attrs: Record<string, string> = {};
    for (const a of m[3]!.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
      attrs[a[1]!] = a[2] ?? a[3] ?? '';
    yield { name: m[2]!, attrs, kind: m[1] ? 'close' : m[4] ? 'self' : 'open' };
  }
}

// ---------------------------------------------------------------- colours

const NAMED_COLOURS: Record<string, string> = {
  black: '#000000',
  white: '#ffffff',
  red: '#ff0000',
  green: '#008000',
  blue: '#0000ff',
  yellow: '#ffff00',
  orange: '#ffa500',
  gray: '#808080',
  grey: '#808080',
  navy: '#000080',
  teal: '#008080',
  maroon: '#800000',
  purple: '#800080',
  silver: '#c0c0c0',
  lime: '#00ff00',
  olive: '#808000',
  aqua: '#00ffff',
  fuchsia: '#ff00ff',
};

type Fill = PdfLogoPath['color'] | 'none';

function parseColour(value: string): Fill | { error: string } {
  const v = value.trim().toLowerCase();
  if (v === 'none' || v === 'transparent') return 'none';
  if (v === 'currentcolor') return { r: 0, g: 0, b: 0 };
  const hex = NAMED_COLOURS[v] ?? v;
  let m = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(hex);
  if (m)
    return {
      r: parseInt(m[1]! + m[1]!, 16) / 255,
      g: parseInt(m[2]! + m[2]!, 16) / 255,
      b: parseInt(m[3]! + m[3]!, 16) / 255,
    };
  m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/.exec(hex);
  if (m)
    return {
      r: parseInt(m[1]!, 16) / 255,
      g: parseInt(m[2]!, 16) / 255,
      b: parseInt(m[3]!, 16) / 255,
    };
  m = /^rgb\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)$/.exec(v);
  if (m) return { r: Number(m[1]) / 255, g: Number(m[2]) / 255, b: Number(m[3]) / 255 };
  return {
    error: `color «${value}» no soportado: usa #rrggbb, #rgb, rgb(r, g, b) o un nombre básico (los degradados no se pueden dibujar)`,
  };
}

/** fill and opacity of an element: the style attribute wins over the presentation attribute. */
function paintOf(attrs: Record<string, string>): { fill?: string; opacity?: number } {
  const style: Record<string, string> = {};
  for (const decl of (attrs.style ?? '').split(';')) {
    const [k, ...v] = decl.split(':');
    if (k && v.length) style[k.trim().toLowerCase()] = v.join(':').trim();
  }
  const fill = style.fill ?? attrs.fill;
  const opacityText =
    style['fill-opacity'] ?? attrs['fill-opacity'] ?? style.opacity ?? attrs.opacity;
  const opacity = opacityText === undefined ? undefined : Number(opacityText);
  return {
    ...(fill !== undefined ? { fill } : {}),
    ...(opacity !== undefined && Number.isFinite(opacity) ? { opacity } : {}),
  };
}

// ---------------------------------------------------------------- shapes → path data

const num = (attrs: Record<string, string>, name: string, fallback = 0): number => {
  const v = attrs[name];
  if (v === undefined) return fallback;
  const n = Number(v.replace(/px$/, ''));
  return Number.isFinite(n) ? n : NaN;
};

function shapePath(name: string, attrs: Record<string, string>): string | { error: string } | null {
  switch (name) {
    case 'path':
      return attrs.d ?? null;
    case 'rect': {
      const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((k) => num(attrs, k));
      if ([x, y, w, h].some((v) => Number.isNaN(v)))
        return { error: '<rect> con medidas no numéricas' };
      let rx = num(attrs, 'rx', NaN);
      let ry = num(attrs, 'ry', NaN);
      if (Number.isNaN(rx)) rx = Number.isNaN(ry) ? 0 : ry;
      if (Number.isNaN(ry)) ry = rx;
      rx = Math.min(rx, w! / 2);
      ry = Math.min(ry, h! / 2);
      if (!rx || !ry) return `M ${x} ${y} H ${x! + w!} V ${y! + h!} H ${x} Z`;
      return (
        `M ${x! + rx} ${y} H ${x! + w! - rx} A ${rx} ${ry} 0 0 1 ${x! + w!} ${y! + ry} ` +
        `V ${y! + h! - ry} A ${rx} ${ry} 0 0 1 ${x! + w! - rx} ${y! + h!} H ${x! + rx} ` +
        `A ${rx} ${ry} 0 0 1 ${x} ${y! + h! - ry} V ${y! + ry} A ${rx} ${ry} 0 0 1 ${x! + rx} ${y} Z`
      );
    }
    case 'circle':
    case 'ellipse': {
      const cx = num(attrs, 'cx');
      const cy = num(attrs, 'cy');
      const rx = name === 'circle' ? num(attrs, 'r') : num(attrs, 'rx');
      const ry = name === 'circle' ? rx : num(attrs, 'ry');
      if ([cx, cy, rx, ry].some((v) => Number.isNaN(v)))
        return { error: `<${name}> con medidas no numéricas` };
      return `M ${cx - rx} ${cy} A ${rx} ${ry} 0 1 0 ${cx + rx} ${cy} A ${rx} ${ry} 0 1 0 ${cx - rx} ${cy} Z`;
    }
    case 'polygon':
    case 'polyline': {
      const pts = (attrs.points ?? '')
        .trim()
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number);
      if (pts.length < 4 || pts.length % 2 || pts.some((v) => !Number.isFinite(v)))
        return { error: `<${name}> con puntos mal escritos` };
      const pairs: string[] = [];
      for (let i = 0; i < pts.length; i += 2) pairs.push(`${pts[i]} ${pts[i + 1]}`);
      return `M ${pairs.join(' L ')} Z`;
    }
    default:
      return null;
  }
}

const SHAPES = new Set(['path', 'rect', 'circle', 'ellipse', 'polygon', 'polyline']);
/** Elements whose content is never drawn directly. */
const NOT_DRAWN = new Set([
  'defs',
  'clipPath',
  'mask',
  'symbol',
  'title',
  'desc',
  'metadata',
  'style',
  'linearGradient',
  'radialGradient',
  'pattern',
]);

/**
 * Reduces a safe SVG (see checkSvgLogo) to filled paths: path, rect, circle, ellipse, polygon
 * and polyline with their fill (attribute or style, inherited from groups), translate and
 * scale transforms applied. Strokes, text and gradients are not drawn (text and gradients are
 * refused so the admin converts them to plain shapes).
 */
export function svgToPdfPaths(
  svg: string,
): { logo: PdfLogo; errors: [] } | { logo: null; errors: string[] } {
  const errors: string[] = [];
  let viewBox: PdfLogo['viewBox'] | null = null;
  const paths: PdfLogoPath[] = [];
  const stack: Array<{ name: string; t: Affine; fill?: string; opacity: number; hidden: boolean }> =
    [];
  const top = () =>
    stack[stack.length - 1] ?? { t: IDENTITY, opacity: 1, hidden: false, fill: undefined };
  for (const tag of tags(svg)) {
    if (tag.kind === 'close') {
      if (stack.length && stack[stack.length - 1]!.name === tag.name) stack.pop();
      continue;
    }
    const parent = top();
    if (tag.name === 'svg' && !viewBox) {
      const vb = tag.attrs.viewBox
        ?.trim()
        .split(/[\s,]+/)
        .map(Number);
      if (vb && vb.length === 4 && vb.every(Number.isFinite) && vb[2]! > 0 && vb[3]! > 0)
        viewBox = { minX: vb[0]!, minY: vb[1]!, width: vb[2]!, height: vb[3]! };
      else {
        const w = num(tag.attrs, 'width', NaN);
        const h = num(tag.attrs, 'height', NaN);
        if (w > 0 && h > 0) viewBox = { minX: 0, minY: 0, width: w, height: h };
        else errors.push('el <svg> necesita viewBox="0 0 ancho alto" (o width y height numéricos)');
      }
    }
    if (tag.name === 'text' || tag.name === 'image' || tag.name === 'use')
      errors.push(
        `<${tag.name}> no se puede dibujar en el certificado: convierte textos e imágenes a trazos (p. ej. «Objeto a trazado»)`,
      );
    let t = parent.t;
    if (tag.attrs.transform !== undefined) {
      const own = parseTransform(tag.attrs.transform);
      if (typeof own === 'string') errors.push(own);
      else t = compose(parent.t, own);
    }
    const paint = paintOf(tag.attrs);
    const frame = {
      name: tag.name,
      t,
      fill: paint.fill ?? parent.fill,
      opacity: parent.opacity * (paint.opacity ?? 1),
      hidden: parent.hidden || NOT_DRAWN.has(tag.name),
    };
    if (SHAPES.has(tag.name) && !frame.hidden) {
      const d = shapePath(tag.name, tag.attrs);
      if (d && typeof d === 'object') errors.push(d.error);
      else if (d) {
        const colour = parseColour(frame.fill ?? 'black');
        if (colour === 'none') {
          // not filled: nothing to draw
        } else if ('error' in colour) errors.push(colour.error);
        else {
          const transformed = transformPath(d, t);
          if (typeof transformed === 'object') errors.push(transformed.error);
          else
            paths.push({
              d: transformed,
              color: colour,
              ...(frame.opacity < 1 ? { opacity: frame.opacity } : {}),
            });
        }
      }
    }
    if (tag.kind === 'open') stack.push(frame);
  }
  if (!viewBox && !errors.length) errors.push('no se encontró el elemento <svg>');
  if (viewBox && !paths.length && !errors.length)
    errors.push('el SVG no tiene formas con relleno que dibujar');
  if (errors.length || !viewBox) return { logo: null, errors: [...new Set(errors)] };
  return { logo: { viewBox, paths }, errors: [] };
}
