import { useId, useState } from 'react';
import type { ListItem } from '../../domain/content/types.ts';
import { HtmlBlock } from '../../screen-kit/html-block.tsx';
import { FlipIcon } from '../../screen-kit/icons.tsx';
import { SeenMark } from '../../screen-kit/seen-mark.tsx';
import { RememberBoxes } from '../../screen-kit/remember-boxes.tsx';
import type { TopicScreenProps } from '../../screen-kit/screen-props.ts';
import { TopicIntro } from '../../screen-kit/topic-intro.tsx';
import '../../screen-kit/screen-common.css';
import './list3-screen.css';
import { imageSize } from '../../ui/image-size.ts';
import { es } from '../../strings/es.ts';

/** Flip cards: the front shows the title (and picture), the back the explanation. */
export function List3Screen({ topic, assetBase }: TopicScreenProps) {
  const items = topic.items ?? [];
  return (
    <div className="scr-screen l3-screen">
      <TopicIntro topic={topic} assetBase={assetBase} />
      <ul className="l3-grid">
        {items.map((item, i) => (
          <FlipCard key={i} item={item} number={i + 1} assetBase={assetBase} />
        ))}
      </ul>
      <RememberBoxes remember={topic.remember} />
    </div>
  );
}

/*
 * One button covers the whole card and stays put while the faces turn, so focus never sits on
 * a face that has turned away. The face turned away is inert and aria-hidden: its text is neither
 * read nor focusable until the card shows it. Both faces always take part in the layout, so the
 * card is as tall as its longer face whichever shows: turning it moves nothing (record 0246).
 */
function FlipCard({
  item,
  number,
  assetBase,
}: {
  item: ListItem;
  number: number;
  assetBase: string;
}) {
  const id = useId();
  const [flipped, setFlipped] = useState(false);
  const [seen, setSeen] = useState(false);
  return (
    <li className={flipped ? 'l3-card l3-card--flipped' : 'l3-card'}>
      <button
        type="button"
        className="l3-button"
        aria-expanded={flipped}
        aria-controls={`${id}-back`}
        onClick={() => {
          setFlipped((f) => !f);
          setSeen(true);
        }}
      >
        <span className="scr-sr-only">
          {item.title}. {es.screens.flipCard}
        </span>
        <SeenMark seen={seen} className="l3-seen" />
      </button>
      <div className="l3-inner">
        <div className="l3-face l3-front" aria-hidden={flipped} inert={flipped}>
          <div className="l3-front-main">
            {item.img ? (
              <img
                className="l3-img"
                src={assetBase + item.img}
                alt={item.alt ?? ''}
                {...imageSize(item.img)}
              />
            ) : (
              <span className="l3-badge" aria-hidden="true">
                {number}
              </span>
            )}
            <p className="l3-title" aria-hidden="true">
              {item.title}
            </p>
          </div>
          <span className="l3-hint" aria-hidden="true">
            <FlipIcon />
            {es.screens.flipCard}
          </span>
        </div>
        <div className="l3-face l3-back" id={`${id}-back`} aria-hidden={!flipped} inert={!flipped}>
          <p className="l3-back-title">{item.title}</p>
          <HtmlBlock className="l3-text" html={item.text} />
          <span className="l3-hint" aria-hidden="true">
            <FlipIcon />
            {es.screens.flipBack}
          </span>
        </div>
      </div>
    </li>
  );
}
