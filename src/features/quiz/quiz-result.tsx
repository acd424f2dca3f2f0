// The result panel shown on the quiz route after the last question (not a modal): the first-try
// score the LMS recorded, what unlocked next, and the way on. For the last module the
// congratulations modal opens over this panel, the only modal on screen
// (docs/decisions/0095-quiz-feedback-and-results.md).
import { useEffect, useRef } from 'react';
import { Link } from '../../ui/router.tsx';
import { es } from '../../strings/es.ts';
import type { FirstAttemptResult, MissedQuestion } from './quiz-logic.ts';

export interface QuizResultProps {
  result: FirstAttemptResult;
  /**
   * The next module, open now (its number, title and first page), if any; `justNow` when this
   * quiz unlocked it (not when the quiz was taken again).
   */
  unlocked: { number: number; title: string; path: string; justNow: boolean } | null;
  /** The last module: the course is complete. */
  courseDone: boolean;
  /** The questions answered wrong at the first attempt, with what they teach (decision 0227). */
  missed?: readonly MissedQuestion[];
}

export function QuizResult({ result, unlocked, courseDone, missed = [] }: QuizResultProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The panel replaces the question the learner was on: focus follows, so screen readers
    // read the result (the congratulations modal, when it opens, takes focus over it).
    headingRef.current?.focus();
  }, []);
  return (
    <section className="card quiz-result" aria-labelledby="quiz-result-title">
      <h2 id="quiz-result-title" className="quiz-result-title" ref={headingRef} tabIndex={-1}>
        {es.quiz.resultTitle}
      </h2>
      <p className="quiz-result-score">
        <strong>{es.quiz.firstTry(result.right, result.total)}</strong>
      </p>
      <p className="quiz-result-note">{es.quiz.firstTryNote}</p>
      {unlocked?.justNow && (
        <p className="quiz-result-unlocked">{es.quiz.unlocked(unlocked.number, unlocked.title)}</p>
      )}
      {courseDone && <p className="quiz-result-unlocked">{es.quiz.courseDone}</p>}
      {missed.length > 0 && (
        <section className="quiz-missed" aria-labelledby="quiz-missed-title">
          <h3 id="quiz-missed-title" className="quiz-missed-title">
            {es.quiz.missedTitle}
          </h3>
          <ol className="quiz-missed-list">
            {missed.map((m) => (
              <li key={m.index} value={m.index + 1}>
                <div
                  className="quiz-missed-question"
                  dangerouslySetInnerHTML={{ __html: m.question }}
                />
                <p className="quiz-missed-right">
                  <strong>{es.quiz.missedRight}</strong>{' '}
                  <span dangerouslySetInnerHTML={{ __html: m.rightAnswer }} />
                </p>
                {m.explanation && (
                  <div
                    className="quiz-missed-explanation"
                    dangerouslySetInnerHTML={{ __html: m.explanation }}
                  />
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
      <nav className="page-nav quiz-result-nav" aria-label={es.quiz.resultTitle}>
        <Link className="btn" to="/menu">
          {es.goToMenu}
        </Link>
        {unlocked && (
          <Link className="btn btn-primary btn-next" to={unlocked.path}>
            {es.quiz.continueModule(unlocked.number)}
            <span aria-hidden="true">→</span>
          </Link>
        )}
      </nav>
    </section>
  );
}
