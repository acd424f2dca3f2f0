// Quiz screens (/arrastra-la-pregunta/:id, /seleccionar-pregunta/:id): one question at a time.
// A wrong answer marks the chosen option and opens the bad-answer modal with the question's hint,
// and the learner tries again; a right one opens good-answer (with the explanation) and moves
// on. After the last question the activity is recorded (forced) and the result panel shows on
// this route (docs/decisions/0095-quiz-feedback-and-results.md). The first answer to each
// question is recorded.
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation } from '../../ui/router.tsx';
import { useCourseController } from '../../course/course-context.tsx';
import { isActivity, type Activity } from '../../domain/content/types.ts';
import { pagePath } from '../../domain/progress/navigation.ts';
import { answerShapeOf, isRightResponse, type Response } from '../../domain/registry/index.ts';
import { es } from '../../strings/es.ts';
import { modals } from '../modals/index.ts';
import { LoadError, backToQuestionState, readBackToQuestion, usePage } from '../topic/index.ts';
import { answerComponents } from './answer-components.ts';
import {
  feedbackHtml,
  firstAttemptResult,
  hintHtml,
  missedQuestions,
  optionTexts,
  plainText,
  questionId,
  type FirstAttemptResult,
} from './quiz-logic.ts';
import { QuizResult } from './quiz-result.tsx';

import { Listen } from '../listen/index.ts';
import './quiz.css';

export default function QuizPage() {
  const { ref, load } = usePage();
  if (!ref) return <Navigate to="/404" replace />;
  if (load.status === 'loading') return <p className="loading">{es.loadingPage}</p>;
  if (load.status === 'error') return <LoadError retry={load.retry} />;
  const activity = load.module.activity;
  if (!isActivity(activity) || activity.id !== ref.id) return <Navigate to="/404" replace />;
  return <Quiz key={activity.id} activity={activity} />;
}

