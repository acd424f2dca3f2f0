import { useId, useRef, useState } from 'react';
import type { ListItem } from '../../domain/content/types.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { HtmlBlock } from '../../screen-kit/html-block.tsx';
import { ChevronIcon, CloseIcon } from '../../screen-kit/icons.tsx';
import { SeenMark } from '../../screen-kit/seen-mark.tsx';
import { RememberBoxes } from '../../screen-kit/remember-boxes.tsx';
import type { TopicScreenProps } from '../../screen-kit/screen-props.ts';
import { TopicImage } from '../../screen-kit/topic-image.tsx';
import { TopicIntro } from '../../screen-kit/topic-intro.tsx';
import '../../screen-kit/screen-common.css';
import './list1-screen.css';
import { imageSize } from '../../ui/image-size.ts';
import { es } from '../../strings/es.ts';
import { ListenHere } from '../../screen-kit/listen-slot.tsx';

/**
 * Items by title: opened inline (accordion, list1.open 'div') or in a modal ('modal'). An item
 * opened once carries «✓ visto» (record 0246).
 */
export function List1Screen({ topic, assetBase }: TopicScreenProps) {
  const items = topic.list1?.items ?? topic.items ?? [];
  const mode = topic.list1?.open ?? 'div';
  return (
    <div className="scr-screen l1-screen">
      <TopicIntro topic={topic} assetBase={assetBase} />
      {mode === 'modal' ? (
        <ModalList items={items} assetBase={assetBase} />
      ) : (
        <Accordion items={items} assetBase={assetBase} />
      )}
      <RememberBoxes remember={topic.remember} />
    </div>
  );
}

interface ItemsProps {
  items: ListItem[];
  assetBase: string;
}

function ItemBody({ item, assetBase }: { item: ListItem; assetBase: string }) {
  return (
    <div className={item.img ? 'l1-body l1-body--with-img' : 'l1-body'}>
      <HtmlBlock html={item.text} />
      {item.img && (
        <TopicImage className="l1-img" src={item.img} alt={item.alt} assetBase={assetBase} />
      )}
    </div>
  );
}

function Accordion({ items, assetBase }: ItemsProps) {
  const id = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const [seen, setSeen] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (i: number) => {
    setSeen((prev) => (prev.has(i) ? prev : new Set(prev).add(i)));
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });
  };
  return (
    <div className="l1-accordion">
      {items.map((item, i) => {
        const expanded = open.has(i);
        return (
          <div key={i} className={expanded ? 'l1-acc-item l1-acc-item--open' : 'l1-acc-item'}>
            <h2 className="l1-acc-heading">
              <button
                type="button"
                className="l1-acc-button"
                id={`${id}-b${i}`}
                aria-expanded={expanded}
                aria-controls={`${id}-p${i}`}
                onClick={() => toggle(i)}
              >
                <span className="l1-acc-num" aria-hidden="true">
                  {i + 1}
                </span>
                <span className="l1-acc-title">{item.title}</span>
                <SeenMark seen={seen.has(i)} />
                <span className="l1-acc-chevron">
                  <ChevronIcon />
                </span>
              </button>
            </h2>
            <div
              className="l1-acc-panel"
              id={`${id}-p${i}`}
              role="region"
              aria-labelledby={`${id}-b${i}`}
              hidden={!expanded}
            >
              <ItemBody item={item} assetBase={assetBase} />
            </div>
          </div>
        );
      })}
    </div>
  );
}

function ModalList({ items, assetBase }: ItemsProps) {
  const id = useId();
  const [current, setCurrent] = useState<number | null>(null);
  const [seen, setSeen] = useState<ReadonlySet<number>>(() => new Set());
  const innerRef = useRef<HTMLDivElement>(null);
  const item = current === null ? undefined : items[current];
  const close = () => setCurrent(null);
  return (
    <>
      <ul className="l1-cards">
        {items.map((it, i) => (
          <li key={i} className="l1-card">
            <button
              type="button"
              className="l1-card-button"
              aria-haspopup="dialog"
              onClick={() => {
                setCurrent(i);
                setSeen((prev) => (prev.has(i) ? prev : new Set(prev).add(i)));
              }}
            >
              <SeenMark seen={seen.has(i)} className="l1-card-seen" />
              {it.img && (
                <img
                  className="l1-card-img"
                  src={assetBase + it.img}
                  alt=""
                  {...imageSize(it.img)}
                />
              )}
              <span className="l1-card-title">{it.title}</span>
              <span className="l1-card-more" aria-hidden="true">
                {es.screens.open}
                <ChevronIcon direction="right" size={18} />
              </span>
            </button>
          </li>
        ))}
      </ul>
      <Dialog open={item !== undefined} labelledBy={`${id}-title`} className="l1-dialog">
        {item && (
          <div className="l1-dialog-inner" ref={innerRef}>
            <div className="l1-dialog-head">
              <h2 className="l1-dialog-title" id={`${id}-title`} tabIndex={-1} data-autofocus>
                {item.title}
              </h2>
              <button
                type="button"
                className="l1-dialog-close scr-focus"
                aria-label={es.screens.close}
                onClick={close}
              >
                <CloseIcon />
              </button>
            </div>
            {/* The opened item has its own «Escuchar»: the screen's is behind the modal (0172). */}
            <ListenHere key={current} target={innerRef} />
            <div className="l1-dialog-body">
              <ItemBody item={item} assetBase={assetBase} />
            </div>
            <div className="l1-dialog-foot" data-listen-skip>
              <button type="button" className="scr-btn scr-btn--primary" onClick={close}>
                {es.screens.accept}
              </button>
            </div>
          </div>
        )}
      </Dialog>
    </>
  );
}
