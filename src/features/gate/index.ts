export { default } from './gate-page.tsx';
