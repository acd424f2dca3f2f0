import type { Topic } from '../domain/content/types.ts';
import { HtmlBlock } from './html-block.tsx';
import { TopicImage } from './topic-image.tsx';
import './screen-common.css';

interface TopicIntroProps {
  topic: Topic;
  assetBase: string;
  /** list6 uses topic.img as the hotspot picture, so its intro shows only the text. */
  withImage?: boolean;
}

/** The optional intro paragraph (topic.text) and illustration (topic.img) above a list. */
export function TopicIntro({ topic, assetBase, withImage = true }: TopicIntroProps) {
  const img = withImage ? topic.img : undefined;
  if (!topic.text && !img) return null;
  return (
    <div className={img ? 'scr-intro scr-intro--with-img' : 'scr-intro'}>
      {topic.text && <HtmlBlock html={topic.text} />}
      {img && <TopicImage src={img} alt={topic.alt} assetBase={assetBase} />}
    </div>
  );
}