function Quiz({ activity }: { activity: Activity }) {
  const controller = useCourseController();
  const location = useLocation();
  // Back from a question's «repaso» screen: the same question, its hint still shown (0227).
  const [back] = useState(() => readBackToQuestion(location.state, activity.questions.length));
  const [index, setIndex] = useState(back?.question ?? 0);
  const [busy, setBusy] = useState(false);
  const [wrong, setWrong] = useState<ReadonlySet<number>>(new Set());
  // After a wrong answer the hint stays under the question until it is answered right (0227).
  const [hintShown, setHintShown] = useState(back?.hint ?? false);
  const [result, setResult] = useState<FirstAttemptResult | null>(null);
  const [finishedBefore] = useState(() => {
    const m = controller.pages.get(activity.id)?.moduleIndex ?? -1;
    return controller.moduleState(m) === 'viewed';
  });
  // Whether the next module was already open when the quiz began (a quiz taken again): then the
  // result panel offers the way on but does not announce an unlocking that happened before.
  const moduleIndex = controller.pages.get(activity.id)?.moduleIndex ?? -1;
  const [nextOpenBefore] = useState(() => controller.canOpen(moduleIndex + 1));
  const shownAt = useRef(Date.now());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const articleRef = useRef<HTMLElement>(null);
  const question = activity.questions[index];
  const total = activity.questions.length;

  const firstIndex = useRef(index);
  useEffect(() => {
    shownAt.current = Date.now();
    setWrong(new Set());
    if (index !== firstIndex.current) setHintShown(false);
  }, [index]);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const moduleId = controller.outline.modules[moduleIndex]?.id ?? '';
  const nextModule = controller.outline.modules[moduleIndex + 1];
  if (result) {
    const firstPage = nextModule?.pages[0];
    const unlocked =
      nextModule && firstPage && controller.canOpen(moduleIndex + 1)
        ? {
            number: nextModule.number,
            title: nextModule.title,
            path: pagePath(firstPage),
            justNow: !nextOpenBefore,
          }
        : null;
    return (
      <article className="page quiz-page" data-screen-type={activity.type}>
        <h1 className="page-title" ref={headingRef} tabIndex={-1}>
          {activity.title}
        </h1>
        <QuizResult
          result={result}
          unlocked={unlocked}
          courseDone={!nextModule}
          missed={missedQuestions(controller.firstAnswers(moduleId), activity)}
        />
      </article>
    );
  }
  if (!question) return null;
  const qid = questionId(activity.number, index);

  const finish = () => {
    controller.completeActivity(activity.id);
    // The same first answers the LMS got (interactions of this module).
    setResult(firstAttemptResult(controller.firstAnswers(moduleId), total));
  };

  const onAnswer = (given: number | Response) => {
    // One option, several or an order: the quiz type's answer shape says which is right (0200).
    const response = typeof given === 'number' ? [given] : given;
    if (busy || !response.length || response.some((i) => !question.options[i])) return;
    const shape = answerShapeOf(activity.type);
    const correctResponse = shape.correctResponse(question);
    const correct = isRightResponse(shape, response, correctResponse);
    // Every answer goes to the controller; its first-answer ledger keeps only the first one
    // (decision record 0257).
    controller.recordAnswer({
      activityId: activity.id,
      questionIndex: index,
      description: plainText(question.question),
      response,
      correctResponse,
      // Only where the runtime keeps them (the standalone server); an LMS never gets them.
      ...(controller.getState().capabilities.answerTexts
        ? optionTexts(question, response, correctResponse)
        : {}),
      correct,
      latencyMs: Date.now() - shownAt.current,
      timestamp: new Date(),
    });
    setBusy(true);
    // A single option answered wrong is marked; a wrong set or order has no one option to mark.
    if (!correct && response.length === 1) setWrong((w) => new Set(w).add(response[0]!));
    // The hint stays under the question until it is answered right (decision 0227).
    if (!correct) setHintShown(true);
    const isLastQuestion = index === total - 1;
    modals.openMessage(
      feedbackHtml(correct, question),
      correct ? 'good-answer' : 'bad-answer',
      () => {
        setBusy(false);
        if (!correct) return;
        if (isLastQuestion) finish();
        else {
          setIndex((i) => i + 1);
          // A new question: focus on the heading without a jump to the top; the question's card
          // comes into view only if it had scrolled above the screen (decision 0227).
          headingRef.current?.focus({ preventScroll: true });
          const card = articleRef.current?.querySelector('.quiz-card');
          if (card && card.getBoundingClientRect().top < 0) card.scrollIntoView({ block: 'start' });
        }
      },
    );
  };

  const Answer = answerComponents[activity.type];
  const repasoRef = question.repaso ? controller.pages.get(question.repaso) : undefined;
  const quizPath = pagePath({ id: activity.id, type: activity.type });
  return (
    <article className="page quiz-page" data-screen-type={activity.type} ref={articleRef}>
      <h1 className="page-title" ref={headingRef} tabIndex={-1}>
        {activity.title}
      </h1>
      <Listen key={qid} target={articleRef} />
      {finishedBefore && (
        <p className="notice notice-quiet quiz-kept" data-testid="quiz-kept">
          {es.quiz.firstResultKept}
        </p>
      )}
      <div className="card quiz-card">
        <p className="quiz-counter">{es.quiz.question(index + 1, total)}</p>
        <div className="quiz-progress" aria-hidden="true">
          {activity.questions.map((_, i) => (
            <span key={i} className={i < index ? 'done' : i === index ? 'current' : ''} />
          ))}
        </div>
        <div
          className="quiz-question"
          id={`${qid}-text`}
          dangerouslySetInnerHTML={{ __html: question.question }}
        />
        <Answer
          question={question}
          questionId={qid}
          onAnswer={onAnswer}
          busy={busy}
          wrong={wrong}
        />
        {hintShown && (
          <div className="quiz-feedback-hint" data-testid="pista">
            <div dangerouslySetInnerHTML={{ __html: hintHtml(question) }} />
            {repasoRef && (
              <p className="quiz-feedback-repaso">
                <Link
                  to={pagePath(repasoRef)}
                  state={backToQuestionState(quizPath, index)}
                  className="quiz-repaso-link"
                >
                  {es.quiz.reviewScreen}{' '}
                  <span dangerouslySetInnerHTML={{ __html: `«${repasoRef.title}»` }} />
                </Link>
              </p>
            )}
          </div>
        )}
      </div>
    </article>
  );
}
