// The layout shell : a sticky header with the course or module title, footer with
// 'Certificado', 'Glosario' (decision 0106) and 'Menú' (hidden on /introduccion), the learner's
// progress, the small-screen side menu, and the non-blocking notices.
import { useEffect, useRef } from 'react';
import { Link, Outlet, useLocation } from '../../ui/router.tsx';
import { useCourse, useCourseController } from '../../course/course-context.tsx';
import { es } from '../../strings/es.ts';
import { GlossaryButton } from '../glossary/index.ts';
import { pageIdFromPath } from './page-path.ts';
import { screensSeen } from '../menu/index.ts';
import { ScreensSeen } from './screens-seen.tsx';
import { SideMenu } from './side-menu.tsx';
import { useRouteFocus } from './use-route-focus.ts';
import { TrackingNotice } from './tracking-notice.tsx';
import { useHeaderHeight } from './use-header-height.ts';
import './shell.css';
import { chainWheelAtEnds, watchFrameFit } from '../../ui/frame-reveal.ts';

export interface LayoutProps {
  onCertificate: () => void;
  /** Server mode only: signs out. */
  onLogout?: (() => void) | undefined;
  assetBase: string;
  /** Standalone app: the notice while progress waits for the signal (decision record 0141). */
  offlineNotice?: string | undefined;
}

export function Layout({ onCertificate, onLogout, assetBase, offlineNotice }: LayoutProps) {
  const controller = useCourseController();
  const { score, viewed } = useCourse();
  const location = useLocation();
  const pageId = pageIdFromPath(location.pathname);
  const page = pageId ? controller.pages.get(pageId) : undefined;
  // The header names the module (the page heading names the screen: the title shows once), and
  // follows the route at once, so the menu never shows a quiz's title
  // (docs/decisions/0090-progress-shown-to-the-learner.md).
  const module = page ? controller.outline.modules[page.moduleIndex] : undefined;
  // Every route change starts at the top, focus on the heading (0027).
  useRouteFocus('contenido-principal');
  useEffect(() => watchFrameFit(), []);
  useEffect(() => chainWheelAtEnds(), []);
  const headerRef = useRef<HTMLElement>(null);
  useHeaderHeight(headerRef);
  const onIntro = location.pathname === '/introduccion';
  const rounded = Math.round(score);
  const screens = screensSeen(viewed, controller.shape.topicCounts);
  // The score is 100 / modules per finished module (decision 0015): the header says it as
  // finished modules, beside (and apart from) the screens seen (decision 0226).
  const moduleCount = controller.outline.modules.length;
  const modulesDone = controller.outline.modules.filter(
    (_, i) => controller.moduleState(i) === 'viewed',
  ).length;

  return (
    <div className="shell">
      <a
        className="skip-link"
        href="#contenido-principal"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('contenido-principal')?.focus();
        }}
      >
        {es.skipToContent}
      </a>
      <header ref={headerRef} className="shell-header">
        <div className="shell-header-inner">
          <SideMenu assetBase={assetBase} />
          <div className="shell-title" aria-live="polite">
            {module ? (
              <span className="shell-course">
                <span className="shell-module">{es.headerModule(module.number)}</span>
                {' · '}
                <span dangerouslySetInnerHTML={{ __html: module.title }} />
              </span>
            ) : (
              <span className="shell-course">
                <span className="shell-course-long">{controller.outline.header}</span>
                <span className="shell-course-short">{es.headerShort}</span>
              </span>
            )}
          </div>
          <div className="shell-progress">
            <span className="shell-progress-text" data-testid="modulos-terminados">
              {es.modulesDone(modulesDone, moduleCount)}
            </span>
            <div
              className="shell-progress-bar"
              role="progressbar"
              aria-label={es.modulesDoneLabel}
              aria-valuemin={0}
              aria-valuemax={moduleCount}
              aria-valuenow={modulesDone}
              aria-valuetext={es.modulesDone(modulesDone, moduleCount)}
            >
              <span style={{ width: `${rounded}%` }} />
            </div>
          </div>
          <ScreensSeen seen={screens.seen} total={screens.total} />
        </div>
      </header>
      <TrackingNotice offlineText={offlineNotice} screen={location.pathname} />
      <main id="contenido-principal" tabIndex={-1} className="shell-main">
        <Outlet />
      </main>
      <footer className="shell-footer">
        <div
          className={
            onLogout ? 'shell-footer-inner shell-footer-inner--four' : 'shell-footer-inner'
          }
        >
          <button type="button" className="btn btn-footer" onClick={onCertificate}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d="M6 3h12v13l-3-2-3 2-3-2-3 2z"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinejoin="round"
              />
              <circle cx="12" cy="19" r="2.5" fill="currentColor" />
            </svg>
            {es.certificate}
          </button>
          <GlossaryButton />
          {!onIntro && (
            <Link className="btn btn-footer" to="/menu">
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path
                  d="M4 6h16M4 12h16M4 18h16"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
              {es.menu}
            </Link>
          )}
          {onLogout && (
            <button type="button" className="btn btn-footer" onClick={onLogout}>
              {es.logout}
            </button>
          )}
        </div>
      </footer>
    </div>
  );
}
