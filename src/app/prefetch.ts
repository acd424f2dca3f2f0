// No screen waits on the network once the course is open (docs/decisions/0098-no-screen-waits-on-the-network.md):
// after the page's load event and the paint after it, fetch what the next screens need — the topic-screens and quiz chunks
// with their CSS (and «Escuchar» inside them), the current and next module's content, and the
// illustrations of the screen the menu opens next. Nothing here runs before the first paint, so
// Initialize and the first screen are never delayed (the inline early-Initialize script runs
// before any of this is even parsed). Not "when idle" (record 0248): on a busy machine the idle
// callback only came at its 1.5-s timeout, as the learner tapped a module on the menu, and
// module 1's first screen then waited on the topic-screens chunk and its illustration. Not before
// the load event either (record 0276): on a throttled link every request started beside the
// first screen's own took a share of the link it needed.
import { prefetchModule } from '../course/use-module.ts';
import type { CourseController } from '../course/course-controller.ts';
import { afterLoad, afterPaint, prefetchImageFiles } from '../ui/idle.ts';

const ignore = () => undefined;

/**
 * The code of every screen type: topic screens, then quizzes (each a lazy chunk with its CSS), one
 * after the other, and in the web app only once `later` is settled (record 0280). A browser opens
 * six connections to a server that speaks HTTP/1.1; both chunks at once (their scripts,
 * stylesheets and «Escuchar») took all six, and on a throttled link a worker's «Acepto» then
 * waited a whole round trip for a free one.
 */
export function prefetchScreens(later: Promise<void> = Promise.resolve()): Promise<void> {
  return later
    .then(() => import('./sections/templates.tsx'))
    .catch(ignore)
    .then(() => import('./sections/games.tsx'))
    .then(ignore, ignore);
}

/**
 * The content of the module the learner is on (the first not completed) and of the next, and the
 * illustrations of the current module's first screen (where the menu's card leads).
 */
export function prefetchCurrentModules(controller: CourseController, assetBase: string): void {
  const modules = controller.outline.modules;
  let current = modules.findIndex((_, i) => controller.moduleState(i) !== 'viewed');
  if (current < 0) current = modules.length - 1;
  for (const m of modules.slice(current, current + 2)) prefetchModule(m.id);
  // From the outline: the request starts now, not after the module's content has arrived (on a
  // slow link that came after the learner's tap on the module's card, record 0248).
  const here = modules[current];
  if (here) prefetchImageFiles(here.firstImages, assetBase);
}

/**
 * After the load event and the paint after it: everything the next screens need. The modules'
 * content waits for the course's progress (which module is current) and, when given,
 * `contentMayLoad` then the paint after it — the web app holds it while «Acepto» is on its way,
 * so that nothing is fetched between the tap and the course's first screen (record 0280).
 */
export function prefetchAfterFirstPaint(
  controller: CourseController,
  assetBase: string,
  contentMayLoad?: Promise<void>,
): void {
  const content = () => prefetchCurrentModules(controller, assetBase);
  const whenReady = (fn: () => void) => {
    if (controller.getState().ready) return fn();
    const off = controller.subscribe(() => {
      if (!controller.getState().ready) return;
      off();
      fn();
    });
  };
  afterLoad(() => {
    void prefetchScreens(contentMayLoad);
    whenReady(() => {
      if (!contentMayLoad) content();
      else void contentMayLoad.then(() => afterPaint(content));
    });
  });
}
