// Every route (decision 0027). Topic screens and quizzes are two lazily loaded sections.
import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from '../ui/router.tsx';
import { Layout } from '../features/shell/index.ts';
import { IntroPage, MenuPage } from '../features/menu/index.ts';
import { NotFoundPage, ServerErrorPage } from '../features/pages/index.ts';
import { es } from '../strings/es.ts';
import { lazySection } from './lazy-section.tsx';
import { useCourse, useCourseController } from '../course/course-context.tsx';
import type { CourseController } from '../course/course-controller.ts';
import { pagePath, routeSegment } from '../domain/progress/navigation.ts';
import { ACTIVITY_TYPES, TOPIC_SCREEN_TYPES } from '../domain/registry/index.ts';

const TopicPage = lazySection<{ assetBase: string }>(() =>
  import('./sections/templates.tsx').then((m) => ({ default: m.TopicPage })),
);
const QuizPage = lazySection<Record<string, never>>(() =>
  import('./sections/games.tsx').then((m) => ({ default: m.QuizPage })),
);

export const ASSET_BASE = `${import.meta.env.BASE_URL}img/`;

/**
 * Where '/' leads: the bookmark when its module is open, the menu, else the introduction.
 * A quiz is the bookmark only once it is done (completing it records it); reopening it would
 * start a finished quiz again at question 1, so the learner lands on the menu instead — also when
 * they closed the course right after tapping «Ir al menú», before the menu's own bookmark was
 * saved.
 */
export function resumePath(controller: CourseController): string {
  const { bookmark } = controller.getState();
  if (bookmark === 'menu') return '/menu';
  const page = bookmark ? controller.pages.get(bookmark) : undefined;
  if (page && controller.canView(page.id)) {
    const quiz = page.index === controller.outline.modules[page.moduleIndex]?.topicCount;
    return quiz ? '/menu' : pagePath(page);
  }
  return '/introduccion';
}

function ResumeRedirect() {
  const { ready } = useCourse();
  const controller = useCourseController();
  if (!ready) return <p className="loading">{es.loading}</p>;
  return <Navigate to={resumePath(controller)} replace />;
}

export interface RouteOptions {
  onCertificate: () => void;
  /** Server mode: the footer's 'Cerrar sesión'. */
  onLogout?: () => void;
  /** Server mode: the notice while progress waits for the signal (decision record 0141). */
  offlineNotice?: string;
  /** Wraps the course shell (the token guard in server mode). */
  guard?: (node: ReactNode) => ReactNode;
  /** Extra top-level routes (auth section in server mode). */
  extra?: RouteObject[];
  /** Element for '/' (server mode: sign-in when signed out). */
  home?: ReactNode;
}

export function buildRoutes({
  onCertificate,
  onLogout,
  offlineNotice,
  guard = (n) => n,
  extra = [],
  home,
}: RouteOptions): RouteObject[] {
  // One route per screen type and quiz type, from the registries.
  const topicRoutes: RouteObject[] = TOPIC_SCREEN_TYPES.map((type) => ({
    path: `${routeSegment(type)}/:id`,
    element: <TopicPage assetBase={ASSET_BASE} />,
  }));
  const quizRoutes: RouteObject[] = ACTIVITY_TYPES.map((type) => ({
    path: `${routeSegment(type)}/:id`,
    element: <QuizPage />,
  }));
  return [
    ...extra,
    {
      path: '/',
      element: guard(
        <Layout
          onCertificate={onCertificate}
          onLogout={onLogout}
          assetBase={ASSET_BASE}
          offlineNotice={offlineNotice}
        />,
      ),
      children: [
        { index: true, element: home ?? <ResumeRedirect /> },
        { path: 'introduccion', element: <IntroPage assetBase={ASSET_BASE} /> },
        { path: 'menu', element: <MenuPage assetBase={ASSET_BASE} /> },
        ...topicRoutes,
        ...quizRoutes,
        { path: 'error-500', element: <ServerErrorPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
