import { readFileSync } from 'node:fs';
import { PDFDocument, PDFRawStream, decodePDFRawStream, type PDFPage } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { drawLogo } from './draw-logo.ts';
import { checkSvgLogo, svgToPdfPaths, MAX_LOGO_BYTES, type PdfLogo } from './svg-logo.ts';

const svg = (body: string, attrs = 'viewBox="0 0 100 50"') =>
  `<svg xmlns="http://www.w3.org/2000/svg" ${attrs}>${body}</svg>`;
const ANDINA_LOGO = readFileSync(
  new URL('../../../test/fixtures/config/constructora-andina-logo.svg', import.meta.url),
  'utf8',
);

describe('checkSvgLogo', () => {
  it('accepts a plain SVG with shapes, internal references and an XML declaration', () => {
    expect(checkSvgLogo(ANDINA_LOGO)).toEqual([]);
    expect(
      checkSvgLogo(
        '<?xml version="1.0"?>\n<!-- logo -->\n' +
          svg('<defs><path id="a" d="M0 0h1v1z"/></defs><use href="#a"/>'),
      ),
    ).toEqual([]);
  });

  it.each([
    [
      'a script',
      svg('<script>alert(1)</script>'),
      'contiene <script>: un logo no puede ejecutar código',
    ],
    [
      'an event attribute',
      svg('<rect onclick="x()" width="1" height="1"/>'),
      'contiene atributos de evento (onclick): un logo no puede ejecutar código',
    ],
    [
      'foreignObject',
      svg('<foreignObject><div/></foreignObject>'),
      'contiene <foreignObject>: solo se permiten formas SVG',
    ],
    [
      'an external href',
      svg('<image href="http://x.co/a.png"/>'),
      'href apunta fuera del archivo («http://x.co/a.png»): el logo no puede cargar recursos externos',
    ],
    [
      'an external xlink:href',
      svg('<use xlink:href="otro.svg#a"/>'),
      'xlink:href apunta fuera del archivo («otro.svg#a»): el logo no puede cargar recursos externos',
    ],
    [
      'url(http…)',
      svg('<rect style="fill:url(http://x.co/p.svg#g)"/>'),
      'url(http://x.co/p.svg#g) apunta fuera del archivo: el logo no puede cargar recursos externos',
    ],
    [
      '@import',
      svg('<style>@import "x.css";</style>'),
      'contiene @import: el logo no puede cargar hojas de estilo',
    ],
    [
      'a DOCTYPE with entities',
      '<!DOCTYPE svg [<!ENTITY a "b">]>' + svg(''),
      'contiene DOCTYPE o ENTITY: las entidades XML no están permitidas',
    ],
    [
      'a javascript: link',
      svg('<a href="javascript:alert(1)"><rect/></a>'),
      'contiene un enlace javascript:',
    ],
    [
      'an embedded iframe',
      svg('<iframe/>'),
      'contiene contenido incrustado (iframe, embed, object, audio o video)',
    ],
    ['no svg at all', '<html></html>', 'no es un SVG: el archivo debe empezar por <svg'],
  ])('refuses %s', (_name, text, reason) => {
    expect(checkSvgLogo(text)).toContain(reason);
  });

  it('refuses a file over 50 KB', () => {
    const big = svg(`<!-- ${'x'.repeat(MAX_LOGO_BYTES)} -->`);
    expect(checkSvgLogo(big)).toEqual([
      expect.stringMatching(/^el SVG pesa 51 KB; el máximo es 50 KB/),
    ]);
  });
});

