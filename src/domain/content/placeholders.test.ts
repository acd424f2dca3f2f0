import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCompanyConfig } from '../config/index.ts';
import {
  OPTIONAL_PLACEHOLDERS,
  PLACEHOLDER_NAMES,
  TemplateError,
  checkTemplate,
  fillTemplate,
  joinSpanish,
  parseTemplate,
  placeholderValues,
  unfilledTemplate,
  telHref,
} from './placeholders.ts';
import { courseTemplateProblems } from './course-text-fields.ts';

const KNOWN = ['empresa.nombre', 'obra.puntoEncuentro', 'obra.brigadistas', 'pesv.aplica', 'a.b'];
const OPTIONAL = ['obra.puntoEncuentro', 'obra.brigadistas', 'pesv.aplica'];
const BOOLEAN = ['pesv.aplica'];
const check = (t: string) => checkTemplate(t, KNOWN, OPTIONAL, BOOLEAN);

describe('parseTemplate', () => {
  it('parses values and nested sections', () => {
    expect(parseTemplate('A {{a.b}} {{#x}}B{{^y}}C{{/y}}{{/x}}').nodes).toEqual([
      { kind: 'text', text: 'A ' },
      { kind: 'value', name: 'a.b' },
      { kind: 'text', text: ' ' },
      {
        kind: 'section',
        name: 'x',
        inverted: false,
        children: [
          { kind: 'text', text: 'B' },
          { kind: 'section', name: 'y', inverted: true, children: [{ kind: 'text', text: 'C' }] },
        ],
      },
    ]);
  });

  it('reports unbalanced and crossed sections', () => {
    expect(parseTemplate('{{#a}}x').problems).toEqual([
      'la sección {{#a}} no se cierra con {{/a}}',
    ]);
    expect(parseTemplate('x{{/a}}').problems).toEqual(['se cierra {{/a}} sin haberse abierto']);
    expect(parseTemplate('{{#a}}{{^b}}{{/a}}{{/b}}').problems).toEqual([
      'se cierra {{/a}} pero la sección abierta es {{^b}}',
      'la sección {{#a}} no se cierra con {{/a}}',
    ]);
  });

  it('reports badly written tags', () => {
    expect(parseTemplate('{{ obra.nombre }}').problems[0]).toMatch(
      /^marcador mal escrito «\{\{ obra\.nombre \}\}»/,
    );
    expect(parseTemplate('{{obra.}}').problems).toHaveLength(1);
    expect(parseTemplate('texto {{ sin cerrar').problems).toHaveLength(1);
  });

  it('leaves single braces alone', () => {
    expect(parseTemplate('a {b} c').nodes).toEqual([{ kind: 'text', text: 'a {b} c' }]);
  });
});

describe('checkTemplate', () => {
  it('accepts required names bare and optional names inside their own section', () => {
    expect(
      check(
        '{{empresa.nombre}} {{#obra.puntoEncuentro}}Ve a {{obra.puntoEncuentro}}.{{/obra.puntoEncuentro}}{{^obra.puntoEncuentro}}Pregunta.{{/obra.puntoEncuentro}}',
      ),
    ).toEqual([]);
  });

  it('names an unknown placeholder', () => {
    expect(check('{{obra.puntoDeEncuentro}}')).toEqual([
      'marcador desconocido {{obra.puntoDeEncuentro}}',
    ]);
    expect(check('{{#obra.x}}a{{/obra.x}}')).toEqual(['marcador desconocido {{obra.x}}']);
  });

  it('refuses an optional name used bare, in another section or in its inverted section', () => {
    const bare = check('Ve a {{obra.puntoEncuentro}}.');
    expect(bare).toHaveLength(1);
    expect(bare[0]).toMatch(/^\{\{obra\.puntoEncuentro\}\} puede faltar en la configuración/);
    expect(check('{{#obra.brigadistas}}{{obra.puntoEncuentro}}{{/obra.brigadistas}}')).toHaveLength(
      1,
    );
    expect(
      check('{{^obra.puntoEncuentro}}{{obra.puntoEncuentro}}{{/obra.puntoEncuentro}}'),
    ).toHaveLength(1);
    // Inside its section, even nested in another one, it is fine.
    expect(
      check(
        '{{#obra.puntoEncuentro}}{{#obra.brigadistas}}{{obra.puntoEncuentro}}{{/obra.brigadistas}}{{/obra.puntoEncuentro}}',
      ),
    ).toEqual([]);
  });

  it('refuses a yes/no name used bare', () => {
    expect(check('{{#pesv.aplica}}Sí{{/pesv.aplica}}')).toEqual([]);
    expect(check('{{#pesv.aplica}}{{pesv.aplica}}{{/pesv.aplica}}')[0]).toMatch(/es un sí\/no/);
  });

  it('reports syntax problems too', () => {
    expect(check('{{#a.b}}')).toEqual(['la sección {{#a.b}} no se cierra con {{/a.b}}']);
  });

  it('uses the placeholder names of decision 0072 by default', () => {
    expect(PLACEHOLDER_NAMES).toHaveLength(27);
    expect(
      checkTemplate('{{obra.lineaEmergencias}} {{curso.horas}} {{empresa.arl.linea}}'),
    ).toEqual([]);
    expect(checkTemplate('{{obra.alarma}}')).toHaveLength(1);
    expect(OPTIONAL_PLACEHOLDERS).toContain('copasst.miembros');
    expect(OPTIONAL_PLACEHOLDERS).not.toContain('obra.nombre');
  });
});

