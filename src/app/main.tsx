// Entry point. The LMS connection starts before React renders anything, so Initialize does not
// wait for the app (DESIGN.md §5). The web build runs in `server` mode instead.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { connectLmsOrLocal, createController } from './boot.ts';
import {
  createServerTracking,
  issueOnServer,
  serverRouteOptions,
  userToLearner,
} from './server-mode.tsx';
import { hasToken } from '../tracking/http/index.ts';
import type { CourseController } from './state/course-controller.ts';
import './app.css';

let controller: CourseController;
let routeOptions = {};
let issue: (() => Promise<void>) | undefined;
if (__BUILD_TARGET__ === 'web') {
  controller = createController(
    createServerTracking((user) => controller.setLearner(userToLearner(user))),
  );
  routeOptions = serverRouteOptions(controller);
  issue = () => issueOnServer(controller);
  if (hasToken()) void controller.start();
} else {
  controller = createController(connectLmsOrLocal());
  void controller.start();
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App controller={controller} routeOptions={routeOptions} issueOnServer={issue} />
    </StrictMode>,
  );
}
