// The 'templates' section (DESIGN.md §2): topic screens, one lazily loaded chunk.
export { default as TopicPage } from '../../features/topic/topic-page.tsx';
