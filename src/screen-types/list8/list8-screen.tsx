import { HtmlBlock } from '../../screen-kit/html-block.tsx';
import { RememberBoxes } from '../../screen-kit/remember-boxes.tsx';
import type { TopicScreenProps } from '../../screen-kit/screen-props.ts';
import { TopicImage } from '../../screen-kit/topic-image.tsx';
import { TopicIntro } from '../../screen-kit/topic-intro.tsx';
import '../../screen-kit/screen-common.css';
import './list8-screen.css';

/** Comparison: items side by side as columns (stacked on phones), each with its points. */
export function List8Screen({ topic, assetBase }: TopicScreenProps) {
  const items = topic.items ?? [];
  return (
    <div className="scr-screen l8-screen">
      <TopicIntro topic={topic} assetBase={assetBase} />
      <ul className={`l8-columns l8-columns--${Math.min(items.length, 3)}`}>
        {items.map((item, i) => (
          <li key={i} className="l8-column">
            <div className="l8-head">
              {item.label && <p className="l8-label">{item.label}</p>}
              <h2 className="l8-title">{item.title}</h2>
            </div>
            <div className="l8-body">
              {item.img && (
                <TopicImage
                  className="l8-img"
                  src={item.img}
                  alt={item.alt}
                  assetBase={assetBase}
                />
              )}
              {item.text && <HtmlBlock html={item.text} />}
              {item.points && item.points.length > 0 && (
                <ul className="l8-points">
                  {item.points.map((point, j) => (
                    <li key={j} className="l8-point" dangerouslySetInnerHTML={{ __html: point }} />
                  ))}
                </ul>
              )}
            </div>
          </li>
        ))}
      </ul>
      <RememberBoxes remember={topic.remember} />
    </div>
  );
}
