import type { Topic } from '../domain/content/types.ts';

/** Props of every topic screen body. assetBase is the URL prefix of images (e.g. 'img/'). */
export interface TopicScreenProps {
  topic: Topic;
  assetBase: string;
}
