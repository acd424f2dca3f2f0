// The course's placeholders checked where the loader meets them (decision 0072): every text
// field of the course that may hold a template, each run through checkTemplate.
import type { Course, Module } from './types.ts';
import { topicTexts } from './topic-traits.ts';
import { checkTemplate } from './placeholders.ts';

/** Every text field of the course that may hold placeholders, with its page id and field path. */
export function* courseTextFields(
  course: Pick<Course, 'introduction' | 'modules'>,
): Generator<{ pageId: string; field: string; text: string }> {
  const intro = course.introduction;
  yield { pageId: 'introduccion', field: 'introduction.title', text: intro.title };
  yield { pageId: 'introduccion', field: 'introduction.text', text: intro.text };
  if (intro.alt) yield { pageId: 'introduccion', field: 'introduction.alt', text: intro.alt };
  for (const m of course.modules as Module[]) {
    for (const [field, text] of [
      ['name', m.name],
      ['title', m.title],
      ['alt', m.alt],
    ] as const)
      yield { pageId: m.id, field, text };
    for (const t of m.topics) {
      const fields: Array<[string, string | undefined]> = [
        ['title', t.title],
        ...topicTexts(t).fields,
        ['fuente', t.fuente],
      ];
      t.remember.forEach((r, i) => {
        fields.push([`remember[${i}].title`, r.title], [`remember[${i}].text`, r.text]);
      });
      for (const [field, text] of fields) if (text) yield { pageId: t.id, field, text };
    }
    for (const q of m.activity.questions) {
      const pageId = `${m.activity.id} pregunta ${q.current}`;
      yield { pageId, field: 'question', text: q.question };
      for (const [i, o] of q.options.entries())
        yield { pageId, field: `options[${i}]`, text: o.option };
      if (q.message) yield { pageId, field: 'message', text: q.message };
      if (q.pista) yield { pageId, field: 'pista', text: q.pista };
    }
  }
}

/** checkTemplate over every text field of the course: what the loader reports as errors. */
export function courseTemplateProblems(
  course: Pick<Course, 'introduction' | 'modules'>,
): Array<{ pageId: string; field: string; problem: string }> {
  const out: Array<{ pageId: string; field: string; problem: string }> = [];
  for (const { pageId, field, text } of courseTextFields(course))
    if (text.includes('{{'))
      for (const problem of checkTemplate(text)) out.push({ pageId, field, problem });
  return out;
}
