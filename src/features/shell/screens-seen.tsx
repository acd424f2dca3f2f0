// The course-wide indicator of screens seen (topics and quizzes), under the header's title row.
// Separate from the score: it moves on every new screen; the score only with completed modules
// (docs/decisions/0090-progress-shown-to-the-learner.md).
import { es } from '../../strings/es.ts';

export function ScreensSeen({ seen, total }: { seen: number; total: number }) {
  const percent = total ? Math.round((seen * 100) / total) : 0;
  return (
    <div className="shell-screens">
      <div
        className="shell-screens-bar"
        role="progressbar"
        aria-label={es.screensLabel}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={seen}
        aria-valuetext={es.screensSeen(seen, total)}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <span className="shell-screens-text" data-testid="pantallas-vistas">
        {es.screensSeen(seen, total)}
      </span>
    </div>
  );
}
