// A lazily loaded section (topic screens, quizzes) that survives a failed download: on a weak
// or lost connection the chunk (or its CSS) may not arrive. React.lazy caches a rejected
// import, so a failure would blank the whole app; here it shows the «Reintentar» card instead
// and a retry asks for the chunk again. See docs/decisions/0014-lazy-chunks.md.
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { LoadError } from '../features/topic/index.ts';
import { es } from '../strings/es.ts';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

class ChunkBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('No se pudo cargar una parte del curso:', error);
  }
  override render() {
    return this.state.failed ? <LoadError retry={this.props.onRetry} /> : this.props.children;
  }
}

/** A component that loads `load()` on first render and shows a retry card if it fails. */
export function lazySection<P extends object>(load: Loader<P>): ComponentType<P> {
  let Lazy = lazy(load);
  const renew = () => {
    Lazy = lazy(load);
  };
  return function LazySection(props: P) {
    // A new attempt remounts the boundary (clearing its failure) around a new lazy component.
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      renew();
      setAttempt((n) => n + 1);
    };
    return (
      <ChunkBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<p className="loading">{es.loadingPage}</p>}>
          <Lazy {...props} />
        </Suspense>
      </ChunkBoundary>
    );
  };
}
