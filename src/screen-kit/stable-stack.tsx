// Room for the tallest of several contents, so showing another one moves nothing (record 0246).
import type { ReactNode } from 'react';
import './stable-stack.css';

/**
 * Shows `shown` over invisible copies of every `alternatives` entry, all in one grid cell: the
 * box is as tall as the tallest alternative whichever is shown, so what sits below (the
 * carousel's arrows, the next section, «Siguiente») keeps its place. The copies are hidden from
 * sight, hit-testing, focus, screen readers and «Escuchar».
 */
export function StableStack({
  shown,
  alternatives,
  className,
}: {
  shown: ReactNode;
  alternatives: ReactNode[];
  className?: string;
}) {
  return (
    <div className={className ? `scr-stack ${className}` : 'scr-stack'}>
      {alternatives.map((a, i) => (
        <div key={i} className="scr-stack-sizer" aria-hidden="true" inert data-listen-skip>
          {a}
        </div>
      ))}
      <div className="scr-stack-shown">{shown}</div>
    </div>
  );
}
