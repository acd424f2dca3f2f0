export { Layout } from './layout.tsx';