describe('fillTemplate', () => {
  it('inserts values, HTML-escaped', () => {
    expect(
      fillTemplate('<p>{{empresa.nombre}}</p>', { 'empresa.nombre': 'A & B <S.A.S.> "x" \'y\'' }),
    ).toBe('<p>A &amp; B &lt;S.A.S.&gt; &quot;x&quot; &#39;y&#39;</p>');
  });

  it('leaves values as they are for plain-text fields', () => {
    expect(fillTemplate('{{empresa.nombre}}', { 'empresa.nombre': 'A & B' }, { html: false })).toBe(
      'A & B',
    );
  });

  it('ends a sentence with one full stop after a name that ends in one', () => {
    const values = { 'empresa.nombre': 'Constructora Ejemplo S.A.S.' };
    const text = '<p>Pídele la política de {{empresa.nombre}}.</p>';
    expect(fillTemplate(text, values)).toBe(
      '<p>Pídele la política de Constructora Ejemplo S.A.S.</p>',
    );
    expect(
      fillTemplate('{{#x}}Ve con {{empresa.nombre}}.{{/x}} Sigue.', { ...values, x: true }),
    ).toBe('Ve con Constructora Ejemplo S.A.S. Sigue.');
    expect(fillTemplate('De {{empresa.nombre}}.', { 'empresa.nombre': 'Ejemplo' })).toBe(
      'De Ejemplo.',
    );
  });

  it('joins lists as «A, B y C»', () => {
    expect(joinSpanish([])).toBe('');
    expect(joinSpanish(['A'])).toBe('A');
    expect(joinSpanish(['A', 'B'])).toBe('A y B');
    expect(fillTemplate('{{obra.brigadistas}}', { 'obra.brigadistas': ['A', 'B', 'C'] })).toBe(
      'A, B y C',
    );
  });

  const T =
    '{{#obra.puntoEncuentro}}Ve a {{obra.puntoEncuentro}}.{{/obra.puntoEncuentro}}{{^obra.puntoEncuentro}}Pregunta dónde.{{/obra.puntoEncuentro}}';

  it('shows a section when the value is present and the inverted one when it is missing', () => {
    expect(fillTemplate(T, { 'obra.puntoEncuentro': 'la portería' })).toBe('Ve a la portería.');
    expect(fillTemplate(T, {})).toBe('Pregunta dónde.');
    expect(fillTemplate(T, { 'obra.puntoEncuentro': '  ' })).toBe('Pregunta dónde.');
    expect(fillTemplate('{{#l}}hay{{/l}}{{^l}}no hay{{/l}}', { l: [] })).toBe('no hay');
  });

  it('treats booleans only as sections', () => {
    const t =
      '{{#pesv.aplica}}Hay PESV.{{/pesv.aplica}}{{^pesv.aplica}}No hay PESV.{{/pesv.aplica}}';
    expect(fillTemplate(t, { 'pesv.aplica': true })).toBe('Hay PESV.');
    expect(fillTemplate(t, { 'pesv.aplica': false })).toBe('No hay PESV.');
    expect(() => fillTemplate('{{pesv.aplica}}', { 'pesv.aplica': true })).toThrow(TemplateError);
  });

  it('handles nested sections', () => {
    const t = '{{#a}}A{{#b}}B{{/b}}{{^b}}-{{/b}}{{/a}}';
    expect(fillTemplate(t, { a: 'x', b: 'y' })).toBe('AB');
    expect(fillTemplate(t, { a: 'x' })).toBe('A-');
    expect(fillTemplate(t, { b: 'y' })).toBe('');
  });

  it('throws on syntax errors and on a bare value that is missing', () => {
    expect(() => fillTemplate('{{#a}}', {})).toThrow(/no se cierra/);
    expect(() => fillTemplate('{{a}}', {})).toThrow(/falta el valor de \{\{a\}\}/);
  });

  it('returns text without placeholders unchanged', () => {
    expect(fillTemplate('<p>Sin marcadores</p>', {})).toBe('<p>Sin marcadores</p>');
  });
});

