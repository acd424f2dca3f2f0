export { modals, type MessageType } from './modal-service.ts';
export { MessageModalHost, OPEN_DELAY_MS, CLOSE_DELAY_MS } from './message-modal.tsx';
export { CongratulationsModal } from './congratulations-modal.tsx';
