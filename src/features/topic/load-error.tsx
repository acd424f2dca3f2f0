import { es } from '../../strings/es.ts';

export function LoadError({ retry }: { retry: () => void }) {
  return (
    <div className="page">
      <div className="card" role="alert">
        <p>{es.errors.moduleLoad}</p>
        <button type="button" className="btn btn-primary" onClick={retry}>
          {es.errors.retry}
        </button>
      </div>
    </div>
  );
}
