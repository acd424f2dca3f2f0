// /menu: the modules with their state; a locked module opens 'Este módulo no está habilitado.'
import { useEffect } from 'react';
import { useCourse, useCourseController } from '../../course/course-context.tsx';
import { pagePath } from '../../domain/progress/navigation.ts';
import { Link } from '../../ui/router.tsx';
import { es } from '../../strings/es.ts';
import { AcceptanceOffer } from '../acceptance/index.ts';
import { ModuleProgress } from './module-progress.tsx';
import { ModuleTopics } from './module-topics.tsx';
import { moduleFigures } from './progress-figures.ts';
import { useOpenModule } from './use-open-module.ts';
import './menu.css';

export function MenuPage({ assetBase }: { assetBase: string }) {
  const controller = useCourseController();
  const { ready, viewed } = useCourse();
  useEffect(() => {
    if (ready) controller.visitPlace('menu');
  }, [controller, ready]);

  const open = useOpenModule();
  const figures = moduleFigures(viewed, controller.shape.topicCounts);
  // «Reglas que salvan vidas» one tap away once its module is open (decision record 0270).
  const lifeRules = controller.outline.modules
    .flatMap((m) => m.pages)
    .find((p) => p.id === controller.outline.lifeRules);

  return (
    <div className="page menu-page">
      <h1 className="page-title">{es.menuTitle}</h1>
      <p className="menu-intro">{es.menuIntro}</p>
      {lifeRules && controller.canOpen(lifeRules.moduleIndex) && (
        <p className="menu-life-rules">
          <Link to={pagePath(lifeRules)}>{lifeRules.title}</Link>
        </p>
      )}
      {/* Until «Acepto», once the course is complete (record 0262). */}
      <AcceptanceOffer className="menu-acceptance" />
      <ol className="menu-grid">
        {controller.outline.modules.map((m, i) => {
          const state = controller.moduleState(i);
          const locked = !controller.canOpen(i);
          const label = locked ? es.moduleState.locked : es.moduleState[state];
          return (
            <li key={m.id} className={`menu-card menu-card--${locked ? 'locked' : state}`}>
              <button
                type="button"
                className="menu-card-button"
                onClick={() => open(i)}
                aria-describedby={`estado-${m.id} avance-${m.id}`}
              >
                <img src={m.inlineImg ?? assetBase + m.img} alt="" width="96" height="96" />
                <span className="menu-card-text">
                  <span className="menu-card-number">{es.moduleNumber(m.number)}</span>
                  <span className="menu-card-title" dangerouslySetInnerHTML={{ __html: m.name }} />
                </span>
              </button>
              <span id={`estado-${m.id}`} className="menu-card-state">
                {locked && (
                  <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                    <rect x="3" y="7" width="10" height="8" rx="1.5" fill="currentColor" />
                    <path
                      d="M5 7V5a3 3 0 0 1 6 0v2"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.8"
                    />
                  </svg>
                )}
                {state === 'viewed' && <span aria-hidden="true">✓ </span>}
                {label}
              </span>
              {figures[i] && <ModuleProgress figures={figures[i]} id={`avance-${m.id}`} />}
              {!locked && (viewed[i]?.length ?? 0) > 0 && (
                <details className="menu-card-topics">
                  <summary>
                    {es.moduleTopicsSummary(new Set(viewed[i]).size, m.pages.length)}
                  </summary>
                  <ModuleTopics module={m} seen={viewed[i] ?? []} />
                </details>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
