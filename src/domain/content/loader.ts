// Validates raw content files and normalises them into the Course model (types.ts).
// Every problem is reported with the file, the id and the reason, so a content editor can
// fix it without reading code. Pure: the caller reads the files.
import type { z } from 'zod';
import { rawCourseSchema, rawModuleSchema, type RawCourse, type RawModule } from './schema.ts';
import { answerShapeOf, screenType } from '../registry/index.ts';
import type { Activity, Course, Module, Topic } from './types.ts';
import { positionKey } from '../progress/navigation.ts';
import { checkAcrossModules } from './course-checks.ts';
import { topicImages } from './topic-traits.ts';

export interface ContentIssue {
  file: string;
  id?: string;
  reason: string;
}

export class ContentError extends Error {
  readonly code = 'CONTENT_INVALID';
  constructor(readonly issues: ContentIssue[]) {
    super(
      'El contenido del curso tiene errores:\n' +
        issues.map((i) => `  ${i.file}${i.id ? ` [${i.id}]` : ''}: ${i.reason}`).join('\n'),
    );
    this.name = 'ContentError';
  }
}

export interface ContentFile {
  /** Path shown in error messages, e.g. 'content/es/modulo1.json'. */
  file: string;
  /** Parsed JSON (or undefined when the file is missing or not JSON; give `readError`). */
  data: unknown;
  readError?: string;
}

export interface LoadOptions {
  /** Tells whether an image exists (public/img/NAME). Skipped when not given. */
  imageExists?: (name: string) => boolean;
}

export const topicId = (moduleNumber: number, topicNumber: number) =>
  `modulo${moduleNumber}-tema${topicNumber}`;
export const activityId = (moduleNumber: number) => `modulo${moduleNumber}-actividad`;
// The quiz title of a course's rules lives beside the rules check; the loader still exports it.
export { ruleQuizTitle } from './course-checks.ts';

const FORBIDDEN_HTML = [
  {
    re: /<\s*(script|style|iframe|object|embed|link|meta|form|input)\b/i,
    why: 'etiqueta HTML no permitida',
  },
  { re: /\son[a-z]+\s*=/i, why: 'atributo de evento (on…) no permitido' },
  { re: /javascript:/i, why: 'enlace javascript: no permitido' },
  {
    re: /\ssrc\s*=\s*["']?(https?:)?\/\//i,
    why: 'recurso de otro servidor: el paquete debe funcionar sin conexión',
  },
];

function zodIssues(file: string, error: z.ZodError, id?: string): ContentIssue[] {
  return error.issues.map((issue) => ({
    file,
    ...(id ? { id } : {}),
    reason: `${issue.path.length ? issue.path.join('.') + ': ' : ''}${issue.message}`,
  }));
}

/** Walks every string of a value and reports unsafe HTML. */
function checkHtml(file: string, id: string, value: unknown, path: string, issues: ContentIssue[]) {
  if (typeof value === 'string') {
    for (const { re, why } of FORBIDDEN_HTML) {
      if (re.test(value)) issues.push({ file, id, reason: `${path}: ${why}` });
    }
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => checkHtml(file, id, v, `${path}.${i}`, issues));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value))
      checkHtml(file, id, v, path ? `${path}.${k}` : k, issues);
  }
}

/** The type's own checks, then an alt text for every image the type says it shows. */
function checkTopicShape(file: string, t: Topic, issues: ContentIssue[]) {
  const need = (ok: unknown, reason: string) => {
    if (!ok) issues.push({ file, id: t.id, reason });
  };
  const type = screenType(t.type);
  type?.check(t as never, need);
  for (const image of topicImages(t))
    need(
      image.alt,
      image.item === undefined
        ? 'img sin alt (texto alternativo)'
        : `el elemento "${image.item}" tiene img sin alt`,
    );
}

function normaliseModule(raw: RawModule, index: number): Module {
  const n = raw.number;
  const topicIds = raw.topics.map((_, i) => topicId(n, i + 1));
  const topics: Topic[] = raw.topics.map((t, i) => {
    const { next, remember, ...rest } = t;
    return {
      ...rest,
      id: topicIds[i]!,
      number: i + 1,
      home: index,
      previous: i === 0 ? null : topicIds[i - 1]!,
      current: positionKey(index, i, raw.topics.length),
      next: next ?? topicIds[i + 1] ?? activityId(n),
      remember: remember ?? [],
    };
  });
  const { next: activityNext, last, ...activityRest } = raw.activity;
  const activity: Activity = {
    ...activityRest,
    id: activityId(n),
    number: n,
    home: index,
    previous: topicIds[topicIds.length - 1] ?? null,
    current: positionKey(index, raw.topics.length, raw.topics.length),
    next: activityNext ?? 'menu',
    last: last ?? false,
    questions: raw.activity.questions.map((q, i) => ({ ...q, current: i + 1 })),
  };
  return {
    id: raw.id,
    name: raw.name,
    title: raw.title,
    number: n,
    next: topicIds[0]!,
    type: 'menu',
    img: raw.img,
    alt: raw.alt,
    topics,
    activity,
  };
}

