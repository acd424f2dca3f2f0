import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ListItem } from '../../domain/content/types.ts';
import { HtmlBlock } from '../../screen-kit/html-block.tsx';
import { SeenMark } from '../../screen-kit/seen-mark.tsx';
import { StableStack } from '../../screen-kit/stable-stack.tsx';
import { RememberBoxes } from '../../screen-kit/remember-boxes.tsx';
import type { TopicScreenProps } from '../../screen-kit/screen-props.ts';
import { TopicImage } from '../../screen-kit/topic-image.tsx';
import { TopicIntro } from '../../screen-kit/topic-intro.tsx';
import '../../screen-kit/screen-common.css';
import './list2-screen.css';

/**
 * Tabs (WAI-ARIA tabs pattern, selection follows focus): item.label names the tab. A tab already
 * read carries «✓ visto»; the panel is as tall as the longest tab's text, so changing tab moves
 * nothing below it (record 0246).
 */
export function List2Screen({ topic, assetBase }: TopicScreenProps) {
  const items = topic.items ?? [];
  const id = useId();
  const [selected, setSelected] = useState(0);
  const [seen, setSeen] = useState<ReadonlySet<number>>(() => new Set([0]));
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const active = Math.min(selected, items.length - 1);
  const item = items[active];

  const select = (i: number) => {
    setSelected(i);
    setSeen((prev) => (prev.has(i) ? prev : new Set(prev).add(i)));
    tabs.current[i]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: active === last ? 0 : active + 1,
      ArrowDown: active === last ? 0 : active + 1,
      ArrowLeft: active === 0 ? last : active - 1,
      ArrowUp: active === 0 ? last : active - 1,
      Home: 0,
      End: last,
    };
    const target = moves[e.key];
    if (target === undefined) return;
    e.preventDefault();
    select(target);
  };

  return (
    <div className="scr-screen l2-screen">
      <TopicIntro topic={topic} assetBase={assetBase} />
      {item && (
        <div className="l2-tabs">
          <div className="l2-tablist" role="tablist" aria-label={topic.title} onKeyDown={onKeyDown}>
            {items.map((it, i) => (
              <button
                key={i}
                ref={(el) => {
                  tabs.current[i] = el;
                }}
                type="button"
                role="tab"
                className="l2-tab"
                id={`${id}-t${i}`}
                aria-selected={i === active}
                aria-controls={`${id}-p${i}`}
                tabIndex={i === active ? 0 : -1}
                onClick={() => select(i)}
              >
                {it.label ?? it.title}
                <SeenMark seen={seen.has(i)} reserve />
              </button>
            ))}
          </div>
          {/* Only the selected panel is rendered; the others' ids are referenced by hidden tabs. */}
          <div
            className="l2-panel"
            role="tabpanel"
            id={`${id}-p${active}`}
            aria-labelledby={`${id}-t${active}`}
            tabIndex={0}
          >
            <StableStack
              shown={<TabBody item={item} assetBase={assetBase} />}
              alternatives={items.map((it, i) => (
                <TabBody key={i} item={it} assetBase={assetBase} />
              ))}
            />
          </div>
        </div>
      )}
      <RememberBoxes remember={topic.remember} />
    </div>
  );
}

function TabBody({ item, assetBase }: { item: ListItem; assetBase: string }) {
  return (
    <div className={item.img ? 'l2-body l2-body--with-img' : 'l2-body'}>
      <div className="l2-text">
        <h2 className="l2-title">{item.title}</h2>
        <HtmlBlock html={item.text} />
      </div>
      {item.img && (
        <TopicImage className="l2-img" src={item.img} alt={item.alt} assetBase={assetBase} />
      )}
    </div>
  );
}
