import { describe, expect, it } from 'vitest';
import {
  ANSWER_LIMITS,
  readFirstAnswer,
  readSessionRecord,
  SESSION_MAX_SECONDS,
} from './activity-record.ts';

const IDS = new Set(['m1-q1']);
const answer = {
  questionId: 'm1-q1',
  question: '¿Quién reporta un incidente?',
  option: 'Todos',
  correctOption: 'Todos',
  correct: true,
  contentVersion: 'abc123',
  answeredAt: '2026-11-26T10:00:00.000Z',
  latencyMs: 4200,
};

describe('readFirstAnswer', () => {
  it('reads an answer as the app queues it', () => {
    expect(readFirstAnswer(answer, IDS)).toEqual({ ok: true, value: answer });
  });

  it('keeps an old queued answer without latency as null', () => {
    const { latencyMs: _, ...old } = answer;
    const reading = readFirstAnswer(old, IDS);
    expect(reading.ok && reading.value.latencyMs).toBeNull();
  });

  it('names every wrong field, the question id in Spanish', () => {
    const reading = readFirstAnswer(
      {
        ...answer,
        questionId: 'm9-q9',
        option: ' ',
        correct: 'sí',
        answeredAt: 'ayer',
        latencyMs: -1,
        question: 'x'.repeat(ANSWER_LIMITS.question + 1),
      },
      IDS,
    );
    expect(reading).toEqual({
      ok: false,
      problems: [
        'questionId no es una pregunta del curso',
        'question',
        'option',
        'correct',
        'answeredAt',
        'latencyMs',
      ],
    });
  });

  it('refuses control characters in a text but keeps line breaks', () => {
    expect(readFirstAnswer({ ...answer, option: 'a\u0007b' }, IDS).ok).toBe(false);
    expect(readFirstAnswer({ ...answer, question: 'Línea 1\nLínea 2' }, IDS).ok).toBe(true);
  });

  it('refuses what is not an object', () => {
    expect(readFirstAnswer('m1-q1', IDS).ok).toBe(false);
    expect(readFirstAnswer(null, IDS).ok).toBe(false);
  });
});

describe('readSessionRecord', () => {
  const session = { id: 'a1b2c3d4-0000', startedAt: '2026-11-26T10:00:00Z', seconds: 95 };

  it('reads a session', () => {
    expect(readSessionRecord(session)).toEqual({ ok: true, value: session });
  });

  it('refuses a day and more, fractions, short ids and dates without a zone', () => {
    const reading = readSessionRecord({
      id: 'abc',
      startedAt: '2026-11-26T10:00:00',
      seconds: SESSION_MAX_SECONDS + 1,
    });
    expect(reading).toEqual({ ok: false, problems: ['id', 'startedAt', 'seconds'] });
    expect(readSessionRecord({ ...session, seconds: 1.5 }).ok).toBe(false);
    expect(readSessionRecord({ ...session, seconds: SESSION_MAX_SECONDS }).ok).toBe(true);
  });
});
