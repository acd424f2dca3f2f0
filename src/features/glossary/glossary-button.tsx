// «Glosario» button of the shell (decision 0106): on every screen, it opens the siglas
// of the course in a dialog. The dialog and the glossary data are one lazy chunk, loaded on the
// first click; closing puts focus back on this button.
import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import { es } from '../../strings/es.ts';

const GlossaryDialog = lazy(() => import('./glossary-dialog.tsx'));

/** A failed chunk load (e.g. a broken connection in the standalone app) closes the dialog. */
class LoadBoundary extends Component<
  { onError: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function GlossaryButton() {
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-footer"
        aria-haspopup="dialog"
        onClick={() => {
          setFailed(false);
          setOpen(true);
        }}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M5 4h9a3 3 0 0 1 3 3v13H8a3 3 0 0 1-3-3zM5 17a3 3 0 0 1 3-3h9"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
        {es.glossary}
      </button>
      {failed && (
        <p className="glossary-error" role="alert">
          {es.glossaryLoadError}
        </p>
      )}
      {open && (
        <LoadBoundary
          onError={() => {
            setOpen(false);
            setFailed(true);
          }}
        >
          <Suspense fallback={null}>
            <GlossaryDialog onClose={() => setOpen(false)} />
          </Suspense>
        </LoadBoundary>
      )}
    </>
  );
}