/** The module's id is unique and follows its position; its number too. */
function checkModuleIdentity(
  raw: RawModule,
  index: number,
  file: string,
  files: Map<string, string>,
  issues: ContentIssue[],
) {
  const expectedId = `modulo${index + 1}`;
  if (files.has(raw.id))
    issues.push({
      file,
      id: raw.id,
      reason: `id duplicado (ya usado en ${files.get(raw.id)})`,
    });
  else if (raw.id !== expectedId)
    issues.push({
      file,
      id: raw.id,
      reason: `el módulo ${index + 1} debe tener id ${expectedId}`,
    });
  files.set(raw.id, file);
  if (raw.number !== index + 1)
    issues.push({ file, id: raw.id, reason: `number debe ser ${index + 1}` });
}

/** Every image the module and its topics name exists (when the caller can tell). */
function checkModuleImages(
  raw: RawModule,
  mod: Module,
  file: string,
  options: LoadOptions,
  issues: ContentIssue[],
) {
  if (raw.img && options.imageExists && !options.imageExists(raw.img))
    issues.push({
      file,
      id: raw.id,
      reason: `la imagen ${raw.img} no existe en public/img`,
    });
  for (const t of mod.topics) {
    for (const { img } of topicImages(t)) {
      if (options.imageExists && !options.imageExists(img))
        issues.push({
          file,
          id: t.id,
          reason: `la imagen ${img} no existe en public/img`,
        });
    }
  }
}

/** Each question has the answer shape its quiz type asks for. */
function checkAnswerShapes(mod: Module, file: string, issues: ContentIssue[]) {
  const shape = answerShapeOf(mod.activity.type);
  mod.activity.questions.forEach((q) =>
    shape.check(q, (ok, reason) => {
      if (!ok) issues.push({ file, id: `${mod.activity.id} pregunta ${q.current}`, reason });
    }),
  );
}

/** Reads, validates and normalises the module at `index`; null when it cannot be parsed. */
function loadModule(
  mf: ContentFile,
  index: number,
  files: Map<string, string>,
  options: LoadOptions,
  issues: ContentIssue[],
): Module | null {
  if (mf.readError) {
    issues.push({ file: mf.file, reason: mf.readError });
    return null;
  }
  const parsed = rawModuleSchema.safeParse(mf.data);
  if (!parsed.success) {
    const id = (mf.data as { id?: unknown } | null)?.id;
    issues.push(...zodIssues(mf.file, parsed.error, typeof id === 'string' ? id : undefined));
    return null;
  }
  const raw = parsed.data;
  checkModuleIdentity(raw, index, mf.file, files, issues);
  checkHtml(mf.file, raw.id, raw, '', issues);
  const mod = normaliseModule(raw, index);
  mod.topics.forEach((t) => checkTopicShape(mf.file, t, issues));
  checkModuleImages(raw, mod, mf.file, options, issues);
  checkAnswerShapes(mod, mf.file, issues);
  return mod;
}

/** The Course model of a validated course.json and its modules. */
function courseOf(rawCourse: RawCourse, modules: Module[]): Course {
  return {
    id: rawCourse.id,
    title: rawCourse.title,
    header: rawCourse.header,
    ...(rawCourse.shortName ? { shortName: rawCourse.shortName } : {}),
    hours: rawCourse.hours,
    package: rawCourse.package ?? {
      manifestIdentifier: `com.${rawCourse.id}`,
      identifierPrefix: rawCourse.id,
      zipPrefix: rawCourse.id,
      description: rawCourse.title,
    },
    introduction: rawCourse.introduction,
    ...(rawCourse.lifeRules ? { lifeRules: rawCourse.lifeRules } : {}),
    ...(rawCourse.appendedQuestions ? { appendedQuestions: rawCourse.appendedQuestions } : {}),
    modules,
  };
}

/** Validates and normalises the course. Returns the course, or every issue found. */
export function loadCourse(
  courseFile: ContentFile,
  readModule: (name: string) => ContentFile,
  options: LoadOptions = {},
): { course: Course; issues: [] } | { course: null; issues: ContentIssue[] } {
  const issues: ContentIssue[] = [];
  if (courseFile.readError)
    return { course: null, issues: [{ file: courseFile.file, reason: courseFile.readError }] };
  const parsedCourse = rawCourseSchema.safeParse(courseFile.data);
  if (!parsedCourse.success)
    return { course: null, issues: zodIssues(courseFile.file, parsedCourse.error) };
  const rawCourse = parsedCourse.data;
  checkHtml(courseFile.file, 'introduccion', rawCourse.introduction, 'introduction', issues);

  const modules: Module[] = [];
  const files = new Map<string, string>();
  rawCourse.modules.forEach((name, index) => {
    const mod = loadModule(readModule(name), index, files, options, issues);
    if (mod) modules.push(mod);
  });
  if (issues.length) return { course: null, issues };

  checkAcrossModules(rawCourse, modules, courseFile.file, files, issues);
  if (issues.length) return { course: null, issues };
  return { course: courseOf(rawCourse, modules), issues: [] };
}

/** Like loadCourse, but throws a ContentError listing every issue. */
export function loadCourseOrThrow(
  courseFile: ContentFile,
  readModule: (name: string) => ContentFile,
  options: LoadOptions = {},
): Course {
  const result = loadCourse(courseFile, readModule, options);
  if (!result.course) throw new ContentError(result.issues);
  return result.course;
}
