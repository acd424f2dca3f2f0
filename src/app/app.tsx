// The composition root's React part: providers, router, and the modals that sit above every
// screen (message modal, congratulations, certificate flow).
import { useMemo } from 'react';
import { createBrowserRouter, createHashRouter, RouterProvider } from 'react-router-dom';
import { CongratulationsModal, MessageModalHost, modals } from '../features/modals/index.ts';
import { es } from '../strings/es.ts';
import { CourseProvider, useCourse } from './state/course-context.tsx';
import type { CourseController } from './state/course-controller.ts';
import { buildRoutes, type RouteOptions } from './routes.tsx';
import { CertificateFlow } from './certificate-flow.tsx';
import { isCourseComplete } from '../domain/progress/engine.ts';

export function App({ controller, routeOptions }: { controller: CourseController; routeOptions?: Partial<RouteOptions> }) {
  const router = useMemo(() => {
    const onCertificate = () => {
      if (!isCourseComplete(controller.getState().score)) modals.openMessage(`<p>${es.certificateLocked}</p>`, 'alert');
      else modals.requestDownload();
    };
    const routes = buildRoutes({ onCertificate, ...routeOptions });
    return __BUILD_TARGET__ === 'web' ? createBrowserRouter(routes) : createHashRouter(routes);
  }, [controller, routeOptions]);
  return (
    <CourseProvider controller={controller}>
      <RouterProvider router={router} />
      <Overlays controller={controller} />
    </CourseProvider>
  );
}

function Overlays({ controller }: { controller: CourseController }) {
  const { congratulations } = useCourse();
  return (
    <>
      <MessageModalHost />
      <CongratulationsModal
        open={congratulations}
        onDownload={() => {
          modals.requestDownload();
        }}
        onClose={() => controller.endCompletionFlow()}
      />
      <CertificateFlow controller={controller} />
    </>
  );
}
