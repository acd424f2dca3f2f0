// Public API of the acceptance feature (decisions 0220, 0262).
export { AcceptancePanel, type AcceptancePanelProps } from './acceptance-panel.tsx';
export {
  AcceptanceOffer,
  AcceptanceOfferProvider,
  type AcceptanceOfferValue,
} from './acceptance-offer.tsx';