describe('unfilledTemplate', () => {
  it('keeps {{#x}} text, drops {{^x}} text, and puts one word for each value', () => {
    expect(
      unfilledTemplate(`Hola {{empresa.nombre}}. {{#x}}Ve a {{x}}.{{/x}}{{^x}}Pregunta.{{/x}}`),
    ).toBe('Hola dato. Ve a dato.');
  });
});

describe('placeholderValues', () => {
  const read = (p: string) => readFileSync(new URL(`../../../${p}`, import.meta.url), 'utf8');

  it('maps the demo configuration to every placeholder name (decision 0072)', () => {
    const { config } = loadCompanyConfig(read('config/ejemplo.json'), 'config/ejemplo.json');
    expect(config).not.toBeNull();
    const values = placeholderValues(config!, config!.obras[0]!, { hours: 1.5 });
    expect(Object.keys(values).sort()).toEqual([...PLACEHOLDER_NAMES].sort());
    expect(values).toMatchObject({
      'empresa.nombre': 'Constructora Ejemplo S.A.S.',
      'empresa.nit': '900123456-8',
      'obra.lineaEmergencias': '123',
      'politicaSST.fecha': '15 de enero de 2026',
      'curso.horas': '1,5',
      'pesv.aplica': false,
      'vigia.nombre': undefined,
    });
    // Every required (bare) name has a value in the demo.
    for (const name of PLACEHOLDER_NAMES.filter((n) => !OPTIONAL_PLACEHOLDERS.includes(n)))
      expect(values[name], name).toBeTruthy();
  });

  it('fills a whole screen of the second company, with its obra', () => {
    const { config } = loadCompanyConfig(
      read('test/fixtures/config/constructora-andina.json'),
      'constructora-andina.json',
      { readFile: (p) => read(`test/fixtures/config/${p}`) },
    );
    const puenteSur = config!.obras[1]!;
    const values = placeholderValues(config!, puenteSur, { hours: 2 });
    const t =
      '<p>{{obra.nombre}}: llama al {{obra.lineaEmergencias}}.</p>{{#obra.brigadistas}}<p>Brigada: {{obra.brigadistas}}.</p>{{/obra.brigadistas}}{{^obra.brigadistas}}<p>Pregunta quién es de la brigada.</p>{{/obra.brigadistas}}{{#vigia.nombre}}<p>Vigía: {{vigia.nombre}}.</p>{{/vigia.nombre}}{{#pesv.aplica}}<p>Hay PESV.</p>{{/pesv.aplica}}<p>{{curso.horas}} h</p>';
    expect(checkTemplate(t)).toEqual([]);
    expect(fillTemplate(t, values)).toBe(
      '<p>Puente Sur: llama al <a class="tel" href="tel:6044441234">604 444 1234</a>.</p><p>Pregunta quién es de la brigada.</p><p>Vigía: Julián Cárdenas.</p><p>Hay PESV.</p><p>2 h</p>',
    );
    // As plain text (titles, alt, fuente) a phone stays text.
    expect(fillTemplate('Llama al {{obra.lineaEmergencias}}', values, { html: false })).toBe(
      'Llama al 604 444 1234',
    );
    const torreNorte = placeholderValues(config!, config!.obras[0]!, { hours: 2 });
    expect(fillTemplate('{{obra.brigadistas}}', torreNorte)).toBe(
      'Camilo Vélez, Rosa Arango y Iván Giraldo',
    );
    expect(torreNorte['obra.lineaEmergencias']).toBe('123');
  });
});

