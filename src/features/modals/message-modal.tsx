import { useEffect, useState, useSyncExternalStore } from 'react';
import { Dialog } from '../../ui/dialog.tsx';
import { es } from '../../strings/es.ts';
import { modals } from './modal-service.ts';
import './modals.css';

/**
 * Animation delays of the original product: the modal fades in over 150 ms (modals.css), out over
 * 300 ms.
 */
const CLOSE_DELAY_MS = 300;

const ICON: Record<string, string> = { alert: '!', 'bad-answer': '✕', 'good-answer': '✓' };

export function MessageModalHost() {
  const message = useSyncExternalStore(modals.subscribe, modals.getMessage, modals.getMessage);
  const [closing, setClosing] = useState(false);
  useEffect(() => setClosing(false), [message]);
  if (!message) return null;
  const close = () => {
    if (closing) return;
    setClosing(true);
    window.setTimeout(() => modals.closeMessage(), reducedMotion() ? 0 : CLOSE_DELAY_MS);
  };
  return (
    <Dialog
      open
      labelledBy="message-modal-body"
      className={`message-modal message-modal--${message.type}${closing ? ' is-closing' : ''}`}
    >
      <div className="modal-card" data-type={message.type}>
        <button type="button" className="modal-close" aria-label={es.close} onClick={close}>
          <span aria-hidden="true">×</span>
        </button>
        <div className="modal-icon" aria-hidden="true">
          {ICON[message.type]}
        </div>
        <div
          id="message-modal-body"
          className="modal-body"
          dangerouslySetInnerHTML={{ __html: message.html }}
        />
        <div className="modal-actions">
          <button type="button" className="btn btn-primary" data-autofocus onClick={close}>
            {es.accept}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

function reducedMotion() {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}
