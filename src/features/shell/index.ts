export { Layout, HEADER_REFRESH_MS } from './layout.tsx';
export { pageIdFromPath } from './page-path.ts';
