// The course outline: everything the shell, menu and navigation need, without the page bodies
// (which load lazily, one module at a time). Built at build time from the validated course.
import type { ActivityType, Course, PageType } from './types.ts';
import type { CourseShape } from '../progress/engine.ts';

export interface PageRef {
  id: string;
  type: PageType;
  title: string;
  moduleIndex: number;
  /** Topic index, or the topic count for the module's quiz. */
  index: number;
  previous: string | null;
  next: string;
}

export interface ModuleOutline {
  id: string;
  number: number;
  name: string;
  title: string;
  img: string;
  /** The icon as a data: URI when it is an SVG, set by the build (record 0247). */
  inlineImg?: string;
  alt: string;
  /**
   * The illustrations of the module's first screen, where the menu's card leads: prefetched from
   * the outline, before the module's content has arrived (record 0248).
   */
  firstImages: string[];
  topicCount: number;
  questionCount: number;
  activityType: ActivityType;
  /** Topics in order, then the quiz. */
  pages: PageRef[];
}

export interface CourseOutline {
  id: string;
  title: string;
  header: string;
  hours: number;
  /** inlineImg: the illustration as a data: URI, set by the build for the first screen. */
  introduction: Course['introduction'] & { inlineImg?: string };
  /** The «Reglas que salvan vidas» page id, linked from the menu (decision record 0270). */
  lifeRules?: string;
  /** Questions whose interaction records go after every other (decision record 0270). */
  appendedQuestions?: readonly string[];
  modules: ModuleOutline[];
}

/** Every illustration a screen shows: its `img` fields at any depth, data: URIs left out. */
export function screenImages(screen: unknown): string[] {
  const seen = new Set<string>();
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object')
      for (const [key, v] of Object.entries(value))
        if (key === 'img' && typeof v === 'string' && v && !v.startsWith('data:')) seen.add(v);
        else walk(v);
  };
  walk(screen);
  return [...seen];
}

export function buildOutline(course: Course): CourseOutline {
  return {
    id: course.id,
    title: course.title,
    header: course.header,
    hours: course.hours,
    introduction: course.introduction,
    ...(course.lifeRules ? { lifeRules: course.lifeRules } : {}),
    ...(course.appendedQuestions ? { appendedQuestions: course.appendedQuestions } : {}),
    modules: course.modules.map((m, moduleIndex) => ({
      id: m.id,
      number: m.number,
      name: m.name,
      title: m.title,
      img: m.img,
      alt: m.alt,
      firstImages: screenImages(m.topics[0]),
      topicCount: m.topics.length,
      questionCount: m.activity.questions.length,
      activityType: m.activity.type,
      pages: [
        ...m.topics.map((t, index) => ({
          id: t.id,
          type: t.type,
          title: t.title,
          moduleIndex,
          index,
          previous: t.previous,
          next: t.next,
        })),
        {
          id: m.activity.id,
          type: m.activity.type,
          title: m.activity.title,
          moduleIndex,
          index: m.topics.length,
          previous: m.activity.previous,
          next: m.activity.next,
        },
      ],
    })),
  };
}

export const courseShape = (outline: {
  modules: { topicCount: number; questionCount?: number; number?: number }[];
  appendedQuestions?: readonly string[];
}): CourseShape => ({
  topicCounts: outline.modules.map((m) => m.topicCount),
  questionCounts: outline.modules.map((m) => m.questionCount ?? 0),
  moduleNumbers: outline.modules.map((m, i) => m.number ?? i + 1),
  ...(outline.appendedQuestions?.length ? { appendedQuestions: outline.appendedQuestions } : {}),
});

export function pagesById(outline: CourseOutline): Map<string, PageRef> {
  return new Map(outline.modules.flatMap((m) => m.pages.map((p) => [p.id, p] as const)));
}
