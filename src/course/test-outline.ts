// A small course outline for the controller's tests: `topicCounts[m]` topics then a quiz of two
// questions per module, quiz types alternating (drag-answer, select-answer).
import type { CourseOutline, ModuleOutline, PageRef } from '../domain/content/outline.ts';

export function makeOutline(topicCounts: number[]): CourseOutline {
  const modules: ModuleOutline[] = topicCounts.map((count, moduleIndex) => {
    const n = moduleIndex + 1;
    const ids = [
      ...Array.from({ length: count }, (_, i) => `modulo${n}-tema${i + 1}`),
      `modulo${n}-actividad`,
    ];
    const activityType = moduleIndex % 2 === 0 ? 'drag-answer' : 'select-answer';
    const pages: PageRef[] = ids.map((id, index) => ({
      id,
      type: index === count ? activityType : 'content',
      title: id,
      moduleIndex,
      index,
      previous: ids[index - 1] ?? null,
      next: ids[index + 1] ?? 'menu',
    }));
    return {
      id: `modulo${n}`,
      number: n,
      name: `Módulo ${n}`,
      title: `Módulo ${n}`,
      img: `modulo${n}.svg`,
      alt: '',
      firstImages: [],
      topicCount: count,
      questionCount: 2,
      activityType,
      pages,
    };
  });
  return {
    id: 'curso',
    title: 'Curso',
    header: 'H',
    hours: 4,
    introduction: { title: 'I', text: '' },
    modules,
  };
}
