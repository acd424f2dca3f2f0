import { useId } from 'react';
import type { Remember } from '../domain/content/types.ts';
import { HtmlBlock } from './html-block.tsx';
import './screen-common.css';
import './remember-boxes.css';
import { es } from '../strings/es.ts';

/** The topic's key rules as 'Recuerda' boxes, rendered at the end of every topic screen. */
export function RememberBoxes({ remember }: { remember: Remember[] }) {
  if (remember.length === 0) return null;
  return (
    <div className="rb-list">
      {remember.map((box, i) => (
        <RememberBox
          key={i}
          box={box}
          position={remember.length > 1 ? es.screens.position(i + 1, remember.length) : null}
        />
      ))}
    </div>
  );
}

const normalise = (s: string) =>
  s
    .trim()
    .toLocaleLowerCase('es')
    .replace(/[:.!¡]/g, '');

function RememberBox({ box, position }: { box: Remember; position: string | null }) {
  const id = useId();
  // A title that only repeats 'Recuerda' is not shown twice.
  const showTitle = normalise(box.title) !== normalise(es.screens.remember);
  // Named by heading (+ title, + position) so several boxes on a page are distinct landmarks.
  return (
    <aside
      className={showTitle ? 'rb-box' : 'rb-box rb-box--plain'}
      aria-labelledby={showTitle ? `${id}-h ${id}-t` : `${id}-h`}
    >
      <h2 className="rb-heading" id={`${id}-h`}>
        <svg
          className="rb-icon"
          viewBox="0 0 24 24"
          width="24"
          height="24"
          aria-hidden="true"
          focusable="false"
        >
          <path
            d="M12 2 1 21h22L12 2Z"
            fill="var(--c-accent)"
            stroke="var(--c-ink)"
            strokeWidth="1.5"
            strokeLinejoin="round"
          />
          <path d="M12 9v5.5" stroke="var(--c-ink)" strokeWidth="2.2" strokeLinecap="round" />
          <circle cx="12" cy="17.6" r="1.3" fill="var(--c-ink)" />
        </svg>
        {es.screens.remember}
        {position && <span className="scr-sr-only"> ({position})</span>}
      </h2>
      {showTitle && (
        <p className="rb-title" id={`${id}-t`}>
          {box.title}
        </p>
      )}
      <HtmlBlock className="rb-text" html={box.text} />
    </aside>
  );
}
