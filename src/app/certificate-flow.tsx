// The certificate flow (SPEC.md §4, DESIGN.md §2), started by the modal service's download event
// from the footer's 'Certificado' or the congratulations modal's DESCARGAR.
import { useEffect } from 'react';
import { modals } from '../features/modals/index.ts';
import type { CourseController } from './state/course-controller.ts';

export function CertificateFlow({ controller }: { controller: CourseController }) {
  useEffect(
    () =>
      modals.onDownload(() => {
        // Wired to the certificate generator by the certificate work (issue 7).
        console.info('[curso-sst] certificado solicitado', controller.getState().learner.name);
        if (controller.getState().congratulations) controller.endCompletionFlow();
      }),
    [controller],
  );
  return null;
}
