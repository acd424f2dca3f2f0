import { HtmlBlock } from '../../screen-kit/html-block.tsx';
import { RememberBoxes } from '../../screen-kit/remember-boxes.tsx';
import type { TopicScreenProps } from '../../screen-kit/screen-props.ts';
import { TopicImage } from '../../screen-kit/topic-image.tsx';
import '../../screen-kit/screen-common.css';
import './content-screen.css';

/** Reading screen: text with optional text1/text2 sections and an illustration beside it
 *  (above it on phones). */
export function ContentScreen({ topic, assetBase }: TopicScreenProps) {
  const sections = [topic.text, topic.text1, topic.text2].filter((s): s is string => !!s);
  return (
    <div className="scr-screen ct-screen">
      <div className={topic.img ? 'ct-layout ct-layout--with-img' : 'ct-layout'}>
        {topic.img && (
          <TopicImage className="ct-figure" src={topic.img} alt={topic.alt} assetBase={assetBase} />
        )}
        <div className="ct-sections">
          {sections.map((html, i) => (
            <section key={i} className="ct-section">
              <HtmlBlock html={html} />
            </section>
          ))}
        </div>
      </div>
      <RememberBoxes remember={topic.remember} />
    </div>
  );
}
