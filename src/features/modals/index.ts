export { modals, type MessageType } from './modal-service.ts';
export { MessageModalHost } from './message-modal.tsx';
export { CongratulationsModal } from './congratulations-modal.tsx';
