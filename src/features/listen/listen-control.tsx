// «Escuchar»: reads the screen's visible text aloud in Spanish with the browser's speech
// synthesis, with pause/resume and stop. Shown only when the browser has a Spanish voice; stops
// when the screen goes away (navigation, next question). Highlights nothing: the browsers'
// boundary events are too unreliable to follow (docs/decisions/0097-listen.md).
// Loaded on demand: it ships in the lazy chunks of the topic and quiz screens (prefetched when
// the browser is idle), never in the first-paint bundle.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { es } from '../../strings/es.ts';
import { visibleLines } from './read-text.ts';
import { speechSupported, useSpanishVoice } from './voices.ts';
import './listen.css';

type Status = 'idle' | 'speaking' | 'paused';

export interface ListenControlProps {
  /** The screen whose visible text is read. */
  target: RefObject<HTMLElement | null>;
}

export default function ListenControl({ target }: ListenControlProps) {
  const voice = useSpanishVoice();
  const [status, setStatus] = useState<Status>('idle');
  const run = useRef(0);

  useEffect(() => {
    if (!speechSupported()) return;
    const synth = window.speechSynthesis;
    const stop = () => synth.cancel();
    window.addEventListener('pagehide', stop);
    return () => {
      window.removeEventListener('pagehide', stop);
      // Leaving the screen (navigation, the next question) stops the reading.
      stop();
    };
  }, []);

  if (!voice) return null;
  const synth = window.speechSynthesis;

  const start = () => {
    const root = target.current;
    if (!root) return;
    const lines = visibleLines(root);
    if (!lines.length) return;
    synth.cancel();
    const id = ++run.current;
    lines.forEach((text, i) => {
      const u = new SpeechSynthesisUtterance(text);
      u.voice = voice;
      u.lang = voice.lang;
      u.rate = 0.95;
      if (i === lines.length - 1) {
        const done = () => {
          if (run.current === id) setStatus('idle');
        };
        u.onend = done;
        u.onerror = done;
      }
      synth.speak(u);
    });
    setStatus('speaking');
  };
  const stop = () => {
    run.current++;
    synth.cancel();
    setStatus('idle');
  };

  return (
    <div className="listen" role="group" aria-label={es.listen.group}>
      {status === 'idle' && (
        <button type="button" className="btn listen-btn" onClick={start}>
          {/* An SVG, not the 🔊 emoji: a phone without an emoji font showed an empty box (0229). */}
          <svg
            className="listen-icon"
            viewBox="0 0 24 24"
            width="20"
            height="20"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
            <path
              d="M16 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>{' '}
          {es.listen.listen}
        </button>
      )}
      {status === 'speaking' && (
        <button
          type="button"
          className="btn listen-btn"
          onClick={() => {
            synth.pause();
            setStatus('paused');
          }}
        >
          {es.listen.pause}
        </button>
      )}
      {status === 'paused' && (
        <button
          type="button"
          className="btn listen-btn"
          onClick={() => {
            synth.resume();
            setStatus('speaking');
          }}
        >
          {es.listen.resume}
        </button>
      )}
      {status !== 'idle' && (
        <button type="button" className="btn listen-btn" onClick={stop}>
          {es.listen.stop}
        </button>
      )}
    </div>
  );
}
