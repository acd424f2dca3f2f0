import { useId, useState } from 'react';
import { es } from '../../strings/es.ts';
import { HtmlBlock } from '../../screen-kit/html-block.tsx';
import { RememberBoxes } from '../../screen-kit/remember-boxes.tsx';
import { StableStack } from '../../screen-kit/stable-stack.tsx';
import type { TopicScreenProps } from '../../screen-kit/screen-props.ts';
import type { TopicOf } from '../../domain/content/types.ts';
import { TopicIntro } from '../../screen-kit/topic-intro.tsx';
import '../../screen-kit/screen-common.css';
import './list6-screen.css';
import { imageSize } from '../../ui/image-size.ts';

/*
 * Image hotspots: numbered markers beside points (x %, y %) of topic.img — a small dot marks the
 * point and the marker sits next to it, so it never covers what it points at
 * (docs/decisions/0094-hotspots-to-find.md). The learner finds them: titles stay hidden until a
 * point is opened, opened points are marked as seen and listed under the picture to read again,
 * and «Quedan N por encontrar» counts down.
 * The explanation shows in a polite live panel under the picture, so focus does not move; the
 * panel is as tall as the longest explanation, so choosing another point moves nothing below it.
 */
export function List6Screen({ topic, assetBase }: TopicScreenProps) {
  // Its points carry x and y, fields only list6 declares (its definition.ts).
  const items = (topic as TopicOf<'list6'>).items ?? [];
  const id = useId();
  const [selected, setSelected] = useState<number | null>(null);
  const [found, setFound] = useState<ReadonlySet<number>>(() => new Set());
  const item = selected === null ? undefined : items[selected];
  const left = items.length - found.size;
  const choose = (i: number) => {
    setSelected(i);
    setFound((f) => (f.has(i) ? f : new Set(f).add(i)));
  };
  const panelContent = (i: number | null) => {
    const shown = i === null ? undefined : items[i];
    return shown && i !== null ? (
      <>
        <h2 className="l6-panel-title">
          <span className="l6-panel-num" aria-hidden="true">
            {i + 1}
          </span>
          {shown.title}
        </h2>
        <HtmlBlock html={shown.text} />
      </>
    ) : (
      <p className="l6-hint">{es.screens.hotspotHint}</p>
    );
  };
  const name = (i: number) =>
    found.has(i)
      ? `${i + 1}. ${items[i]?.title ?? ''}, ${es.hotspotFound}`
      : es.hotspotHidden(i + 1);

  return (
    <div className="scr-screen l6-screen">
      <TopicIntro topic={topic} assetBase={assetBase} withImage={false} />
      <p className={left ? 'l6-left' : 'l6-left l6-left--done'} role="status">
        {left ? es.hotspotsLeft(left) : es.hotspotsAllFound}
      </p>
      <div className="l6-layout">
        <div className="l6-stage">
          {topic.img && (
            <img
              className="l6-img"
              src={assetBase + topic.img}
              alt={topic.alt ?? ''}
              {...imageSize(topic.img)}
            />
          )}
          <ul className="l6-spots" aria-label={es.screens.hotspotSpots}>
            {items.map((it, i) => (
              <li
                key={i}
                className={`l6-spot-item ${(it.x ?? 50) < 50 ? 'l6-spot-item--right' : 'l6-spot-item--left'}`}
                style={{ left: `${it.x ?? 50}%`, top: `${it.y ?? 50}%` }}
              >
                <span className="l6-dot" aria-hidden="true" />
                <button
                  type="button"
                  className={found.has(i) ? 'l6-spot l6-spot--found' : 'l6-spot'}
                  aria-pressed={selected === i}
                  aria-controls={`${id}-panel`}
                  aria-label={name(i)}
                  onClick={() => choose(i)}
                >
                  <span className="l6-spot-badge" aria-hidden="true">
                    {found.has(i) && selected !== i ? '✓' : i + 1}
                  </span>
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
            {/* As tall as the longest explanation: choosing another point moves nothing (0246). */}
            <StableStack
              shown={panelContent(selected)}
              alternatives={[null, ...items.map((_, i) => i)].map(panelContent)}
            />
          </div>
          {found.size > 0 && (
            // What was found so far, to read again; what is left stays to be found on the picture.
            <ol className="l6-legend" aria-label={es.screens.hotspotList}>
              {items.map((it, i) =>
                found.has(i) ? (
                  <li key={i}>
                    <button
                      type="button"
                      className="l6-legend-button"
                      aria-pressed={selected === i}
                      aria-controls={`${id}-panel`}
                      onClick={() => choose(i)}
                    >
                      <span className="l6-legend-num" aria-hidden="true">
                        {i + 1}
                      </span>
                      <span className="scr-sr-only">{i + 1}. </span>
                      {it.title}
                    </button>
                  </li>
                ) : null,
              )}
            </ol>
          )}
        </div>
      </div>
      <RememberBoxes remember={topic.remember} />
    </div>
  );
}
