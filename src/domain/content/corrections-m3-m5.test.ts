// The fact corrections (decision 0107) that concern modules 3–5, checked on the real course
// by page id: each wrong statement the reviewer found is absent, and where the review gives a
// replacement fact the course keeps, it is present (on the screen, or in its «Fuente» line).
import { describe, expect, it } from 'vitest';
import { readCourse } from '../../../course-files/read-content.ts';
import type { Activity, Course, Topic } from './types.ts';

const result = readCourse();

function course(): Course {
  if (!result.course) throw new Error(`course did not load: ${JSON.stringify(result.issues)}`);
  return result.course;
}

const LATER_MODULES = ['modulo3', 'modulo4', 'modulo5'];

function topic(id: string): Topic {
  const t = course()
    .modules.flatMap((m) => m.topics)
    .find((x) => x.id === id);
  if (!t) throw new Error(`no page ${id}`);
  return t;
}

/** What the learner reads on a topic screen (text without tags), without its «Fuente» line. */
function screenText(t: Topic): string {
  const items = [...(t.items ?? []), ...(t.list1?.items ?? [])];
  return plain(
    [
      t.title,
      t.text,
      t.text1,
      t.text2,
      ...items.flatMap((i) => [i.label, i.title, i.text, ...(i.points ?? [])]),
      ...t.remember.flatMap((r) => [r.title, r.text]),
    ]
      .filter(Boolean)
      .join(' \n '),
  );
}

function quizText(a: Activity): string {
  return plain(
    a.questions
      .flatMap((q) => [q.question, ...q.options.map((o) => o.option), q.message, q.pista])
      .filter(Boolean)
      .join(' \n '),
  );
}

const plain = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

/** Every page of modules 3–5: id, what it shows and its source line. */
function laterPages(): { id: string; text: string; fuente: string }[] {
  return course()
    .modules.filter((m) => LATER_MODULES.includes(m.id))
    .flatMap((m) => [
      ...m.topics.map((t) => ({ id: t.id, text: screenText(t), fuente: t.fuente ?? '' })),
      { id: m.activity.id, text: quizText(m.activity), fuente: '' },
    ]);
}

/** Pages of modules 3–5 whose screen text or source line matches. */
const pagesMatching = (re: RegExp) =>
  laterPages()
    .filter((p) => re.test(p.text) || re.test(p.fuente))
    .map((p) => p.id);

