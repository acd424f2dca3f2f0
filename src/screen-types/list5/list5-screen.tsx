import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { ListItem } from '../../domain/content/types.ts';
import { HtmlBlock } from '../../screen-kit/html-block.tsx';
import { ChevronIcon } from '../../screen-kit/icons.tsx';
import { StableStack } from '../../screen-kit/stable-stack.tsx';
import { RememberBoxes } from '../../screen-kit/remember-boxes.tsx';
import type { TopicScreenProps } from '../../screen-kit/screen-props.ts';
import { TopicImage } from '../../screen-kit/topic-image.tsx';
import { TopicIntro } from '../../screen-kit/topic-intro.tsx';
import '../../screen-kit/screen-common.css';
import './list5-screen.css';
import { es } from '../../strings/es.ts';

/** Horizontal distance (px) a touch must travel to count as a swipe. */
const SWIPE_MIN = 50;

/*
 * Carousel, one item at a time. The slide sits in a polite live region, so changing slide (by
 * the buttons, the dots, the arrow keys or a swipe) reads the new one. The buttons are named
 * 'Diapositiva anterior/siguiente' so they never clash with the page's Anterior/Siguiente.
 * They are aria-disabled (not disabled) at the ends so focus is not lost from under the user.
 * The slide box is as tall as the tallest slide (StableStack), so the arrows and dots never move
 * between slides and repeated taps land on the same arrow (record 0246).
 */
export function List5Screen({ topic, assetBase }: TopicScreenProps) {
  const items = topic.items ?? [];
  const id = useId();
  const [index, setIndex] = useState(0);
  const swipeStart = useRef<{ x: number; y: number; pointerId: number } | null>(null);
  const total = items.length;
  const current = Math.min(index, total - 1);
  const item = items[current];
  const atStart = current === 0;
  const atEnd = current === total - 1;

  const go = (i: number) => setIndex(Math.max(0, Math.min(total - 1, i)));

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.target instanceof HTMLElement && e.target.closest('input, textarea, select')) return;
    if (e.key === 'ArrowLeft') go(current - 1);
    else if (e.key === 'ArrowRight') go(current + 1);
    else return;
    e.preventDefault();
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    // Mouse drags select text; swipes are for touch and pen.
    if (e.pointerType === 'mouse') return;
    swipeStart.current = { x: e.clientX, y: e.clientY, pointerId: e.pointerId };
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || start.pointerId !== e.pointerId) return;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    if (Math.abs(dx) < SWIPE_MIN || Math.abs(dx) < Math.abs(dy)) return;
    go(dx < 0 ? current + 1 : current - 1);
  };

  return (
    <div className="scr-screen l5-screen">
      <TopicIntro topic={topic} assetBase={assetBase} />
      {item && (
        <section
          className="l5-carousel"
          aria-roledescription={es.screens.carousel}
          aria-label={topic.title}
          onKeyDown={onKeyDown}
        >
          <div
            className="l5-viewport"
            aria-live="polite"
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => {
              swipeStart.current = null;
            }}
          >
            <StableStack
              shown={
                <Slide
                  key={current}
                  item={item}
                  n={current + 1}
                  total={total}
                  id={id}
                  assetBase={assetBase}
                />
              }
              alternatives={items.map((it, i) => (
                <Slide key={i} item={it} n={i + 1} total={total} assetBase={assetBase} />
              ))}
            />
          </div>
          <div className="l5-controls">
            <button
              type="button"
              className="scr-btn l5-arrow"
              aria-label={es.screens.previousSlide}
              aria-disabled={atStart}
              onClick={() => go(current - 1)}
            >
              <ChevronIcon direction="left" />
            </button>
            <ul className="l5-dots" aria-label={es.screens.slideDots}>
              {items.map((it, i) => (
                <li key={i}>
                  <button
                    type="button"
                    className="l5-dot"
                    aria-label={es.screens.goToSlide(i + 1)}
                    aria-current={i === current ? 'true' : undefined}
                    onClick={() => go(i)}
                  >
                    <span className="l5-dot-mark" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
            <button
              type="button"
              className="scr-btn l5-arrow"
              aria-label={es.screens.nextSlide}
              aria-disabled={atEnd}
              onClick={() => go(current + 1)}
            >
              <ChevronIcon direction="right" />
            </button>
          </div>
        </section>
      )}
      <RememberBoxes remember={topic.remember} />
    </div>
  );
}

/** One slide; `id` (the shown slide only) names it for the live region. */
function Slide({
  item,
  n,
  total,
  id,
  assetBase,
}: {
  item: ListItem;
  n: number;
  total: number;
  id?: string;
  assetBase: string;
}) {
  return (
    <div
      className={item.img ? 'l5-slide l5-slide--with-img' : 'l5-slide'}
      role={id ? 'group' : undefined}
      aria-roledescription={id ? es.screens.slide : undefined}
      aria-labelledby={id ? `${id}-pos ${id}-title` : undefined}
    >
      <div className="l5-text">
        <p className="l5-pos" id={id && `${id}-pos`}>
          {es.screens.position(n, total)}
        </p>
        <h2 className="l5-title" id={id && `${id}-title`}>
          {item.title}
        </h2>
        <HtmlBlock html={item.text} />
      </div>
      {item.img && (
        <TopicImage className="l5-img" src={item.img} alt={item.alt} assetBase={assetBase} />
      )}
    </div>
  );
}