describe('phone numbers become tel: links in HTML (decision 0172)', () => {
  const base = { 'obra.lineaEmergencias': '123', 'empresa.arl.linea': '01 8000 000 000' };
  it('links the emergency and ARL lines, and a contact that is a phone', () => {
    expect(fillTemplate('{{obra.lineaEmergencias}} / {{empresa.arl.linea}}', base)).toBe(
      '<a class="tel" href="tel:123">123</a> / <a class="tel" href="tel:018000000000">01 8000 000 000</a>',
    );
    expect(
      fillTemplate(
        '{{#sst.responsable.contacto}}{{sst.responsable.contacto}}{{/sst.responsable.contacto}}',
        {
          'sst.responsable.contacto': '+57 300 000-0000',
        },
      ),
    ).toBe('<a class="tel" href="tel:+573000000000">+57 300 000-0000</a>');
    expect(telHref('#123')).toBe('tel:%23123');
  });

  it('leaves an e-mail contact, other values and short numbers as text', () => {
    expect(telHref('sst@ejemplo.com')).toBeNull();
    expect(telHref('12')).toBeNull();
    expect(
      fillTemplate(
        '{{#sst.responsable.contacto}}{{sst.responsable.contacto}}{{/sst.responsable.contacto}}',
        {
          'sst.responsable.contacto': 'sst@ejemplo.com',
        },
      ),
    ).toBe('sst@ejemplo.com');
    expect(fillTemplate('{{empresa.nit}}', { 'empresa.nit': '900123456-8' })).toBe('900123456-8');
  });
});

describe('courseTemplateProblems', () => {
  it('finds no problem in the current course content', async () => {
    const { readCourse } = await import('../../../course-files/read-content.ts');
    const { course } = readCourse();
    expect(course).not.toBeNull();
    expect(courseTemplateProblems(course!)).toEqual([]);
  });

  it('names page id, field and problem, in every kind of field', () => {
    const topic = {
      id: 'modulo1-tema2',
      title: 'T {{obra.alarma}}',
      number: 2,
      type: 'list2' as const,
      home: 0,
      previous: null,
      current: '0-topics-1',
      next: 'menu',
      items: [{ title: 'a', text: '{{#x}}', label: 'l', points: ['{{obra.x}}'] }],
      remember: [{ title: 'Recuerda', text: '{{pesv.aplica}}' }],
    };
    const problems = courseTemplateProblems({
      introduction: { title: 'Hola {{empresa.nombre}}', text: '<p>{{curso.horas}} h</p>' },
      modules: [
        {
          id: 'modulo1',
          name: 'M',
          title: 'Generalidades',
          number: 1,
          next: 'modulo1-tema2',
          type: 'menu',
          img: 'm.svg',
          alt: 'm',
          topics: [topic],
          activity: {
            id: 'modulo1-actividad',
            title: 'Q',
            number: 1,
            type: 'select-answer',
            home: 0,
            previous: null,
            current: '0-activity',
            next: 'menu',
            last: true,
            questions: [
              {
                current: 1,
                question: '¿{{obra.puntoEncuentro}}?',
                options: [{ option: '{{a}}', correct: 1 }],
                pista: 'x',
              },
            ],
          },
        },
      ],
    });
    expect(problems.map((p) => `${p.pageId} ${p.field}`)).toEqual([
      'modulo1-tema2 title',
      // An unclosed section of an unknown name: two problems.
      'modulo1-tema2 items[0].text',
      'modulo1-tema2 items[0].text',
      'modulo1-tema2 items[0].points[0]',
      'modulo1-tema2 remember[0].text',
      'modulo1-actividad pregunta 1 question',
      'modulo1-actividad pregunta 1 options[0]',
    ]);
    expect(problems[3]!.problem).toBe('marcador desconocido {{obra.x}}');
  });
});
