// Where a returning learner lands: the topic they were reading, the menu, or the introduction —
// never a finished quiz started again at question 1.
import { describe, expect, it } from 'vitest';
import { outline } from 'virtual:course';
import { CourseController } from '../course/course-controller.ts';
import { createLocalTracking, memoryStore } from '../tracking/memory/local-tracking.ts';
import { pagePath } from '../domain/progress/navigation.ts';
import { resumePath } from './routes.tsx';

/** A learner with module 1 done (its topics and quiz) and `bookmark` stored. */
async function returning(bookmark: string | null) {
  const route = outline.modules
    .map((m, i) =>
      i === 0 ? Array.from({ length: m.topicCount + 1 }, (_, k) => k).join(',') : '{}',
    )
    .join('-');
  const store = memoryStore({
    'resume-test:modules_viewed': route,
    'resume-test:score': '20',
    ...(bookmark ? { 'resume-test:current_location': JSON.stringify({ page: bookmark }) } : {}),
  });
  const controller = new CourseController(outline, createLocalTracking('resume-test', store));
  await controller.start();
  return { controller };
}

/** Module 1's page at `index` (a topic, or its quiz at the topic count). */
async function moduleOnePage(index: number) {
  const { controller } = await returning(null);
  return [...controller.pages.values()].find((p) => p.moduleIndex === 0 && p.index === index)!;
}

describe('resumePath', () => {
  it('a topic bookmark: back to that topic', async () => {
    const topic = await moduleOnePage(2);
    const { controller } = await returning(topic.id);
    expect(resumePath(controller)).toBe(pagePath(topic));
  });

  it('a finished quiz as the bookmark: the menu, not the quiz at question 1', async () => {
    const quiz = await moduleOnePage(outline.modules[0]!.topicCount);
    const { controller } = await returning(quiz.id);
    expect(resumePath(controller)).toBe('/menu');
  });

  it('no bookmark: the introduction', async () => {
    const { controller } = await returning(null);
    expect(resumePath(controller)).toBe('/introduccion');
  });
});
