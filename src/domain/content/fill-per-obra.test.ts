// Per-learner filling of the standalone app (decision 0078): one unfilled course, the values of
// every obra, and the texts each learner sees.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCompanyConfig } from '../config/index.ts';
import { readCourse } from '../../../course-files/read-content.ts';
import { companyObras, fillModuleForObra, fillOutline, valuesForObra } from './fill-per-obra.ts';
import { buildOutline } from './outline.ts';
import { fillCourse, fillTemplate, placeholderValues } from './placeholders.ts';

const read = (p: string) => readFileSync(new URL(`../../../${p}`, import.meta.url), 'utf8');
const { config } = loadCompanyConfig(
  read('test/fixtures/config/constructora-andina.json'),
  'constructora-andina.json',
  { readFile: (p) => read(`test/fixtures/config/${p}`) },
);
const { course } = readCourse();
const all = companyObras(config!, course!);

const MEETING =
  '{{obra.nombre}}: {{#obra.puntoEncuentro}}ve a {{obra.puntoEncuentro}}.{{/obra.puntoEncuentro}}{{^obra.puntoEncuentro}}Pregúntale al responsable SST de tu obra dónde queda el punto de encuentro.{{/obra.puntoEncuentro}} ({{empresa.nombre}})';

describe('values per obra', () => {
  it('gives the same template a different text for each obra, and the fallback when a value is missing', () => {
    expect(fillTemplate(MEETING, valuesForObra(all, 'torre-norte'))).toBe(
      'Torre Norte: ve a la plazoleta frente a la portería. (Constructora Andina S.A.S.)',
    );
    // Puente Sur has no punto de encuentro: the whole fallback sentence, no hole.
    expect(fillTemplate(MEETING, valuesForObra(all, 'puente-sur'))).toBe(
      'Puente Sur: Pregúntale al responsable SST de tu obra dónde queda el punto de encuentro. (Constructora Andina S.A.S.)',
    );
  });

  it('gives learners without an obra, or with one the build does not know, the first obra', () => {
    expect(all.first).toBe('torre-norte');
    const first = valuesForObra(all, 'torre-norte');
    expect(valuesForObra(all, null)).toEqual(first);
    expect(valuesForObra(all, 'obra-borrada')).toEqual(first);
    expect(valuesForObra(all, 'constructor')).toEqual(first); // not an own key of the map
  });

  it('holds exactly the values placeholderValues gives each obra', () => {
    for (const obra of config!.obras) {
      const expected = Object.fromEntries(
        Object.entries(placeholderValues(config!, obra, course!)).filter(
          ([, v]) => v !== undefined,
        ),
      );
      expect(valuesForObra(all, obra.slug)).toEqual(expected);
    }
  });
});

describe('filling the unfilled course at runtime', () => {
  it('gives each obra what the build-time filling gives (outline and modules)', () => {
    for (const obra of config!.obras) {
      const filled = fillCourse(course!, placeholderValues(config!, obra, course!));
      expect(fillOutline(buildOutline(course!), valuesForObra(all, obra.slug))).toEqual(
        buildOutline(filled),
      );
      course!.modules.forEach((m, i) =>
        expect(fillModuleForObra(m, all, obra.slug)).toEqual(filled.modules[i]),
      );
    }
  });

  it('shows two learners of two obras different texts on the same screen of the real course', () => {
    const m5 = course!.modules.find((m) => m.id === 'modulo5')!;
    const screen = (slug: string) => JSON.stringify(fillModuleForObra(m5, all, slug));
    expect(screen('torre-norte')).toContain(
      'Punto de encuentro: la plazoleta frente a la portería.',
    );
    expect(screen('puente-sur')).not.toContain('plazoleta');
    expect(screen('puente-sur')).toContain('Pregúntale dónde queda el punto de encuentro.');
    for (const slug of ['torre-norte', 'puente-sur']) expect(screen(slug)).not.toContain('{{');
  });
});
