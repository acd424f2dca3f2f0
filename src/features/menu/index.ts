export { MenuPage } from './menu-page.tsx';
export { IntroPage } from './intro-page.tsx';
export { useOpenModule } from './use-open-module.ts';
