// Entry point. The LMS connection starts before React renders anything, so Initialize does not
// wait for the app (DESIGN.md §5).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { connectLmsOrLocal, createController } from './boot.ts';
import './app.css';

const controller = createController(connectLmsOrLocal());
void controller.start();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App controller={controller} />
    </StrictMode>,
  );
}
