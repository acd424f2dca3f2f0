export { MenuPage } from './menu-page.tsx';
export { IntroPage } from './intro-page.tsx';
