// /introduccion: the welcome screen (the footer's Menú link is hidden here).
import { useEffect } from 'react';
import { Link } from '../../ui/router.tsx';
import { useCourse, useCourseController } from '../../course/course-context.tsx';
import { es } from '../../strings/es.ts';
import { imageSize } from '../../ui/image-size.ts';
import './menu.css';

export function IntroPage({ assetBase }: { assetBase: string }) {
  const controller = useCourseController();
  const { ready } = useCourse();
  const intro = controller.outline.introduction;
  useEffect(() => {
    if (ready) controller.visitPlace('introduccion');
  }, [controller, ready]);
  return (
    <div className="page intro-page">
      <h1 className="page-title">{intro.title}</h1>
      <div className="card intro-card">
        {intro.img && (
          <img
            className="intro-img"
            src={intro.inlineImg ?? assetBase + intro.img}
            alt={intro.alt ?? ''}
            {...imageSize(intro.img)}
          />
        )}
        <div className="intro-text" dangerouslySetInnerHTML={{ __html: intro.text }} />
      </div>
      <nav className="page-nav" aria-label={es.pageNav}>
        <Link className="btn btn-primary btn-next" to="/menu">
          {es.next}
          <span aria-hidden="true">→</span>
        </Link>
      </nav>
    </div>
  );
}
