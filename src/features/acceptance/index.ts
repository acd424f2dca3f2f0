// Public API of the acceptance feature (decision 0220).
export { AcceptancePanel, type AcceptancePanelProps } from './acceptance-panel.tsx';
