// Topic screens (/contenido/:id, /lista1/:id … /lista8/:id): the page heading, the body of the
// screen type, and Anterior / Siguiente. Viewing a topic records it once it has rendered; the
// next screen's illustrations are fetched meanwhile (decision 0098).
import { useEffect, useRef } from 'react';
import { Link, Navigate, useLocation } from '../../ui/router.tsx';
import { useCourse, useCourseController } from '../../course/course-context.tsx';
import { prefetchModule } from '../../course/use-module.ts';
import { nextPath, pagePath } from '../../domain/progress/navigation.ts';
import { isActivity } from '../../domain/content/types.ts';
import { es } from '../../strings/es.ts';
import { topicScreens } from '../screens/index.ts';
import { PageNav } from './page-nav.tsx';
import { usePage } from './use-page.ts';
import { LoadError } from './load-error.tsx';
import { Listen } from '../listen/index.ts';
import { ListenProvider } from '../../screen-kit/listen-slot.tsx';
import { afterPaint, prefetchImageFiles, prefetchImages, whenIdle } from '../../ui/idle.ts';
import { backToQuestionState, readBackToQuestion } from './back-to-question.ts';
import './topic.css';

export default function TopicPage({ assetBase }: { assetBase: string }) {
  const controller = useCourseController();
  const { ready } = useCourse();
  const { ref, load, allowed } = usePage();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const articleRef = useRef<HTMLElement>(null);
  // Opened from a question's hint: the way back to that question (decision 0227).
  const back = readBackToQuestion(useLocation().state);

  const painted = load.status === 'ready';
  // The visit is recorded once the screen has rendered (effects run after the browser paints).
  // Saving only queues the change: the LMS commit is debounced, so it never delays this paint.
  useEffect(() => {
    if (ready && ref && allowed && painted) controller.visitPage(ref.id);
  }, [ready, ref, allowed, painted, controller]);
  useEffect(() => {
    if (load.status !== 'ready' || !ref) return;
    const next = load.module.topics[ref.index + 1];
    // The next topic's illustrations as soon as this screen is painted, not when idle: a learner
    // who reads a screen in one second must not wait for them on a slow link (the bench caught
    // idle callbacks, 1.5 s and then 0.5 s at the latest, starting them too late, 3 of 250).
    // This screen's own images were requested while it rendered, so they go first.
    if (next) return afterPaint(() => prefetchImages(next, assetBase));
    // Last topic: the next module's first screen comes after the quiz and the menu. Its
    // illustrations are fetched right after this paint too, not when idle (record 0248): under
    // load the idle callback came so late that the menu's tap on the next module still waited.
    const nextModule = controller.outline.modules[ref.moduleIndex + 1];
    if (!nextModule) return undefined;
    return afterPaint(() => prefetchImageFiles(nextModule.firstImages, assetBase));
  }, [load, ref, assetBase, controller]);
  useEffect(() => {
    if (load.status === 'ready') headingRef.current?.focus({ preventScroll: false });
  }, [load.status, ref?.id]);
  useEffect(() => {
    // Warm the next module's chunk while the learner reads — when idle, so the request never
    // competes with painting this screen.
    const nextModule = ref ? controller.outline.modules[ref.moduleIndex + 1] : undefined;
    if (nextModule) whenIdle(() => prefetchModule(nextModule.id));
  }, [ref, controller]);

  if (!ref) return <Navigate to="/404" replace />;
  if (load.status === 'loading') return <p className="loading">{es.loadingPage}</p>;
  if (load.status === 'error') return <LoadError retry={load.retry} />;
  const topic = load.module.topics[ref.index];
  if (!topic || isActivity(topic)) return <Navigate to="/404" replace />;
  const Screen = topicScreens[topic.type];
  const previousRef = ref.previous ? controller.pages.get(ref.previous) : undefined;
  return (
    <article className="page topic-page" data-screen-type={topic.type} ref={articleRef}>
      <p className="topic-count">{es.topicOf(ref.index + 1, load.module.topics.length)}</p>
      <h1
        className="page-title"
        ref={headingRef}
        tabIndex={-1}
        dangerouslySetInnerHTML={{ __html: topic.title }}
      />
      {back && <BackToQuestionLink back={back} />}
      <Listen key={ref.id} target={articleRef} />
      <ListenProvider value={Listen}>
        <Screen topic={topic} assetBase={assetBase} />
      </ListenProvider>
      {topic.fuente && (
        // Read aloud skips the source line: it is for the reviewer, not the worker (decision 0172).
        <p className="topic-source" data-listen-skip>
          <small>Fuente: {topic.fuente}</small>
        </p>
      )}
      {back && <BackToQuestionLink back={back} />}
      <PageNav
        previous={previousRef ? pagePath(previousRef) : null}
        next={nextPath(ref, controller.pages)}
      />
    </article>
  );
}

function BackToQuestionLink({
  back,
}: {
  back: NonNullable<ReturnType<typeof readBackToQuestion>>;
}) {
  return (
    <p className="back-to-question">
      <Link
        className="btn btn-primary"
        to={back.path}
        state={backToQuestionState(back.path, back.question)}
        data-testid="volver-a-la-pregunta"
      >
        <span aria-hidden="true">←</span>
        {es.quiz.backToQuestion(back.question + 1)}
      </Link>
    </p>
  );
}