describe('fact corrections (decision 0107) in modules 3–5', () => {
  it('loads the real course', () => {
    expect(result.issues).toEqual([]);
  });

  it('drops the GTC 45 risk levels and formulas (level II was misdescribed)', () => {
    expect(pagesMatching(/aceptable solo con/i)).toEqual([]);
    expect(pagesMatching(/\bnivel (I|II|III|IV)\b|NR\s*=|NP\s*=|ND\s*×/)).toEqual([]);
    // The guide stays as the source of the hazard groups, said to be a guide and not a law.
    expect(topic('modulo3-tema1').fuente).toMatch(/GTC 45 de 2012 \(guía técnica, no ley\)/);
  });

  it('grounds the right to step away from grave danger on ILO Convention 167, not on GTC 45', () => {
    expect(pagesMatching(/riesgo inminente/i)).toEqual([]);
    const stop = topic('modulo3-tema4');
    expect(stop.title).toMatch(/peligro grave/i);
    expect(screenText(stop)).toMatch(/derecho a parar y alejarte/);
    expect(screenText(stop)).toMatch(/avisa a tu jefe sin demora/);
    expect(stop.fuente).toMatch(/Convenio 167 de la OIT, art\. 12/);
    expect(stop.fuente).not.toMatch(/GTC/);
  });

  it('defines a confined space by its limited entry, not by «una sola entrada»', () => {
    expect(pagesMatching(/una sola entrada/i)).toEqual([]);
    const trench = topic('modulo3-tema6');
    const text = screenText(trench);
    expect(text).toMatch(/entrada o su salida es limitada/);
    expect(text).toMatch(/no se hizo para estar allí todo el día/);
    expect(text).toMatch(/más de 1,2 m/);
    expect(trench.fuente).toMatch(/Resolución 0491 de 2020, arts\. 3 y 7/);
  });

  it('cites the confirmed excavation articles, 664 and 668 included', () => {
    const fuente = topic('modulo3-tema6').fuente ?? '';
    for (const art of ['610', '611', '664', '668'])
      expect(fuente).toMatch(new RegExp(`Resolución 2400 de 1979, arts\\..*\\b${art}\\b`));
    expect(screenText(topic('modulo3-tema6'))).toMatch(/revisa al empezar cada jornada/);
  });

  it('cites the reporting channel and self-report to the right articles', () => {
    // Art. 2.2.4.6.2 num. 8 is only the definition of self-report; the duty is 2.2.4.6.16 par. 3.
    expect(pagesMatching(/2\.2\.4\.6\.2,? num\. 8/)).toEqual([]);
    expect(topic('modulo3-tema4').fuente).toMatch(/2\.2\.4\.6\.16 par\. 3/);
    // Num. 4 of art. 2.2.4.6.10 is reporting hazards (module 3), never reporting an accident.
    expect(topic('modulo3-tema4').fuente).toMatch(/2\.2\.4\.6\.10 num\. 4/);
    expect(pagesMatching(/2\.2\.4\.6\.10/)).toEqual(['modulo3-tema4']);
  });

  it('puts the accident report on the employer (Decreto Ley 1295, art. 62)', () => {
    const crash = topic('modulo4-tema5');
    expect(crash.fuente).toMatch(/Decreto Ley 1295 de 1994, art\. 62/);
    expect(screenText(crash)).toMatch(/la empresa reporta a la ARL y a la EPS/);
    expect(screenText(crash)).toMatch(/Ese reporte no lo haces tú/);
    // The company's deadlines are manager content (record 0270): the labels give the order only.
    expect(crash.items?.map((i) => i.label)).not.toContain('2 días hábiles');
    expect(crash.items?.map((i) => i.label)).toContain('Después');
  });

  it('keeps the «cinco reglas de oro» for electricians only: the rest do not touch and report', () => {
    expect(pagesMatching(/reglas de oro/i)).toEqual([]);
    const elec = topic('modulo3-tema7');
    expect(screenText(elec)).toMatch(/Solo los electricistas autorizados/);
    expect(screenText(elec)).toMatch(/Abrir un tablero/);
    expect(elec.fuente).toMatch(/RETIE, Resolución 40117 de 2024/);
  });

  it('cites no Resolución 0312 standards article for a construction company', () => {
    expect(pagesMatching(/0312 de 2019/)).toEqual([]);
  });

  it('leaves out the PESV levels and 24 steps (manager content, decision 0170)', () => {
    expect(pagesMatching(/24 pasos|\bpaso \d+\b|nivel (básico|estándar|avanzado)/i)).toEqual([]);
    // The thresholds of who must have a PESV are manager content too (decision 0170).
    expect(screenText(topic('modulo4-tema1'))).not.toMatch(/más de 10 vehículos/);
  });

  it('teaches work at height from more than 2,0 m and retires an arrested-fall harness', () => {
    const height = screenText(topic('modulo3-tema5'));
    expect(height).toMatch(/más de 2,0 m/);
    expect(height).toMatch(/frenó una caída, sale de servicio/);
    expect(topic('modulo3-tema5').fuente).toMatch(/Resolución 4272 de 2021/);
  });

  it('writes no legal citation inside the text: sources only in the «Fuente» line', () => {
    const citation =
      /\b(Decreto|Resolución|Ley|Convenio|GTC|NTC)\s+\d|\bart(s)?\.\s*\d|\bnum\.\s*\d/i;
    expect(laterPages().filter((p) => citation.test(p.text))).toEqual([]);
    for (const t of course()
      .modules.filter((m) => LATER_MODULES.includes(m.id))
      .flatMap((m) => m.topics))
      expect(t.fuente, t.id).toBeTruthy();
  });

  it('asks site situations, not paperwork, each with an explanation and a hint', () => {
    const quizzes = course().modules.filter((m) => LATER_MODULES.includes(m.id));
    const quiz = quizzes.map((m) => quizText(m.activity)).join(' ');
    expect(quiz).not.toMatch(/GTC|PHVA|pasos|Resolución|Decreto/);
    const questions = quizzes.flatMap((m) => m.activity.questions);
    const trueFalse = questions.filter((q) =>
      q.options.every((o) => /^(Verdadero|Falso)$/.test(o.option)),
    );
    expect(trueFalse.length).toBeLessThanOrEqual(1);
    for (const q of questions) {
      expect(q.message?.trim(), q.question).toBeTruthy();
      expect(q.pista?.trim(), q.question).toBeTruthy();
      const right = q.options.find((o) => o.correct === 1)!.option;
      expect(plain(q.pista ?? ''), q.question).not.toContain(right);
    }
  });
});
