import { describe, expect, it } from 'vitest';
import type { Course } from '../types.ts';
import {
  courseReadability,
  lowestScreens,
  measuringConfigs,
  readabilityFailures,
} from './course-readability.ts';

const course = (introText: string, topicText: string): Pick<Course, 'introduction' | 'modules'> =>
  ({
    introduction: { title: 'Hola', text: introText },
    modules: [
      {
        id: 'modulo1',
        topics: [
          {
            id: 'modulo1-tema1',
            title: 'Casco',
            type: 'content',
            text: topicText,
            remember: [],
          },
        ],
        activity: {
          id: 'modulo1-actividad',
          questions: [
            {
              current: 1,
              question: '<p>¿Qué usas?</p>',
              options: [
                { option: 'El casco', correct: 1 },
                { option: 'Nada', correct: 0 },
              ],
            },
          ],
        },
      },
    ],
  }) as unknown as Pick<Course, 'introduction' | 'modules'>;

describe('measuringConfigs', () => {
  it('gives the values, the same without optional values, and with yes/no true', () => {
    const [full, without, yes] = measuringConfigs({
      'obra.nombre': 'Torre',
      'obra.alarma': 'una sirena',
      'pesv.aplica': false,
    });
    expect(full!.values['obra.alarma']).toBe('una sirena');
    expect(without!.values['obra.alarma']).toBeUndefined();
    expect(without!.values['obra.nombre']).toBe('Torre');
    expect(yes!.values['pesv.aplica']).toBe(true);
  });
});

describe('courseReadability', () => {
  it('keeps the worst score over the configurations, and the longest sentence of any', () => {
    // With the alarm: a short easy sentence. Without: a 24-word fallback of long words.
    const text =
      '<p>{{#obra.alarma}}Suena {{obra.alarma}}.{{/obra.alarma}}{{^obra.alarma}}Pregúntale inmediatamente al responsable correspondiente cómo suena exactamente la alarma reglamentaria de emergencia en la obra donde trabajas diariamente con tus compañeros habituales siempre.{{/obra.alarma}}</p>';
    const rows = courseReadability(
      course('<p>Bienvenido a {{obra.nombre}}.</p>', text),
      measuringConfigs({ 'obra.nombre': 'Torre', 'obra.alarma': 'una sirena' }),
    );
    expect(rows.map((r) => r.id)).toEqual([
      'introduccion',
      'modulo1-tema1',
      'modulo1-actividad pregunta 1',
    ]);
    const topic = rows[1]!;
    expect(topic.config).toBe('sin datos opcionales');
    expect(topic.longestSentence?.words).toBe(24);
    expect(
      readabilityFailures(rows).some((f) => f.startsWith('modulo1-tema1: oración de 24')),
    ).toBe(true);
    expect(lowestScreens(rows, 1).map((r) => r.id)).toEqual(['modulo1-tema1']);
  });

  it('finds nothing to report on short, plain text', () => {
    const rows = courseReadability(
      course('<p>Ven a la obra.</p>', '<p>Usa el casco. Es tu vida.</p>'),
      measuringConfigs({}),
    );
    expect(readabilityFailures(rows)).toEqual([]);
  });
});
