import { HtmlBlock } from '../../screen-kit/html-block.tsx';
import { RememberBoxes } from '../../screen-kit/remember-boxes.tsx';
import type { TopicScreenProps } from '../../screen-kit/screen-props.ts';
import { TopicImage } from '../../screen-kit/topic-image.tsx';
import { TopicIntro } from '../../screen-kit/topic-intro.tsx';
import '../../screen-kit/screen-common.css';
import './list4-screen.css';
import { es } from '../../strings/es.ts';

/** True when the visible label already says 'Paso n', so the heading need not say it again. */
const repeatsStep = (label: string | undefined, i: number) =>
  label?.trim().toLocaleLowerCase('es') === `${es.screens.step} ${i + 1}`.toLocaleLowerCase('es');

/** Numbered steps of a procedure, in order. item.label is an optional tag (e.g. 'Antes'). */
export function List4Screen({ topic, assetBase }: TopicScreenProps) {
  const items = topic.items ?? [];
  return (
    <div className="scr-screen l4-screen">
      <TopicIntro topic={topic} assetBase={assetBase} />
      <ol className="l4-steps">
        {items.map((item, i) => (
          <li key={i} className="l4-step">
            <span className="l4-num" aria-hidden="true">
              {i + 1}
            </span>
            <div className={item.img ? 'l4-card l4-card--with-img' : 'l4-card'}>
              <div className="l4-text">
                {item.label && <p className="l4-label">{item.label}</p>}
                <h2 className="l4-title">
                  {!repeatsStep(item.label, i) && (
                    <>
                      <span className="scr-sr-only">
                        {es.screens.step} {i + 1}:
                      </span>{' '}
                    </>
                  )}
                  {item.title}
                </h2>
                <HtmlBlock html={item.text} />
              </div>
              {item.img && (
                <TopicImage
                  className="l4-img"
                  src={item.img}
                  alt={item.alt}
                  assetBase={assetBase}
                />
              )}
            </div>
          </li>
        ))}
      </ol>
      <RememberBoxes remember={topic.remember} />
    </div>
  );
}
