// The content checks that need every module at once: the course's own shape rules, the one quiz
// marked last, the links between pages and the placeholders. The loader runs them once every
// module file has loaded cleanly.
import type { CourseRules, RawCourse } from './schema.ts';
import type { Module, Page } from './types.ts';
import type { ContentIssue } from './loader.ts';
import { courseTemplateProblems } from './course-text-fields.ts';

/** The quiz title a course's rules ask for, e.g. 'PONTE A PRUEBA MÓDULO 2'. */
export const ruleQuizTitle = (rules: CourseRules, moduleNumber: number) =>
  rules.quizTitle.replaceAll('{n}', String(moduleNumber));

/** Checks the shape rules written in the course's own course.json (decision record 0033). */
function checkCourseRules(
  rules: CourseRules,
  modules: Module[],
  courseFile: string,
  file: (m: Module) => string,
  issues: ContentIssue[],
) {
  if (modules.length !== rules.modules.length)
    issues.push({
      file: courseFile,
      reason: `el curso debe tener ${rules.modules.length} módulos (tiene ${modules.length})`,
    });
  modules.forEach((m, i) => {
    const rule = rules.modules[i];
    if (rule && m.title !== rule.title)
      issues.push({ file: file(m), id: m.id, reason: `el título debe ser "${rule.title}"` });
    if (rule && m.activity.questions.length !== rule.questions)
      issues.push({
        file: file(m),
        id: m.activity.id,
        reason: `el cuestionario debe tener ${rule.questions} preguntas (tiene ${m.activity.questions.length})`,
      });
    if (rule && m.activity.type !== rule.quizType)
      issues.push({
        file: file(m),
        id: m.activity.id,
        reason: `el cuestionario debe ser de tipo ${rule.quizType}`,
      });
    const title = ruleQuizTitle(rules, m.number);
    if (m.activity.title !== title)
      issues.push({ file: file(m), id: m.activity.id, reason: `el título debe ser "${title}"` });
  });
}

/** The only quiz marked last is the last module's, for any number of modules. */
function checkLastQuiz(modules: Module[], file: (m: Module) => string, issues: ContentIssue[]) {
  modules.forEach((m, i) => {
    const isLast = i === modules.length - 1;
    if (m.activity.last !== isLast)
      issues.push({
        file: file(m),
        id: m.activity.id,
        reason: isLast
          ? 'el último cuestionario debe llevar last: true'
          : 'solo el último cuestionario lleva last: true',
      });
  });
}

/** Every `next` names an existing page, and every «repaso» a topic the learner has reached. */
function checkPageLinks(modules: Module[], file: (m: Module) => string, issues: ContentIssue[]) {
  const pageIds = new Set(modules.flatMap((m) => [...m.topics.map((t) => t.id), m.activity.id]));
  for (const m of modules) {
    for (const page of [...m.topics, m.activity] as Page[]) {
      if (page.next !== 'menu' && !pageIds.has(page.next))
        issues.push({
          file: file(m),
          id: page.id,
          reason: `next apunta a "${page.next}", que no existe`,
        });
    }
  }
  // Each question's «repaso» names the screen that teaches it: a topic of its own module or of an
  // earlier one, never a later one the learner has not reached (decision 0171).
  modules.forEach((m, i) => {
    const reachable = new Set(modules.slice(0, i + 1).flatMap((x) => x.topics.map((t) => t.id)));
    for (const q of m.activity.questions)
      if (q.repaso !== undefined && !reachable.has(q.repaso))
        issues.push({
          file: file(m),
          id: `${m.activity.id} pregunta ${q.current}`,
          reason: pageIds.has(q.repaso)
            ? `repaso apunta a "${q.repaso}", que está en un módulo posterior`
            : `repaso apunta a "${q.repaso}", que no existe`,
        });
  });
}

/**
 * Placeholders (decision 0072): an unknown name, or an optional value without its fallback
 * sentence, stops the build naming the file, the page id and the placeholder.
 */
function checkPlaceholders(
  introduction: RawCourse['introduction'],
  modules: Module[],
  courseFile: string,
  files: Map<string, string>,
  issues: ContentIssue[],
) {
  const pageFile = (pageId: string) => {
    const moduleId = /^modulo\d+/.exec(pageId)?.[0];
    return (moduleId && files.get(moduleId)) ?? courseFile;
  };
  for (const p of courseTemplateProblems({ introduction, modules }))
    issues.push({ file: pageFile(p.pageId), id: p.pageId, reason: `${p.field}: ${p.problem}` });
}

/** The checks that need every module: the course's rules, the last quiz, links, placeholders. */
export function checkAcrossModules(
  rawCourse: RawCourse,
  modules: Module[],
  courseFile: string,
  files: Map<string, string>,
  issues: ContentIssue[],
) {
  const file = (m: Module) => files.get(m.id) ?? courseFile;
  if (rawCourse.rules) checkCourseRules(rawCourse.rules, modules, courseFile, file, issues);
  checkLastQuiz(modules, file, issues);
  checkPageLinks(modules, file, issues);
  if (rawCourse.lifeRules) checkLifeRules(rawCourse.lifeRules, modules, courseFile, issues);
  for (const id of rawCourse.appendedQuestions ?? [])
    if (!modules.some((m) => m.activity.questions.some((q) => `m${m.number}-q${q.current}` === id)))
      issues.push({
        file: courseFile,
        id: 'appendedQuestions',
        reason: `appendedQuestions: la pregunta ${id} no existe en el curso`,
      });
  checkPlaceholders(rawCourse.introduction, modules, courseFile, files, issues);
}

/** `lifeRules` names a topic page of the course (decision record 0270). */
function checkLifeRules(id: string, modules: Module[], courseFile: string, issues: ContentIssue[]) {
  if (!modules.some((m) => m.topics.some((t) => t.id === id)))
    issues.push({
      file: courseFile,
      id: 'lifeRules',
      reason: `lifeRules: la página ${id} no existe en el curso`,
    });
}
