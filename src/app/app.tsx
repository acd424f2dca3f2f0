// The composition root's React part: providers, router, and the modals that sit above every
// screen (message modal, congratulations, certificate flow).
import { useMemo, useState, type ReactNode } from 'react';
import { BrowserRouter, HashRouter, Routes } from '../ui/router.tsx';
import { CongratulationsModal, MessageModalHost, modals } from '../features/modals/index.ts';
import { es } from '../strings/es.ts';
import { CourseProvider, useCourse } from '../course/course-context.tsx';
import type { CourseController } from '../course/course-controller.ts';
import { buildRoutes, type RouteOptions } from './routes.tsx';
import { CertificateFlow } from './certificate-flow.tsx';
import { isCourseComplete } from '../domain/progress/engine.ts';
import { canDownloadFiles } from '../features/certificate/download-support.ts';
import {
  AcceptanceOfferProvider,
  AcceptancePanel,
  type AcceptanceOfferValue,
} from '../features/acceptance/index.ts';
import { statementFor } from './acceptance-statement.ts';

export interface AppProps {
  controller: CourseController;
  routeOptions?: Partial<RouteOptions>;
  /** Server mode: certificates are issued by the server. */
  issueOnServer?: (() => Promise<void>) | undefined;
  /**
   * The entry's routing (decision 0207): `hash` for the LMS build (runs from any LMS folder),
   * `history` for the web build (served by our server at /). Default `hash`.
   */
  routing?: 'hash' | 'history';
}

export function App({ controller, routeOptions, issueOnServer, routing = 'hash' }: AppProps) {
  const routes = useMemo(() => {
    const onCertificate = () => {
      if (!isCourseComplete(controller.getState().score))
        modals.openMessage(`<p>${es.certificateLocked}</p>`, 'alert');
      // LMS mode: the certificate on screen, with DESCARGAR there where it can work (0131).
      else if (controller.getState().capabilities.certificateAsScreen) modals.requestView();
      else modals.requestDownload();
    };
    return buildRoutes({ onCertificate, ...routeOptions });
  }, [controller, routeOptions]);
  // Our own small router (decision 0252): a few routes need no routing library on first load.
  const Router = routing === 'history' ? BrowserRouter : HashRouter;
  return (
    <CourseProvider controller={controller}>
      <OfferUntilAnswered controller={controller}>
        <Router>
          <Routes routes={routes} />
        </Router>
        <Overlays controller={controller} issueOnServer={issueOnServer} />
      </OfferUntilAnswered>
    </CourseProvider>
  );
}

/**
 * What the menu and the certificate screen offer until «Acepto» (record 0262): the acceptance
 * once the course is complete, where the runtime keeps one and writes (never in local mode, nor
 * in an LMS's review or browse mode — the controller gives no channel then, record 0160).
 */
function OfferUntilAnswered({
  controller,
  children,
}: {
  controller: CourseController;
  children: ReactNode;
}) {
  const { score, learner, capabilities, readOnly } = useCourse();
  const channel = readOnly ? null : controller.acceptance;
  const complete = isCourseComplete(score);
  const title = controller.outline.title;
  const value = useMemo<AcceptanceOfferValue | null>(
    () =>
      channel && complete
        ? {
            channel,
            statement: statementFor(learner, title),
            inLmsComments: capabilities.acceptanceInLmsComments,
          }
        : null,
    [channel, complete, learner, title, capabilities.acceptanceInLmsComments],
  );
  return <AcceptanceOfferProvider value={value}>{children}</AcceptanceOfferProvider>;
}

function Overlays({ controller, issueOnServer }: Pick<AppProps, 'controller' | 'issueOnServer'>) {
  const { congratulations, capabilities, learner } = useCourse();
  const acceptance = controller.acceptance;
  // LMS mode: the certificate as a screen too, and only that where downloads cannot work (0131).
  const asScreen = capabilities.certificateAsScreen;
  const lmsCertificate = useMemo(
    () => (asScreen ? { onView: () => modals.requestView(), canDownload: canDownloadFiles() } : {}),
    [asScreen],
  );
  // One dialog at a time: the certificate (or its name form) replaces the congratulations while
  // it is open, and they come back when it closes (decision 0229).
  const [certificateOpen, setCertificateOpen] = useState(false);
  return (
    <>
      <MessageModalHost />
      <CongratulationsModal
        open={congratulations && !certificateOpen}
        onDownload={() => {
          modals.requestDownload();
        }}
        onClose={() => controller.endCompletionFlow()}
        {...lmsCertificate}
      >
        {acceptance && congratulations && (
          <AcceptancePanel
            channel={acceptance}
            statement={statementFor(learner, controller.outline.title)}
            inLmsComments={capabilities.acceptanceInLmsComments}
          />
        )}
      </CongratulationsModal>
      <CertificateFlow
        controller={controller}
        onOpenChange={setCertificateOpen}
        {...(issueOnServer ? { issueOnServer } : {})}
      />
    </>
  );
}
