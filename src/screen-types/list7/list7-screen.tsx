import { HtmlBlock } from '../../screen-kit/html-block.tsx';
import { RememberBoxes } from '../../screen-kit/remember-boxes.tsx';
import type { TopicScreenProps } from '../../screen-kit/screen-props.ts';
import { TopicImage } from '../../screen-kit/topic-image.tsx';
import { TopicIntro } from '../../screen-kit/topic-intro.tsx';
import '../../screen-kit/screen-common.css';
import './list7-screen.css';

/** Vertical timeline: item.label is the time marker (a year, a period, 'Antes de…'). */
export function List7Screen({ topic, assetBase }: TopicScreenProps) {
  const items = topic.items ?? [];
  return (
    <div className="scr-screen l7-screen">
      <TopicIntro topic={topic} assetBase={assetBase} />
      <ol className="l7-timeline">
        {items.map((item, i) => (
          <li key={i} className="l7-event">
            <span className="l7-dot" aria-hidden="true" />
            <div className="l7-card">
              {item.label && <p className="l7-when">{item.label}</p>}
              <h2 className="l7-title">{item.title}</h2>
              <div className={item.img ? 'l7-body l7-body--with-img' : 'l7-body'}>
                <HtmlBlock html={item.text} />
                {item.img && (
                  <TopicImage
                    className="l7-img"
                    src={item.img}
                    alt={item.alt}
                    assetBase={assetBase}
                  />
                )}
              </div>
            </div>
          </li>
        ))}
      </ol>
      <RememberBoxes remember={topic.remember} />
    </div>
  );
}
