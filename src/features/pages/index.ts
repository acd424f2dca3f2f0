export { NotFoundPage, ServerErrorPage } from './error-pages.tsx';
