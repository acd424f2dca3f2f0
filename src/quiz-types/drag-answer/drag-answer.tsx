// Drag-answer question: drag the right option into the drop zone with a mouse or a finger
// (pointer events: the answer counts when it lands), or with the keyboard: pick an option
// (Enter/Space), then drop it on the zone (Enter/Space). The instructions follow the input in
// use — no keyboard instructions for touch users — and every step is announced to screen
// readers through a live region (docs/decisions/0096-drag-answer-input.md).
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { WrongMark, type AnswerProps } from '../../quiz-kit/answer-contract.tsx';
import { es } from '../../strings/es.ts';

export type InputKind = 'mouse' | 'touch' | 'keyboard';

/** The input a learner most likely uses before they touch anything: coarse pointer = touch. */
export function initialInputKind(): InputKind {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches
    ? 'touch'
    : 'mouse';
}

export function helpFor(kind: InputKind): string {
  if (kind === 'touch') return es.quiz.dragHelpTouch;
  if (kind === 'keyboard') return es.quiz.dragHelpKeyboard;
  return `${es.quiz.dragHelpMouse} ${es.quiz.dragHelpKeyboard}`;
}

const DRAG_THRESHOLD_PX = 6;

export function DragAnswer({ question, questionId, onAnswer, busy, wrong }: AnswerProps) {
  const [picked, setPicked] = useState<number | null>(null);
  const [input, setInput] = useState<InputKind>(initialInputKind);
  const [drag, setDrag] = useState<{ index: number; dx: number; dy: number; over: boolean } | null>(
    null,
  );
  const [announce, setAnnounce] = useState('');
  const zoneRef = useRef<HTMLButtonElement>(null);
  const start = useRef<{
    x: number;
    y: number;
    index: number;
    moved: boolean;
    pointerId: number;
  } | null>(null);
  const suppressClick = useRef(false);

  useEffect(() => {
    setPicked(null);
    setDrag(null);
    setAnnounce('');
  }, [questionId]);

  const pick = (index: number) => {
    if (busy) return;
    const option = question.options[index];
    if (!option) return;
    setPicked(index);
    setAnnounce(es.quiz.picked(option.option));
  };

  const drop = () => {
    if (busy) return;
    if (picked === null) {
      setAnnounce(es.quiz.chooseFirst);
      return;
    }
    onAnswer(picked);
  };

  const overZone = (x: number, y: number) => {
    const r = zoneRef.current?.getBoundingClientRect();
    return !!r && x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLButtonElement>, index: number) => {
    // A new press: a flag left by a touch drag (which no click follows) must not eat this tap.
    suppressClick.current = false;
    setInput(e.pointerType === 'touch' || e.pointerType === 'pen' ? 'touch' : 'mouse');
    if (busy || (e.pointerType === 'mouse' && e.button !== 0)) return;
    start.current = { x: e.clientX, y: e.clientY, index, moved: false, pointerId: e.pointerId };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLButtonElement>) => {
    const s = start.current;
    if (!s || s.pointerId !== e.pointerId) return;
    const dx = e.clientX - s.x;
    const dy = e.clientY - s.y;
    if (!s.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
    s.moved = true;
    setDrag({ index: s.index, dx, dy, over: overZone(e.clientX, e.clientY) });
  };
  const onPointerUp = (e: ReactPointerEvent<HTMLButtonElement>) => {
    const s = start.current;
    start.current = null;
    if (!s || !s.moved) return;
    suppressClick.current = true;
    setDrag(null);
    if (overZone(e.clientX, e.clientY) && !busy) {
      setPicked(s.index);
      setAnnounce(es.quiz.dropped(question.options[s.index]?.option ?? ''));
      onAnswer(s.index);
    }
  };
  const onPointerCancel = () => {
    start.current = null;
    setDrag(null);
  };

  const pickedOption = picked !== null ? question.options[picked] : undefined;
  const pickedWrong = picked !== null && !!wrong?.has(picked);
  return (
    <div
      className="drag-answer"
      onKeyDown={(e) => {
        if (e.key === 'Tab' || e.key === 'Enter' || e.key === ' ') setInput('keyboard');
      }}
    >
      <p className="quiz-help" id={`${questionId}-help`} data-input={input}>
        {helpFor(input)}
      </p>
      <button
        ref={zoneRef}
        type="button"
        className={`drop-zone${drag?.over ? ' is-over' : ''}${pickedOption ? ' has-answer' : ''}${pickedWrong ? ' is-wrong' : ''}`}
        onClick={drop}
        aria-describedby={`${questionId}-help`}
      >
        {pickedOption ? (
          <span className="drop-zone-answer">{pickedOption.option}</span>
        ) : (
          <span className="drop-zone-hint">{es.quiz.dropZone}</span>
        )}
        <span className="visually-hidden">. {es.quiz.dropZoneKeyboard}</span>
      </button>
      <ul className="drag-options" aria-label={es.quiz.options}>
        {question.options.map((o, i) => (
          <li key={i}>
            <button
              type="button"
              className={`drag-option${picked === i ? ' is-picked' : ''}${drag?.index === i ? ' is-dragging' : ''}${wrong?.has(i) ? ' is-wrong' : ''}`}
              aria-pressed={picked === i}
              aria-describedby={wrong?.has(i) ? `${questionId}-o${i}-wrong` : undefined}
              style={
                drag?.index === i
                  ? { transform: `translate(${drag.dx}px, ${drag.dy}px)` }
                  : undefined
              }
              onPointerDown={(e) => onPointerDown(e, i)}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerCancel}
              onClick={() => {
                if (suppressClick.current) {
                  suppressClick.current = false;
                  return;
                }
                pick(i);
              }}
            >
              <span className="drag-grip" aria-hidden="true">
                ⋮⋮
              </span>
              {o.option}
            </button>
            {wrong?.has(i) && <WrongMark id={`${questionId}-o${i}-wrong`} />}
          </li>
        ))}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {announce}
      </p>
    </div>
  );
}
