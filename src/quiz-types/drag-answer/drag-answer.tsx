// Drag-answer question: drag the right option into the drop zone with a mouse or a finger, or
// with the keyboard: pick an option (Enter/Space), then drop it on the zone (Enter/Space).
// Every step is announced to screen readers through a live region.
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { Question } from '../../domain/content/types.ts';
import { es } from '../../strings/es.ts';

export interface AnswerProps {
  question: Question;
  questionId: string;
  onAnswer: (optionIndex: number) => void;
  /** True while a feedback modal is open: input is paused. */
  busy: boolean;
}

const DRAG_THRESHOLD_PX = 6;

export function DragAnswer({ question, questionId, onAnswer, busy }: AnswerProps) {
  const [picked, setPicked] = useState<number | null>(null);
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
      onAnswer(s.index);
    }
  };
  const onPointerCancel = () => {
    start.current = null;
    setDrag(null);
  };

  const pickedOption = picked !== null ? question.options[picked] : undefined;
  return (
    <div className="drag-answer">
      <p className="quiz-help" id={`${questionId}-help`}>
        {es.quiz.dragHelp}
      </p>
      <button
        ref={zoneRef}
        type="button"
        className={`drop-zone${drag?.over ? ' is-over' : ''}${pickedOption ? ' has-answer' : ''}`}
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
              className={`drag-option${picked === i ? ' is-picked' : ''}${drag?.index === i ? ' is-dragging' : ''}`}
              aria-pressed={picked === i}
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
          </li>
        ))}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {announce}
      </p>
    </div>
  );
}
