// The fact corrections over the whole course (decision 0107): each wrong statement the review found is
// absent from every page — introduction, every screen (text and «fuente») and every quiz — not
// only from the module where it used to be; and the site topics the review asked for in module 3
// (3.3–3.10) exist by page id. The per-module files pin the replacement facts.
import { describe, expect, it } from 'vitest';
import { readCourse } from '../../../course-files/read-content.ts';
import { questionFragments, topicFragments } from './text-metrics/readability.ts';
import type { Course } from './types.ts';

const { course: loaded, issues } = readCourse();
if (!loaded) throw new Error(`course did not load: ${JSON.stringify(issues)}`);
const course: Course = loaded;

const plain = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

/** Every page: id, visible text (placeholders as written) and source line. */
const pages = [
  { id: 'introduccion', text: plain(course.introduction.text), fuente: '' },
  ...course.modules.flatMap((m) => [
    ...m.topics.map((t) => ({
      id: t.id,
      text: plain(topicFragments(t).join(' \n ')),
      fuente: t.fuente ?? '',
    })),
    {
      id: m.activity.id,
      text: plain(m.activity.questions.flatMap(questionFragments).join(' \n ')),
      fuente: '',
    },
  ]),
];

const matching = (re: RegExp, where: 'text' | 'fuente' | 'both' = 'both') =>
  pages
    .filter(
      (p) => (where !== 'fuente' && re.test(p.text)) || (where !== 'text' && re.test(p.fuente)),
    )
    .map((p) => p.id);

describe('fact corrections (decision 0107): no wrong statement anywhere in the course', () => {
  const WRONG: Array<[string, RegExp, 'text' | 'fuente' | 'both']> = [
    [
      'the course is the whole induction',
      /este curso es (esa|la|tu|toda la) inducci[oó]n/i,
      'text',
    ],
    ['the COPASST decides with half plus one', /decide[^.]*mitad más uno|mitad más uno/i, 'text'],
    ['GTC 45 risk levels', /\bnivel (I|II|III|IV)\b|aceptable solo con|NR\s*=|NP\s*=/, 'text'],
    ['«riesgo inminente» from GTC 45', /riesgo inminente/i, 'both'],
    ['a confined space has one entrance', /una sola entrada/i, 'text'],
    ['occupational disease only from the table', /solo (la|las) de la tabla/i, 'text'],
    ['Res. 0312 art. 9 for a construction company', /0312 de 2019, arts?\. 9\b/, 'fuente'],
    ['self-report on D1072 2.2.4.6.2 num. 8', /2\.2\.4\.6\.2,? num\. 8/, 'fuente'],
    ['ARL coverage on DL1295 art. 18', /1295 de 1994, arts?\.[^;]*\b18\b/, 'fuente'],
    ['vigía on Res. 2013 art. 3 (not confirmed)', /2013 de 1986, arts?\. 3\b/, 'fuente'],
    ['SG-SST on D1072 2.2.4.6.4 alone', /reemplaz[oó][^.]*2\.2\.4\.6\.4/, 'text'],
    ['the five golden rules for everyone', /reglas de oro/i, 'both'],
    ['the old RETIE', /RETIE[^;]*(90708|18 0398|2013)/, 'fuente'],
    ['work at height from 1,50 m', /desde 1,5 ?m|a partir de 1,5/i, 'text'],
    ['standards 7/21/60 and self-assessment', /estándares mínimos|autoevaluación/i, 'text'],
    ['PESV levels and 24 steps', /24 pasos|nivel (básico|estándar|avanzado)/i, 'text'],
    ['contribution percentages', /0,348|8,7 ?%/, 'both'],
    ['committees every two months', /cada dos meses|bimestral/i, 'text'],
  ];

  for (const [what, re, where] of WRONG)
    it(`does not say: ${what}`, () => {
      expect(matching(re, where)).toEqual([]);
    });

  it('cites D1072 2.2.4.6.10 num. 4 only for reporting hazards, never for an accident', () => {
    expect(matching(/2\.2\.4\.6\.10 num\. 4/, 'fuente')).toEqual(['modulo3-tema4']);
    // The screens that teach what to do after an accident put the report on the employer.
    const accidentScreens = pages.filter(
      (p) => p.id.includes('-tema') && /la empresa reporta/i.test(p.text),
    );
    expect(accidentScreens.map((p) => p.id).length).toBeGreaterThan(0);
    for (const p of accidentScreens) {
      expect(p.fuente, p.id).not.toMatch(/2\.2\.4\.6\.10/);
      expect(p.fuente, p.id).toMatch(/Decreto Ley 1295 de 1994, art\. 62/);
    }
  });

  // Fines are manager content and no longer counted in minimum wages (decision 0170).
  it('teaches no company fines anywhere', () => {
    expect(matching(/multas?\b|salarios mínimos/i, 'text')).toEqual([]);
  });
});

describe('fact corrections (decision 0107): the site topics of module 3 (3.3–3.10)', () => {
  it('has a screen for each, in order', () => {
    const m3 = course.modules.find((m) => m.id === 'modulo3')!;
    const wanted: Array<[string, RegExp]> = [
      ['3.3', /EPP/],
      ['3.4', /peligro grave/i],
      ['3.5', /alturas/i],
      ['3.6', /zanjas|excavaci/i],
      ['3.7', /electricidad/i],
      ['3.8', /máquinas|izaje/i],
      ['3.9', /químicos/i],
      ['3.10', /cargas|señales/i],
    ];
    const titles = m3.topics.map((t) => t.title);
    let last = -1;
    for (const [n, re] of wanted) {
      const at = titles.findIndex((t) => re.test(t));
      expect(at, `${n} en ${titles.join(' | ')}`).toBeGreaterThan(last);
      last = at;
    }
  });
});
