import { Link } from '../../ui/router.tsx';
import { es } from '../../strings/es.ts';

/** 'Anterior' / 'Siguiente' at the foot of every course page. */
export function PageNav({
  previous,
  next,
  onNext,
}: {
  previous?: string | null;
  next?: string;
  onNext?: () => void;
}) {
  return (
    <nav className="page-nav" aria-label={es.pageNav}>
      {previous && (
        <Link className="btn" to={previous}>
          <span aria-hidden="true">←</span>
          {es.previous}
        </Link>
      )}
      {next && (
        <Link className="btn btn-primary btn-next" to={next} onClick={onNext}>
          {es.next}
          <span aria-hidden="true">→</span>
        </Link>
      )}
    </nav>
  );
}