describe('svgToPdfPaths', () => {
  it('reads the viewBox, shapes and fills (attribute, style, inherited, named, rgb, default black)', () => {
    const result = svgToPdfPaths(
      svg(
        '<g fill="#ff0000"><rect x="1" y="2" width="3" height="4"/></g>' +
          '<circle cx="10" cy="10" r="5" style="fill: rgb(0, 255, 0)"/>' +
          '<polygon points="0,0 10,0 5,8" fill="blue"/>' +
          '<path d="M0 0L1 1Z"/>' +
          '<rect width="5" height="5" fill="none"/>',
        'viewBox="-5 -5 110 60"',
      ),
    );
    expect(result.errors).toEqual([]);
    const logo = result.logo!;
    expect(logo.viewBox).toEqual({ minX: -5, minY: -5, width: 110, height: 60 });
    expect(logo.paths.map((p) => p.color)).toEqual([
      { r: 1, g: 0, b: 0 },
      { r: 0, g: 1, b: 0 },
      { r: 0, g: 0, b: 1 },
      { r: 0, g: 0, b: 0 },
    ]);
    expect(logo.paths[0]!.d).toBe('M 1 2 L 4 2 L 4 6 L 1 6 Z');
    expect(logo.paths[2]!.d).toBe('M 0 0 L 10 0 L 5 8 Z');
  });

  it('applies translate and scale of groups and shapes to absolute coordinates', () => {
    const { logo } = svgToPdfPaths(
      svg(
        '<g transform="translate(10 20) scale(2)"><path transform="translate(1,1)" d="m0 0 h2 v3 l-1 1 z"/></g>',
      ),
    );
    expect(logo!.paths[0]!.d).toBe('M 12 22 L 16 22 L 16 28 L 14 30 Z');
  });

  it('converts relative curves and arcs, flipping the sweep under a mirror', () => {
    const { logo } = svgToPdfPaths(
      svg('<path d="M1 1c1 1 2 2 3 3s1 1 2 2q1 1 2 2t1 1a2 3 0 0 1 4 4" transform="scale(-1 1)"/>'),
    );
    expect(logo!.paths[0]!.d).toBe(
      'M -1 1 C -2 2 -3 3 -4 4 S -5 5 -6 6 Q -7 7 -8 8 T -9 9 A 2 3 0 0 0 -13 13',
    );
  });

  it('reads compact path data (1.5.5, -1-2, arc flags without spaces)', () => {
    const { logo } = svgToPdfPaths(svg('<path d="M1.5.5L-1-2a1 1 0 011 1"/>'));
    expect(logo!.paths[0]!.d).toBe('M 1.5 0.5 L -1 -2 A 1 1 0 0 1 0 -1');
  });

  it('draws a rounded rect and an ellipse with arcs, keeps opacity', () => {
    const { logo } = svgToPdfPaths(
      svg(
        '<rect width="10" height="6" rx="2" opacity="0.5"/><ellipse cx="5" cy="5" rx="4" ry="2"/>',
      ),
    );
    expect(logo!.paths[0]!.d).toMatch(/^M 2 0 L 8 0 A 2 2 0 0 1 10 2/);
    expect(logo!.paths[0]!.opacity).toBe(0.5);
    expect(logo!.paths[1]!.d).toBe('M 1 5 A 4 2 0 1 0 9 5 A 4 2 0 1 0 1 5 Z');
  });

  it('does not draw what is inside defs, and falls back to width/height without viewBox', () => {
    const { logo } = svgToPdfPaths(
      svg(
        '<defs><rect width="1" height="1"/></defs><rect width="2" height="2"/>',
        'width="40" height="20"',
      ),
    );
    expect(logo!.viewBox).toEqual({ minX: 0, minY: 0, width: 40, height: 20 });
    expect(logo!.paths).toHaveLength(1);
  });

  it.each([
    [
      'rotate',
      '<g transform="rotate(30)"><rect width="1" height="1"/></g>',
      /^transform «rotate\(30\)» no soportado: el logo solo puede usar translate y scale/,
    ],
    [
      'matrix',
      '<rect transform="matrix(1 0 0 1 0 0)" width="1" height="1"/>',
      /^transform «matrix\(1 0 0 1 0 0\)» no soportado/,
    ],
    [
      'text',
      '<text>ACME</text>',
      /^<text> no se puede dibujar en el certificado: convierte textos e imágenes a trazos/,
    ],
    [
      'a gradient fill',
      '<rect width="1" height="1" fill="url(#g)"/>',
      /^color «url\(#g\)» no soportado/,
    ],
    ['bad path data', '<path d="M0 0 L1"/>', /^trazado \(d\): el comando L tiene 1 números/],
    ['no shapes', '', /^el SVG no tiene formas con relleno que dibujar$/],
  ])('refuses %s with a clear error', (_name, body, message) => {
    const result = svgToPdfPaths(svg(body));
    expect(result.logo).toBeNull();
    expect(result.errors[0]).toMatch(message);
  });

  it('needs a size', () => {
    expect(svgToPdfPaths('<svg><rect width="1" height="1"/></svg>').errors).toEqual([
      'el <svg> necesita viewBox="0 0 ancho alto" (o width y height numéricos)',
    ]);
  });
});

/** Decoded content stream operators of a page. */
function pageOperators(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents && 'asArray' in contents ? contents.asArray() : [contents];
  return streams
    .map((ref) => page.doc.context.lookup(ref as never))
    .map((s) =>
      s instanceof PDFRawStream ? new TextDecoder().decode(decodePDFRawStream(s).decode()) : '',
    )
    .join('\n');
}

describe('drawLogo', () => {
  it('draws the logo into a valid PDF that pdf-lib loads again, with path and fill operators', async () => {
    const { logo } = svgToPdfPaths(ANDINA_LOGO);
    const doc = await PDFDocument.create();
    const page = doc.addPage([400, 300]);
    const covered = drawLogo(page, logo!, { x: 20, y: 200, width: 160, height: 60 });
    // 120×60 fitted in 160×60: scale 1, centred horizontally.
    expect(covered).toEqual({ x: 40, y: 200, width: 120, height: 60 });
    const bytes = await doc.save();
    const again = await PDFDocument.load(bytes);
    expect(again.getPageCount()).toBe(1);
    const ops = pageOperators(again.getPage(0));
    expect(ops.match(/\bf\b/g)).toHaveLength(5); // one fill per shape
    expect(ops).toMatch(/\bm\b/); // moveto
    expect(ops).toMatch(/\bc\b/); // curves (the rounded rect and the circle)
    expect(ops).toMatch(/\bl\b/); // lineto
    expect(ops).toMatch(/\bf\b/); // fill
    expect(ops).toMatch(/0\.04314 0\.3098 0\.4235 rg|0\.0431\d* 0\.3098\d* 0\.4235\d* rg/); // #0b4f6c
  });

  it('maps the viewBox corners onto the box (y flipped) whatever the viewBox origin', async () => {
    const logo: PdfLogo = {
      viewBox: { minX: 10, minY: 10, width: 10, height: 10 },
      paths: [{ d: 'M 10 10 L 20 10 L 20 20 L 10 20 Z', color: { r: 0, g: 0, b: 0 } }],
    };
    const doc = await PDFDocument.create();
    const page = doc.addPage([100, 100]);
    drawLogo(page, logo, { x: 50, y: 50, width: 20, height: 20 });
    const ops = pageOperators((await PDFDocument.load(await doc.save())).getPage(0));
    // The square must fill exactly the box 50..70 × 50..70: the page transform puts the SVG
    // origin at (x, y) = (50 − 10×2, 70 + 10×2) = (30, 90) with scale 2 and y flipped.
    expect(ops).toMatch(/1 0 0 1 30 90 cm/);
    expect(ops).toMatch(/2 0 0 -2 0 0 cm/);
    // So the SVG corner (10, 10) lands on (50, 70), the top-left of the box, and (20, 20) on
    // (70, 50), its bottom-right.
    expect(ops).toMatch(/10 10 m\s+20 10 l\s+20 20 l\s+10 20 l\s+h\s+f/);
  });
});
