// The 'templates' section (decision 0014): topic screens, one lazily loaded chunk.
export { default as TopicPage } from '../../features/topic/topic-page.tsx';
