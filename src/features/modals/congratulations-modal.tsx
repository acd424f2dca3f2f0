import type { ReactNode } from 'react';
import { Dialog } from '../../ui/dialog.tsx';
import { es } from '../../strings/es.ts';
import './modals.css';

export interface CongratulationsModalProps {
  open: boolean;
  onDownload: () => void;
  onClose: () => void;
  /** LMS mode: the certificate can also be shown as a screen (decision record 0131). */
  onView?: () => void;
  /** False where a download cannot reach the learner: only the screen is offered. */
  canDownload?: boolean;
  /** The worker's acceptance (decision 0220), above the certificate's buttons. */
  children?: ReactNode;
}

/** Shown once when the last quiz brings the score to 100; it is the certificate prompt. */
export function CongratulationsModal({
  open,
  onDownload,
  onClose,
  onView,
  canDownload = true,
  children,
}: CongratulationsModalProps) {
  const download = canDownload || !onView;
  return (
    <Dialog open={open} labelledBy="congrats-title" className="congrats-modal">
      <div className="modal-card modal-card--congrats">
        <button type="button" className="modal-close" aria-label={es.close} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
        <svg className="congrats-badge" viewBox="0 0 64 64" aria-hidden="true">
          <circle cx="32" cy="32" r="30" fill="#f2b705" />
          <path
            d="M19 33l9 9 17-19"
            fill="none"
            stroke="#1d2b36"
            strokeWidth="6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <h2 id="congrats-title">{es.congratsTitle}</h2>
        <p>{es.congratsText}</p>
        {children}
        <p>{download ? es.congratsDownload : es.certificateView.viewOnly}</p>
        <div className="modal-actions">
          {download && (
            <button type="button" className="btn btn-primary" data-autofocus onClick={onDownload}>
              {es.download}
            </button>
          )}
          {onView && (
            <button
              type="button"
              className={download ? 'btn' : 'btn btn-primary'}
              data-autofocus={download ? undefined : true}
              onClick={onView}
            >
              {es.certificateView.open}
            </button>
          )}
        </div>
        {onView && download && <p className="congrats-or-view">{es.certificateView.orView}</p>}
      </div>
    </Dialog>
  );
}
