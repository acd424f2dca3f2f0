// What both entries (main-lms.tsx, main-web.tsx; decision 0207) share: the app rendered into
// #root over the static first screen, with its stylesheet.
import { StrictMode, startTransition } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App, type AppProps } from './app.tsx';
import { keepFocusAcrossTakeover } from './keep-focus.ts';
import './app.css';

/**
 * How the app replaces the static first screen:
 * - 'sliced' (LMS build): as a React transition, built in slices that yield between them, so a
 *   tap on the static introduction's «Siguiente» is handled while the app is still being built
 *   (decision 0098);
 * - 'at-once' (web build): one synchronous render and commit, so what the learner typed in the
 *   static form is read and the form replaced in the same task — no key press can land in a
 *   static input between the two and be lost (decision 0249).
 */
export type Takeover = 'sliced' | 'at-once';

/** Renders the app into #root; call once. */
export function renderApp(props: AppProps, takeover: Takeover = 'sliced'): void {
  const root = document.getElementById('root');
  if (!root) return;
  // Focus on a control of the static first screen goes to the app's same control (decision 0229).
  keepFocusAcrossTakeover(root);
  const app = (
    <StrictMode>
      <App {...props} />
    </StrictMode>
  );
  const reactRoot = createRoot(root);
  if (takeover === 'at-once') flushSync(() => reactRoot.render(app));
  else startTransition(() => reactRoot.render(app));
}
