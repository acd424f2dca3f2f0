// The certificate flow (decisions 0020 and 0028), started by the modal service's download event
// from the footer's 'Certificado' (score 100) or the congratulations modal's DESCARGAR.
//   lms:    PDF made in the browser with the learner's name from the LMS; no server call.
//   local:  the learner types the name to print, then the PDF is made in the browser.
//   server: issued by our server (injected `issueOnServer`).
// The completion flow (and so the LMS session) ends once the certificate is delivered.
import { useEffect, useState } from 'react';
import { company } from 'virtual:company';
import { downloadCertificate, NameForCertificate } from '../features/certificate/index.ts';
import { modals } from '../features/modals/index.ts';
import { Dialog } from '../ui/dialog.tsx';
import type { CourseController } from '../course/course-controller.ts';

export interface CertificateFlowProps {
  controller: CourseController;
  /** Server mode: asks the server for the certificate and opens it. */
  issueOnServer?: () => Promise<void>;
}

const FAILED =
  '<p>No pudimos generar tu certificado. Revisa tu conexión e inténtalo de nuevo con el botón <strong>Certificado</strong>.</p>';

export function CertificateFlow({ controller, issueOnServer }: CertificateFlowProps) {
  const [askName, setAskName] = useState(false);
  const [busy, setBusy] = useState(false);

  const deliver = async (learnerName: string) => {
    setBusy(true);
    try {
      const { outline } = controller;
      const { mode, learner } = controller.getState();
      // An LMS sends its user id, often a username: printed as the document only when the
      // configuration says the LMS uses identity documents (certificado.mostrarDocumentoEnLms).
      const document = mode === 'lms' && company.showDocumentInLms ? learner.id : null;
      await downloadCertificate(
        { learnerName, document, courseTitle: outline.title, hours: outline.hours },
        company,
      );
      setAskName(false);
      done();
    } catch (e) {
      console.error('[curso-sst] no se pudo generar el certificado', e);
      setAskName(false);
      modals.openMessage(FAILED, 'alert');
    } finally {
      setBusy(false);
    }
  };

  const done = () => {
    if (controller.getState().congratulations) controller.endCompletionFlow();
  };

  useEffect(
    () =>
      modals.onDownload(() => {
        const { mode, learner } = controller.getState();
        if (mode === 'server' && issueOnServer) {
          issueOnServer().then(done, (e) => {
            console.error('[curso-sst] certificado no disponible', e);
          });
        } else if (mode === 'lms' && learner.name) {
          void deliver(learner.name);
        } else {
          setAskName(true);
        }
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [controller, issueOnServer],
  );

  return (
    <Dialog open={askName} label="Tu certificado" className="certificate-modal">
      <div className="modal-card" style={{ textAlign: 'left' }}>
        <NameForCertificate
          busy={busy}
          initialName={controller.getState().learner.name ?? ''}
          onCancel={() => setAskName(false)}
          onSubmit={(name) => {
            controller.setLearnerName(name);
            void deliver(name);
          }}
        />
      </div>
    </Dialog>
  );
}
