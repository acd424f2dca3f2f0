// Real Spanish pages with a way back, not the product specification's placeholder texts
// (decision 0021).
import { Link } from '../../ui/router.tsx';
import { es } from '../../strings/es.ts';

function ErrorPage({ title, text }: { title: string; text: string }) {
  return (
    <div className="page">
      <div className="card" style={{ textAlign: 'center' }}>
        <h1 className="page-title">{title}</h1>
        <p>{text}</p>
        <Link className="btn btn-primary" to="/menu">
          {es.goToMenu}
        </Link>
      </div>
    </div>
  );
}

export const NotFoundPage = () => (
  <ErrorPage title={es.errors.notFoundTitle} text={es.errors.notFoundText} />
);
export const ServerErrorPage = () => (
  <ErrorPage title={es.errors.serverTitle} text={es.errors.serverText} />
);
