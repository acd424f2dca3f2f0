import { useId, useState } from 'react';
import { HtmlBlock } from '../../features/screens/html-block.tsx';
import { RememberBoxes } from '../../features/screens/remember-boxes.tsx';
import type { TopicScreenProps } from '../../features/screens/screen-props.ts';
import { TopicIntro } from '../../features/screens/topic-intro.tsx';
import '../../features/screens/screen-common.css';
import './list6-screen.css';
import { es } from '../../strings/es.ts';

/*
 * Image hotspots: numbered buttons placed at (x %, y %) of topic.img. Choosing one (on the
 * picture or in the numbered list under it) shows its title and text in a polite live panel
 * under the picture, so the explanation is read without moving focus.
 */
export function List6Screen({ topic, assetBase }: TopicScreenProps) {
  const items = topic.items ?? [];
  const id = useId();
  const [selected, setSelected] = useState<number | null>(null);
  const item = selected === null ? undefined : items[selected];

  return (
    <div className="scr-screen l6-screen">
      <TopicIntro topic={topic} assetBase={assetBase} withImage={false} />
      <div className="l6-layout">
        <div className="l6-stage">
          {topic.img && (
            <img className="l6-img" src={assetBase + topic.img} alt={topic.alt ?? ''} />
          )}
          <ul className="l6-spots" aria-label={es.screens.hotspotSpots}>
            {items.map((it, i) => (
              <li
                key={i}
                className="l6-spot-item"
                style={{ left: `${it.x ?? 50}%`, top: `${it.y ?? 50}%` }}
              >
                <button
                  type="button"
                  className="l6-spot"
                  aria-pressed={selected === i}
                  aria-controls={`${id}-panel`}
                  onClick={() => setSelected(i)}
                >
                  <span aria-hidden="true">{i + 1}</span>
                  <span className="scr-sr-only">{it.title}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
        <div className="l6-side">
          <div
            className={item ? 'l6-panel l6-panel--open' : 'l6-panel'}
            id={`${id}-panel`}
            aria-live="polite"
          >
            {item && selected !== null ? (
              <>
                <h2 className="l6-panel-title">
                  <span className="l6-panel-num" aria-hidden="true">
                    {selected + 1}
                  </span>
                  {item.title}
                </h2>
                <HtmlBlock html={item.text} />
              </>
            ) : (
              <p className="l6-hint">{es.screens.hotspotHint}</p>
            )}
          </div>
          <ol className="l6-legend" aria-label={es.screens.hotspotList}>
            {items.map((it, i) => (
              <li key={i}>
                <button
                  type="button"
                  className="l6-legend-button"
                  aria-pressed={selected === i}
                  aria-controls={`${id}-panel`}
                  onClick={() => setSelected(i)}
                >
                  <span className="l6-legend-num" aria-hidden="true">
                    {i + 1}
                  </span>
                  {it.title}
                </button>
              </li>
            ))}
          </ol>
        </div>
      </div>
      <RememberBoxes remember={topic.remember} />
    </div>
  );
}
