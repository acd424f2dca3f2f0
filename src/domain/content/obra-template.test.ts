// The template LMS build's page written for one obra (decision 0241): the obra's values in its
// JSON block and its static introduction, escaped so that no value can end the block or add
// markup, and a page without an obra's values refused.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCompanyConfig } from '../config/index.ts';
import {
  EMPTY_OBRA_BLOCK,
  fillObraTemplate,
  OBRA_STATIC_END,
  OBRA_STATIC_START,
  obraPageValues,
  ObraTemplateError,
  type ObraPageValues,
} from './obra-template.ts';

const read = (p: string) => readFileSync(new URL(`../../../${p}`, import.meta.url), 'utf8');
const { config } = loadCompanyConfig(
  read('test/fixtures/config/constructora-andina.json'),
  'constructora-andina.json',
  { readFile: (p) => read(`test/fixtures/config/${p}`) },
);
const andina = config!;
const torre = andina.obras.find((o) => o.slug === 'torre-norte')!;

const TEMPLATE = `<!doctype html><html><head><title>Curso</title></head><body><div id="root">${EMPTY_OBRA_BLOCK}${OBRA_STATIC_START}<h1>Bienvenida</h1><p>¡Bienvenido a {{obra.nombre}}!{{#obra.puntoEncuentro}} Punto: {{obra.puntoEncuentro}}.{{/obra.puntoEncuentro}} Pregúntale a {{sst.responsable.nombre}}.</p>${OBRA_STATIC_END}</div><script type="module" src="./assets/index.js"></script></body></html>`;

/** The JSON block of a filled page, parsed as the template's entry parses it. */
const block = (html: string): ObraPageValues => {
  const m = /<script type="application\/json" id="obra-values">([\s\S]*?)<\/script>/.exec(html);
  return JSON.parse(m![1]!) as ObraPageValues;
};

describe('obraPageValues', () => {
  it('is the company and the obra as a build made for that obra is filled with', () => {
    const page = obraPageValues(andina, torre, { hours: 4 });
    expect(page.values['obra.nombre']).toBe('Torre Norte');
    expect(page.values['obra.puntoEncuentro']).toBe(torre.puntoEncuentro);
    expect(page.values['empresa.nombre']).toBe(andina.empresa.nombre);
    expect(page.values['curso.horas']).toBe('4');
    expect(page.company.obra).toEqual({ slug: 'torre-norte', nombre: 'Torre Norte' });
    expect(page.company.companyName).toBe(andina.empresa.nombre);
    // No undefined left to vanish in JSON and turn a section's fallback into a hole.
    expect(Object.values(page.values)).not.toContain(undefined);
  });
});

describe('fillObraTemplate', () => {
  it('writes the obra’s values into the block and fills the static introduction', () => {
    const page = obraPageValues(andina, torre, { hours: 4 });
    const html = fillObraTemplate(TEMPLATE, page);
    expect(block(html)).toEqual(page);
    expect(html).toContain(`¡Bienvenido a Torre Norte! Punto: ${torre.puntoEncuentro}.`);
    expect(html).toContain(`Pregúntale a ${andina.sst.responsable.nombre}.`);
    expect(html).not.toContain('{{');
    expect(html).not.toContain(OBRA_STATIC_START);
    expect(html).not.toContain(EMPTY_OBRA_BLOCK);
    // Everything else of the page as it was.
    expect(html).toContain('<script type="module" src="./assets/index.js"></script>');
  });

  it('escapes values: none can end the JSON block or add markup to the introduction', () => {
    const evil = {
      ...torre,
      slug: 'obra-x',
      nombre: 'Obra </script><script>alert(1)</script> & <!-- «Ñ»',
      puntoEncuentro: 'Patio "B" <b>norte</b>\u2028',
    };
    const page = obraPageValues(andina, evil, { hours: 4 });
    const html = fillObraTemplate(TEMPLATE, page);
    // One block, one closing tag of it: the value's </script> is \u003c/script\u003e.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('\\u003c/script\\u003e');
    const json = /id="obra-values">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(json).not.toContain('\u2028');
    expect(json).toContain('\\u2028');
    // Still the same values once parsed.
    expect(block(html)).toEqual(JSON.parse(JSON.stringify(page)));
    // In the introduction, text: escaped as HTML.
    expect(html).toContain(
      '¡Bienvenido a Obra &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;!-- «Ñ»!',
    );
    expect(html).toContain('Punto: Patio &quot;B&quot; &lt;b&gt;norte&lt;/b&gt;');
  });

  it('refuses values that are not an obra’s, and a page that is not the template', () => {
    const page = obraPageValues(andina, torre, { hours: 4 });
    const noObra = { ...page, values: { ...page.values, 'obra.nombre': undefined } };
    expect(() => fillObraTemplate(TEMPLATE, noObra)).toThrow(ObraTemplateError);
    expect(() => fillObraTemplate(TEMPLATE, { ...page, values: {} })).toThrow(
      /no hay valores de la obra/,
    );
    // Values of one obra with the certificate of another: refused, not mixed.
    const other = { ...page, company: { ...page.company, obra: { slug: 'x', nombre: 'Otra' } } };
    expect(() => fillObraTemplate(TEMPLATE, other)).toThrow(ObraTemplateError);
    // The built-per-obra LMS page (no block) or a page already filled.
    expect(() => fillObraTemplate(TEMPLATE.replace(EMPTY_OBRA_BLOCK, ''), page)).toThrow(
      /no es la de la build de plantilla/,
    );
    expect(() => fillObraTemplate(fillObraTemplate(TEMPLATE, page), page)).toThrow(
      /no es la de la build de plantilla/,
    );
  });
});
