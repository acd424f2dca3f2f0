// Topic screens (/contenido/:id, /lista1/:id … /lista8/:id): the page heading, the body of the
// screen type, and Anterior / Siguiente. Viewing a topic records it.
import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router-dom';
import { useCourse, useCourseController } from '../../course/course-context.tsx';
import { prefetchModule } from '../../course/use-module.ts';
import { nextPath, pagePath } from '../../domain/progress/navigation.ts';
import { isActivity } from '../../domain/content/types.ts';
import { es } from '../../strings/es.ts';
import { topicScreens } from '../screens/index.ts';
import { PageNav } from './page-nav.tsx';
import { usePage } from './use-page.ts';
import { LoadError } from './load-error.tsx';

export default function TopicPage({ assetBase }: { assetBase: string }) {
  const controller = useCourseController();
  const { ready } = useCourse();
  const { ref, load, allowed } = usePage();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (ready && ref && allowed) controller.visitPage(ref.id);
  }, [ready, ref, allowed, controller]);
  useEffect(() => {
    if (load.status === 'ready') headingRef.current?.focus({ preventScroll: false });
  }, [load.status, ref?.id]);
  useEffect(() => {
    // Warm the next module's chunk while the learner reads the last topics.
    const nextModule = ref ? controller.outline.modules[ref.moduleIndex + 1] : undefined;
    if (nextModule) prefetchModule(nextModule.id);
  }, [ref, controller]);

  if (!ref) return <Navigate to="/404" replace />;
  if (load.status === 'loading') return <p className="loading">{es.loadingPage}</p>;
  if (load.status === 'error') return <LoadError retry={load.retry} />;
  const topic = load.module.topics[ref.index];
  if (!topic || isActivity(topic)) return <Navigate to="/404" replace />;
  const Screen = topicScreens[topic.type];
  const previousRef = ref.previous ? controller.pages.get(ref.previous) : undefined;
  return (
    <article className="page topic-page" data-screen-type={topic.type}>
      <h1
        className="page-title"
        ref={headingRef}
        tabIndex={-1}
        dangerouslySetInnerHTML={{ __html: topic.title }}
      />
      <Screen topic={topic} assetBase={assetBase} />
      {topic.fuente && (
        <p className="topic-source">
          <small>Fuente: {topic.fuente}</small>
        </p>
      )}
      <PageNav
        previous={previousRef ? pagePath(previousRef) : null}
        next={nextPath(ref, controller.pages)}
      />
    </article>
  );
}
