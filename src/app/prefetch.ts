// No screen waits on the network once the course is open (docs/decisions/0098-no-screen-waits-on-the-network.md):
// after the first paint, when the browser is idle, fetch what the next screens need — the
// topic-screens and quiz chunks with their CSS (and «Escuchar» inside them), and the current and next module's
// content. Nothing here runs before the first paint, so Initialize and the first screen are
// never delayed (the inline early-Initialize script runs before any of this is even parsed).
import { prefetchModule } from '../course/use-module.ts';
import type { CourseController } from '../course/course-controller.ts';
import { afterPaint, whenIdle } from '../ui/idle.ts';

const ignore = () => undefined;

/** The code of every screen type: topic screens and quizzes (each a lazy chunk). */
export function prefetchScreens(): void {
  import('./sections/templates.tsx').catch(ignore);
  import('./sections/games.tsx').catch(ignore);
}

/** The content of the module the learner is on (the first not completed) and of the next. */
export function prefetchCurrentModules(controller: CourseController): void {
  const modules = controller.outline.modules;
  let current = modules.findIndex((_, i) => controller.moduleState(i) !== 'viewed');
  if (current < 0) current = modules.length - 1;
  for (const m of modules.slice(current, current + 2)) prefetchModule(m.id);
}

/** After the first paint, when idle: everything the next screens need. */
export function prefetchAfterFirstPaint(controller: CourseController): void {
  afterPaint(() =>
    whenIdle(() => {
      prefetchScreens();
      if (controller.getState().ready) prefetchCurrentModules(controller);
      else {
        const off = controller.subscribe(() => {
          if (!controller.getState().ready) return;
          off();
          whenIdle(() => prefetchCurrentModules(controller));
        });
      }
    }),
  );
}
