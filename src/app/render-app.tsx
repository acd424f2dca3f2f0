// What both entries (main-lms.tsx, main-web.tsx; decision 0207) share: the app rendered as a
// transition into #root, with its stylesheet.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, type AppProps } from './app.tsx';
import './app.css';

/** Renders the app into #root; call once. */
export function renderApp(props: AppProps): void {
  const root = document.getElementById('root');
  if (!root) return;
  // As a transition, React renders the app in slices and yields between them, so a tap on the
  // static first screen's «Siguiente» is handled while the app is still being built.
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App {...props} />
      </StrictMode>,
    ),
  );
}
