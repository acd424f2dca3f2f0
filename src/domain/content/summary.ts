// The content summary printed by `npm run -s content:check -- --json` (decision 0029).
import { SCREEN_TYPES, type Course, type ScreenType } from './types.ts';

export interface ContentSummary {
  modules: {
    id: string;
    number: number;
    title: string;
    topics: number;
    screenTypes: ScreenType[];
    activity: { type: string; questions: number };
  }[];
  screenTypes: ScreenType[];
}

const inOrder = (types: Set<string>) => SCREEN_TYPES.filter((t) => types.has(t));

export function summarizeCourse(course: Course): ContentSummary {
  const all = new Set<string>(['menu']); // the module menu screen always exists
  const modules = course.modules.map((m) => {
    const types = new Set(m.topics.map((t) => t.type));
    types.forEach((t) => all.add(t));
    return {
      id: m.id,
      number: m.number,
      title: m.title,
      topics: m.topics.length,
      screenTypes: inOrder(types),
      activity: { type: m.activity.type, questions: m.activity.questions.length },
    };
  });
  return { modules, screenTypes: inOrder(all) };
}
