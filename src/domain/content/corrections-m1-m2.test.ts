// The fact corrections (decision 0107) that concern modules 1 and 2, checked on the
// real course in content/es/ by page id: each wrong statement is absent and, where the course keeps
// the corrected fact, it is present. Also the writing rules these corrections came with: legal
// sources only in «fuente», sentences of at most 20 words, siglas explained at first use per module.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_DIR, readCourse } from '../../../course-files/read-content.ts';
import type { Course, Module, Topic } from './types.ts';

const result = readCourse();

function course(): Course {
  if (!result.course) throw new Error(`course did not load: ${JSON.stringify(result.issues)}`);
  return result.course;
}

function moduleById(id: string): Module {
  const m = course().modules.find((x) => x.id === id);
  if (!m) throw new Error(`no module ${id}`);
  return m;
}

function page(id: string): Topic {
  const t = course()
    .modules.flatMap((m) => m.topics)
    .find((x) => x.id === id);
  if (!t) throw new Error(`no page ${id}`);
  return t;
}

/**
 * Optional values present (true) or missing (false): each section shows its own branch. Sections
 * nest (the vigía inside the COPASST's fallback), so the innermost ones are resolved first.
 */
function renderSections(text: string, present: boolean): string {
  const innermost = /\{\{([#^])([\w.]+)\}\}((?:(?!\{\{[#^])[\s\S])*?)\{\{\/\2\}\}/g;
  let out = text;
  for (let before = ''; before !== out;) {
    before = out;
    out = out.replace(innermost, (_, kind: string, _k, body: string) =>
      (kind === '#') === present ? body : '',
    );
  }
  return out.replace(/\{\{[\w.]+\}\}/g, 'Valor');
}

const stripHtml = (html: string) =>
  html
    .replace(/<\/(p|li|h\d)>/g, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[ \t]+/g, ' ');

/**
 * The learner-visible text of a topic, in reading order, without its «Fuente:» line. With
 * headings false, only the running text: no screen, item or box titles and no tab labels.
 */
function visibleParts(t: Topic, headings = true): string[] {
  const items = [...(t.items ?? []), ...(t.list1?.items ?? [])];
  const h = (s: string | undefined) => (headings ? [s ?? ''] : []);
  return [
    ...h(t.title),
    t.text ?? '',
    t.text1 ?? '',
    t.text2 ?? '',
    ...items.flatMap((i) => [...h(i.label), ...h(i.title), i.text, ...(i.points ?? [])]),
    ...(t.remember ?? []).flatMap((r) => [...h(r.title), r.text]),
  ].map(stripHtml);
}

const visible = (t: Topic) => visibleParts(t).join('\n');

/** Quiz texts of a module, in order: stem, options, explanation, hint. */
function quizParts(m: Module): string[] {
  return m.activity.questions
    .flatMap((q) => [q.question, ...q.options.map((o) => o.option), q.message ?? '', q.pista ?? ''])
    .map(stripHtml);
}

const MODULES = ['modulo1', 'modulo2'] as const;
const moduleParts = (id: string) => [
  ...moduleById(id).topics.flatMap((t) => visibleParts(t)),
  ...quizParts(moduleById(id)),
];

describe('fact corrections (decision 0107) in modules 1 and 2', () => {
  it('loads the real course', () => {
    expect(result.issues).toEqual([]);
  });

  it('says the course is the general part of the induction, not the whole induction', () => {
    const intro = stripHtml(course().introduction.text);
    for (const [where, text] of [
      ['introduccion', intro],
      ['modulo1-tema1', visible(page('modulo1-tema1'))],
    ] as const) {
      expect(text, where).not.toMatch(/este curso es (esa|la|tu) inducci[oó]n/i);
      expect(text, where).toMatch(/parte general/);
    }
    // The specific part (own trade and zone) is still to come, before the first task.
    expect(visible(page('modulo1-tema1'))).toMatch(/parte específica/);
    expect(visible(page('modulo1-tema1'))).toMatch(/peligros de tu oficio y de tu zona/);
    expect(page('modulo1-tema1').fuente).toMatch(/2\.2\.4\.6\.11 par\. 2/);
  });

  it('does not say the COPASST decides with half plus one (that is its quorum)', () => {
    const text = visible(page('modulo2-tema6'));
    expect(text).not.toMatch(/decide[^.]*mitad más uno/i);
    expect(moduleParts('modulo2').join(' ')).not.toMatch(/decide con la mitad/i);
    expect(text).toMatch(/al menos una vez al mes/i);
  });

  it('grounds the right to step away from grave danger in ILO C167, not GTC 45', () => {
    const t = page('modulo1-tema4');
    expect(visible(t)).toMatch(/peligro grave/);
    expect(visible(t)).toMatch(/puedes alejarte/);
    expect(visible(t)).toMatch(/avisa enseguida a tu jefe/);
    expect(t.fuente).toMatch(/Convenio 167 de la OIT, art\. 12/);
    for (const id of MODULES)
      for (const tp of moduleById(id).topics) expect(tp.fuente ?? '', tp.id).not.toMatch(/GTC 45/);
  });

  it('counts a disease outside the official table as occupational when the cause is proven', () => {
    const t = page('modulo1-tema3');
    const item = t.list1?.items.find((i) => i.title === 'Enfermedad laboral');
    expect(item).toBeDefined();
    expect(stripHtml(item!.text)).toMatch(/no está en la tabla, también puede ser laboral/);
    expect(stripHtml(item!.text)).toMatch(/se prueba que la causó tu trabajo/);
    expect(t.fuente).toMatch(/Ley 1562 de 2012, arts\. 3 y 4/);
  });

  it('cites Decree 1072 art. 2.2.4.1.7 for the report to the Ministry, not Res. 0312 art. 9', () => {
    const t = page('modulo1-tema8');
    expect(visible(t)).toMatch(/Ministerio del Trabajo/);
    expect(t.fuente).toMatch(/2\.2\.4\.1\.7/);
    for (const id of MODULES)
      for (const tp of moduleById(id).topics)
        expect(tp.fuente ?? '', tp.id).not.toMatch(/0312 de 2019, arts?\. 9\b/);
    // Standards 7/21/60 and the self-assessment are management detail (content/README.md).
    expect(moduleParts('modulo1').join(' ')).not.toMatch(/estándares mínimos|autoevaluación/i);
  });

  it('makes the accident report the employer’s, not Decree 1072 art. 2.2.4.6.10 num. 4', () => {
    const t = page('modulo1-tema8');
    expect(t.fuente).not.toMatch(/2\.2\.4\.6\.10/);
    expect(t.fuente).toMatch(/Decreto Ley 1295 de 1994, art\. 62/);
    const report = t.items?.find((i) => i.title === 'La empresa reporta');
    expect(report?.label).toBe('2 días hábiles');
    expect(stripHtml(report!.text)).toMatch(/tarea de la empresa, no tuya/);
  });

  // The old programme's name and the PHVA cycle are manager content (decision 0170): the screen
  // says what the worker does in the SG-SST instead; its source stays Law 1562 art. 1.
  it('sources the SG-SST to Law 1562 art. 1 without the old programme or PHVA', () => {
    const t = page('modulo1-tema2');
    expect(visible(t)).not.toMatch(/Programa de Salud Ocupacional|PHVA|Planificar, Hacer/);
    expect(visible(t)).toMatch(/Avisa lo que está mal/);
    expect(t.fuente).toMatch(/Ley 1562 de 2012, art\. 1\b/);
  });

  it('sources ARL coverage to Decree-Law 1295 art. 4 lit. k, from the day after affiliation', () => {
    const t = page('modulo1-tema4');
    expect(visible(t)).toMatch(/desde el día siguiente a tu afiliación/);
    expect(t.fuente).toMatch(/Decreto Ley 1295 de 1994, arts\. 4 lits\. d, h y k/);
    expect(t.fuente).not.toMatch(/\b18\b/);
    // Contribution percentages are management detail (content/README.md).
    expect(moduleParts('modulo1').join(' ')).not.toMatch(/0,348|8,7 %/);
  });

  it('sources the vigía to Decree-Law 1295 art. 35 and Decree 1072 art. 2.2.4.6.2 par. 2', () => {
    const t = page('modulo2-tema6');
    expect(visible(t)).toMatch(/vigía SST/);
    expect(t.fuente).toMatch(/Decreto Ley 1295 de 1994, arts?\. 35 par\./);
    expect(t.fuente).toMatch(/2\.2\.4\.6\.2 par\. 2/);
    expect(t.fuente).not.toMatch(/2013 de 1986, arts?\. 3\b/);
  });

  // Company fines are manager content, and now computed in UVT, not minimum wages (decision 0170).
  it('teaches no company fines', () => {
    expect(visible(page('modulo1-tema5'))).not.toMatch(/multa|salarios mínimos|UVT/i);
    expect(page('modulo1-tema5').fuente).not.toMatch(/1562 de 2012, art\. 13/);
  });

  it('covers the site topics the review asked for (topics 1.4–1.8 and 2.3) and the life rules (1.9)', () => {
    expect(
      moduleById('modulo1')
        .topics.slice(3)
        .map((t) => [t.id, t.title]),
    ).toEqual([
      ['modulo1-tema4', 'Tus derechos'],
      ['modulo1-tema5', 'Tus deberes y los de la empresa'],
      ['modulo1-tema6', 'La ARL te protege'],
      ['modulo1-tema7', 'Exámenes médicos del trabajo'],
      ['modulo1-tema8', 'Si te accidentas'],
      ['modulo1-tema9', 'Reglas que salvan vidas'],
    ]);
    expect(page('modulo2-tema3').title).toBe('Alcohol, drogas y tabaco');
  });

  it('asks site situations, not memory questions, with an explanation and a hint each', () => {
    for (const id of MODULES)
      for (const q of moduleById(id).activity.questions) {
        const stem = stripHtml(q.question);
        expect(stem, `${id} ${q.current}`).not.toMatch(
          /qué significa|sigla|plazo|con qué frecuencia|cuántos pasos|quién debe firmar/i,
        );
        expect(q.message?.trim(), `${id} ${q.current}`).toBeTruthy();
        expect(q.pista?.trim(), `${id} ${q.current}`).toBeTruthy();
        // The hint must not contain the right answer.
        const right = q.options.find((o) => o.correct === 1)!.option;
        expect(stripHtml(q.pista!).toLowerCase(), `${id} ${q.current}`).not.toContain(
          right.toLowerCase(),
        );
      }
  });

  it('uses at most one true/false question in modules 1 and 2 (two in the whole course)', () => {
    const trueFalse = MODULES.flatMap((id) => moduleById(id).activity.questions).filter(
      (q) =>
        q.options
          .map((o) => o.option)
          .sort()
          .join('|') === 'Falso|Verdadero',
    );
    expect(trueFalse.length).toBeLessThanOrEqual(1);
  });
});

describe('writing rules behind the corrections (modules 1 and 2)', () => {
  const LEGAL_CITATION = /\b(Decreto|Resolución|Ley|Res\.|Dec\.|art\.|arts\.)\s*(Ley\s*)?\d/;

  it('keeps legal sources out of sentences: only in the «fuente» line', () => {
    for (const id of MODULES) {
      for (const t of moduleById(id).topics) {
        expect(visible(t), t.id).not.toMatch(LEGAL_CITATION);
        expect(t.fuente?.trim(), `${t.id} fuente`).toBeTruthy();
      }
      expect(quizParts(moduleById(id)).join('\n'), id).not.toMatch(LEGAL_CITATION);
    }
    expect(stripHtml(course().introduction.text)).not.toMatch(LEGAL_CITATION);
  });

  it('has no sentence over 20 words (titles, paragraphs and list items end sentences)', () => {
    const tooLong: string[] = [];
    const raw = [stripHtml(course().introduction.text), ...MODULES.flatMap(moduleParts)];
    const texts = raw.flatMap((t) => [renderSections(t, true), renderSections(t, false)]);
    expect(texts.join(' ')).not.toMatch(/\{\{|\}\}/);
    for (const text of texts)
      for (const line of text.split('\n'))
        for (const sentence of line.split(/(?<=[.!?])\s+/)) {
          const words = sentence.split(/\s+/).filter((w) => /[\p{L}\d]/u.test(w));
          if (words.length > 20) tooLong.push(`${words.length}: ${sentence.trim()}`);
        }
    expect(tooLong).toEqual([]);
  });

  // A heading may name a sigla that the text right under it explains («SST y SG-SST en palabras
  // simples», then «El SG-SST (Sistema de Gestión de la SST)…»): the rule is checked on the text.
  it('explains every glossary sigla at its first use in the text of each module', () => {
    const glossary = JSON.parse(readFileSync(join(CONTENT_DIR, 'glosario.json'), 'utf8')) as {
      sigla: string;
      significado: string;
      definicion: string;
    }[];
    const unexplained: string[] = [];
    for (const id of MODULES) {
      const m = moduleById(id);
      const text = [...m.topics.flatMap((t) => visibleParts(t, false)), ...quizParts(m)].join('\n');
      for (const { sigla } of glossary) {
        const re = new RegExp(`(?<![\\p{L}-])${sigla}(?![\\p{L}-])`, 'u');
        const at = text.search(re);
        // The first use is followed by its meaning in brackets: «la ARL (Administradora…)».
        if (at >= 0 && text.slice(at + sigla.length, at + sigla.length + 2) !== ' (')
          unexplained.push(`${id}: ${sigla} … ${text.slice(at, at + 40)}`);
      }
    }
    expect(unexplained).toEqual([]);
  });

  it('keeps every glossary definition under 20 words and lists each sigla once', () => {
    const glossary = JSON.parse(readFileSync(join(CONTENT_DIR, 'glosario.json'), 'utf8')) as {
      sigla: string;
      significado: string;
      definicion: string;
    }[];
    expect(new Set(glossary.map((g) => g.sigla)).size).toBe(glossary.length);
    for (const g of glossary) {
      expect(g.significado.trim(), g.sigla).toBeTruthy();
      expect(g.definicion.split(/\s+/).length, g.sigla).toBeLessThan(20);
    }
    // The siglas the review listed for these modules are all there.
    expect(glossary.map((g) => g.sigla)).toEqual(
      expect.arrayContaining([
        'ARL',
        'EPS',
        'IPS',
        'SST',
        'SG-SST',
        'COPASST',
        'CCL',
        'EPP',
        'FURAT',
        'FUREL',
        'PESV',
        'RETIE',
        'NTC',
        'GTC',
        'SGA',
        'FDS',
        'ACPM',
        'SMMLV',
        'PAS',
        'PHVA',
      ]),
    );
  });
});
