// The layout shell (SPEC.md §2): header with the course or module title, footer with
// 'Certificado' and 'Menú' (hidden on /introduccion), the learner's progress, the small-screen
// side menu, and the non-blocking notices.
import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useCourse, useCourseController } from '../../course/course-context.tsx';
import { es } from '../../strings/es.ts';
import { pageIdFromPath } from './page-path.ts';
import { SideMenu } from './side-menu.tsx';
import { TrackingNotice } from './tracking-notice.tsx';
import './shell.css';

/** SPEC.md §9: the header title refreshes 100 ms after a title change. */
const HEADER_REFRESH_MS = 100;

export interface LayoutProps {
  onCertificate: () => void;
  /** Server mode only: signs out. */
  onLogout?: (() => void) | undefined;
  assetBase: string;
}

export function Layout({ onCertificate, onLogout, assetBase }: LayoutProps) {
  const controller = useCourseController();
  const { score } = useCourse();
  const location = useLocation();
  const pageId = pageIdFromPath(location.pathname);
  const page = pageId ? controller.pages.get(pageId) : undefined;
  const module = page ? controller.outline.modules[page.moduleIndex] : undefined;
  const wanted = module && page ? { module: module.number, title: page.title } : null;
  const [header, setHeader] = useState(wanted);
  useEffect(() => {
    const t = window.setTimeout(() => setHeader(wanted), HEADER_REFRESH_MS);
    return () => window.clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted?.module, wanted?.title]);
  const onIntro = location.pathname === '/introduccion';
  const rounded = Math.round(score);

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
      <header className="shell-header">
        <div className="shell-header-inner">
          <SideMenu assetBase={assetBase} />
          <div className="shell-title" aria-live="polite">
            {header ? (
              <>
                <span className="shell-module">{es.headerModule(header.module)}</span>
                <span className="shell-topic" dangerouslySetInnerHTML={{ __html: header.title }} />
              </>
            ) : (
              <span className="shell-course">{controller.outline.header}</span>
            )}
          </div>
          <div className="shell-progress">
            <span className="shell-progress-text">{es.progress(rounded)}</span>
            <div
              className="shell-progress-bar"
              role="progressbar"
              aria-label={es.progressLabel}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={rounded}
              aria-valuetext={`${rounded} %`}
            >
              <span style={{ width: `${rounded}%` }} />
            </div>
          </div>
        </div>
      </header>
      <TrackingNotice />
      <main id="contenido-principal" tabIndex={-1} className="shell-main">
        <Outlet />
      </main>
      <footer className="shell-footer">
        <div className="shell-footer-inner">
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
