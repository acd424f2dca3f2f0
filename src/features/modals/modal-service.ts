// The shared modal service: at most one message modal open at a time (opening while one is
// open does nothing), and the certificate 'download' event (decision 0028).
export type MessageType = 'alert' | 'bad-answer' | 'good-answer';

export interface MessageRequest {
  type: MessageType;
  /** Trusted HTML (course or interface text). */
  html: string;
  onClose?: () => void;
}

type Listener = () => void;

class ModalService {
  private current: MessageRequest | null = null;
  private listeners = new Set<Listener>();
  private downloadListeners = new Set<Listener>();
  private viewListeners = new Set<Listener>();

  subscribe = (l: Listener) => {
    this.listeners.add(l);
    return () => {
      this.listeners.delete(l);
    };
  };
  getMessage = () => this.current;

  /** Opens a message modal; returns false (and does nothing) when one is already open. */
  openMessage(html: string, type: MessageType = 'alert', onClose?: () => void): boolean {
    if (this.current) return false;
    this.current = { type, html, ...(onClose ? { onClose } : {}) };
    this.listeners.forEach((l) => l());
    return true;
  }

  /** Closes the open message modal and emits its close event. */
  closeMessage() {
    const closing = this.current;
    if (!closing) return;
    this.current = null;
    this.listeners.forEach((l) => l());
    closing.onClose?.();
  }

  /** The certificate download event: whoever listens opens the certificate flow. */
  requestDownload() {
    this.downloadListeners.forEach((l) => l());
  }
  onDownload(l: Listener) {
    this.downloadListeners.add(l);
    return () => {
      this.downloadListeners.delete(l);
    };
  }

  /** LMS mode: show the certificate as a screen (decision record 0131). */
  requestView() {
    this.viewListeners.forEach((l) => l());
  }
  onView(l: Listener) {
    this.viewListeners.add(l);
    return () => {
      this.viewListeners.delete(l);
    };
  }
}

export const modals = new ModalService();
