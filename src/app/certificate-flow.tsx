// The certificate flow (decisions 0020, 0028 and 0131), started by the modal service's download
// event from the footer's 'Certificado' (score 100) or the congratulations modal's DESCARGAR, or
// by its view event (VER CERTIFICADO, and the footer's 'Certificado' in LMS mode).
//   lms:    PDF made in the browser with the learner's name from the LMS; no server call. The
//           certificate can also be shown as a screen (lazy chunk), and is shown instead of a
//           download wherever a download cannot reach the learner (the Moodle app, locked-down
//           browsers). The course cannot know whether a download reached the learner, so a
//           download never ends the completion flow: the LMS session ends when the learner
//           closes the congratulations, or leaves the page (pagehide).
//   local:  the learner types the name to print, then the PDF is made in the browser.
//   server: issued by our server (injected `issueOnServer`).
import { useEffect, useState, type ComponentType } from 'react';
import { company } from 'virtual:company';
import type { CertificateInput, CertificateViewProps } from '../features/certificate/index.ts';
import { canDownloadFiles } from '../features/certificate/download-support.ts';
import { modals } from '../features/modals/index.ts';
import { Dialog } from '../ui/dialog.tsx';
import { es } from '../strings/es.ts';
import type { CourseController } from '../course/course-controller.ts';
import type { CertificateData } from '../domain/certificate/types.ts';

export interface CertificateFlowProps {
  controller: CourseController;
  /** Server mode: asks the server for the certificate and opens it. */
  issueOnServer?: () => Promise<void>;
  /**
   * Whether the flow shows a dialog (the name form or the certificate): the congratulations
   * step aside meanwhile, one dialog at a time (decision 0229).
   */
  onOpenChange?: (open: boolean) => void;
}

const FAILED = es.certificateView.failed;

type Delivery = 'download' | 'view';

/**
 * The name form, the certificate's data and the PDF download: a chunk of their own, loaded when
 * the learner asks for the certificate (record 0284). A failed load ends like a failed PDF.
 */
const loadDelivery = () => import('./certificate-delivery.ts');
type DeliveryModule = Awaited<ReturnType<typeof loadDelivery>>;

export function CertificateFlow({ controller, issueOnServer, onOpenChange }: CertificateFlowProps) {
  const [askName, setAskName] = useState<Delivery | null>(null);
  const [parts, setParts] = useState<DeliveryModule | null>(null);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<{
    View: ComponentType<CertificateViewProps>;
    data: CertificateData;
  } | null>(null);
  const dialogOpen = askName !== null || shown !== null;
  useEffect(() => onOpenChange?.(dialogOpen), [dialogOpen, onOpenChange]);

  const input = (learnerName: string): CertificateInput => {
    const { outline } = controller;
    const { capabilities, learner, completedAt } = controller.getState();
    // An LMS sends its user id, often a username: printed as the document only when the
    // configuration says the LMS uses identity documents (certificado.mostrarDocumentoEnLms).
    const document =
      capabilities.learnerIdMayBeDocument && company.showDocumentInLms ? learner.id : null;
    // The date the course keeps in its own record, never the day the certificate is made (0263).
    return { learnerName, document, courseTitle: outline.title, hours: outline.hours, completedAt };
  };

  const deliver = async (learnerName: string) => {
    setBusy(true);
    try {
      // The data, the PDF (its own chunk, imported from here: record 0284) and the download.
      const [parts, pdf] = await Promise.all([
        loadDelivery(),
        import('../domain/certificate/index.ts'),
      ]);
      const data = parts.buildCertificateData(input(learnerName), company);
      parts.downloadPdf(
        await pdf.generateCertificate(data),
        parts.certificateFileName(data.learnerName),
      );
      setAskName(null);
      // Inside an LMS nothing confirms that the file reached the learner (record 0131).
      if (!controller.getState().capabilities.certificateAsScreen) done();
    } catch (e) {
      console.error('[curso-sst] no se pudo generar el certificado', e);
      setAskName(null);
      modals.openMessage(FAILED, 'alert');
    } finally {
      setBusy(false);
    }
  };

  const show = async (learnerName: string) => {
    setBusy(true);
    try {
      const [{ buildCertificateData }, { default: View }] = await Promise.all([
        loadDelivery(),
        import('../features/certificate/certificate-view.tsx'),
      ]);
      const data = buildCertificateData(input(learnerName), company);
      setAskName(null);
      setShown({ View, data });
    } catch (e) {
      console.error('[curso-sst] no se pudo mostrar el certificado', e);
      setAskName(null);
      modals.openMessage(FAILED, 'alert');
    } finally {
      setBusy(false);
    }
  };

  /** The name form, once its code is there. */
  const askFor = (delivery: Delivery) => {
    loadDelivery().then(
      (loaded) => {
        setParts(loaded);
        setAskName(delivery);
      },
      (e: unknown) => {
        console.error('[curso-sst] no se pudo mostrar el certificado', e);
        modals.openMessage(FAILED, 'alert');
      },
    );
  };

  const done = () => {
    if (controller.getState().congratulations) controller.endCompletionFlow();
  };

  useEffect(() => {
    const offDownload = modals.onDownload(() => {
      const { capabilities, learner } = controller.getState();
      const delivery: Delivery =
        capabilities.certificateAsScreen && !canDownloadFiles() ? 'view' : 'download';
      if (capabilities.certificate === 'server' && issueOnServer) {
        issueOnServer().then(done, (e) => {
          console.error('[curso-sst] certificado no disponible', e);
        });
      } else if (capabilities.runtimeNamesLearner && learner.name) {
        void (delivery === 'view' ? show(learner.name) : deliver(learner.name));
      } else {
        askFor(delivery);
      }
    });
    const offView = modals.onView(() => {
      const { learner } = controller.getState();
      if (learner.name) void show(learner.name);
      else askFor('view');
    });
    return () => {
      offDownload();
      offView();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller, issueOnServer]);

  const View = shown?.View;
  const NameForCertificate = parts?.NameForCertificate;
  return (
    <>
      <Dialog
        open={askName !== null && NameForCertificate !== undefined}
        label={es.certificateView.title}
        className="certificate-modal"
      >
        <div className="modal-card" style={{ textAlign: 'left' }}>
          {NameForCertificate && (
            <NameForCertificate
              busy={busy}
              initialName={controller.getState().learner.name ?? ''}
              {...(askName === 'view' ? { submitLabel: es.certificateView.viewSubmit } : {})}
              onCancel={() => setAskName(null)}
              onSubmit={(name) => {
                controller.setLearnerName(name);
                void (askName === 'view' ? show(name) : deliver(name));
              }}
            />
          )}
        </div>
      </Dialog>
      {View && shown && (
        <View
          data={shown.data}
          busy={busy}
          onClose={() => setShown(null)}
          {...(canDownloadFiles()
            ? { onDownload: () => void deliver(shown.data.learnerName) }
            : {})}
        />
      )}
    </>
  );
}
