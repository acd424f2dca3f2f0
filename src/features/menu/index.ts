export { MenuPage } from './menu-page.tsx';
export { IntroPage } from './intro-page.tsx';
export { useOpenModule } from './use-open-module.ts';
export { moduleFigures, screensSeen, type ModuleFigures } from './progress-figures.ts';
export { ModuleProgress } from './module-progress.tsx';
export { lockedModuleHtml } from './locked-message.ts';
export { ModuleTopics } from './module-topics.tsx';
