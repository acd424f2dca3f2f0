export { GlossaryButton } from './glossary-button.tsx';
