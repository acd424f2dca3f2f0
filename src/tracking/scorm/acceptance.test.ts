// The learner's «Acepto» in an LMS (decision 0220): a comment (2004 comments_from_learner, 1.2
// cmi.comments), committed at once, never an interaction; nothing at all in review mode.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scorm12 } from './scorm12/dialect.ts';
import { scorm2004 } from './scorm2004/dialect.ts';
import { ScormSession } from './scorm-session.ts';
import { COURSE, cmiOf, lms12, lms2004, recordingLogger, type Version } from './test-support.ts';
import { instrument } from './test-lms-wrappers.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date(Date.UTC(2026, 10, 26, 15, 0, 0)));
});
afterEach(() => vi.useRealTimers());

const STATEMENT = 'Yo, Ana, recibí la parte general de la inducción.\n\nAcepto.';

async function open(version: Version, cmi: Record<string, unknown> = {}) {
  const lms = version === '2004' ? lms2004(cmi) : lms12(cmi);
  const spy = instrument(lms);
  const session = new ScormSession(version === '2004' ? scorm2004 : scorm12, spy.api, {
    packageId: 'curso-sst',
    course: COURSE,
    log: recordingLogger().logger,
    storage: null,
  });
  const started = session.start();
  await vi.advanceTimersByTimeAsync(200);
  await started;
  await vi.advanceTimersByTimeAsync(300);
  return { lms, spy, session };
}

describe('acceptance in an LMS', () => {
  it('2004: one learner comment with the text, a location and a timestamp; no interaction', async () => {
    const { lms, spy, session } = await open('2004');
    const statuses: string[] = [];
    session.acceptance.onStatus((s) => statuses.push(s));
    const commits = spy.count('Commit');
    session.acceptance.accept(STATEMENT);
    session.acceptance.accept(STATEMENT);
    expect(spy.count('Commit')).toBe(commits + 1);
    const cmi = cmiOf(lms) as unknown as {
      comments_from_learner: Record<
        string,
        { comment: string; location: string; timestamp: string }
      >;
      interactions: Record<string, unknown>;
    };
    const comments = Object.values(cmi.comments_from_learner);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.comment).toMatch(
      /^Acepto la inducción \(texto mostrado [0-9a-z]+, 2026-11-26T15:00:00\.\d{3}Z\): Yo, Ana, recibí/,
    );
    expect(comments[0]!.location).toBe('aceptacion-induccion');
    expect(comments[0]!.timestamp).toMatch(/^2026-11-26T/);
    expect(Object.keys(cmi.interactions)).toHaveLength(0);
    expect(statuses).toEqual(['recorded']);
    expect(session.acceptance.status()).toBe('recorded');
  });

  it('1.2: cmi.comments', async () => {
    const { lms, session } = await open('1.2');
    session.acceptance.accept(STATEMENT);
    expect((cmiOf(lms) as unknown as { comments: string }).comments).toMatch(
      /^Acepto la inducción \(texto mostrado/,
    );
  });

  it('review mode writes nothing', async () => {
    const { spy, session } = await open('2004', { mode: 'review', completion_status: 'completed' });
    const sets = spy.count('SetValue');
    session.acceptance.accept(STATEMENT);
    expect(spy.count('SetValue')).toBe(sets);
    expect(session.acceptance.status()).toBe('none');
  });

  // Record 0262: the course offers «Confirma tu inducción» until answered, so it must know at the
  // start of a later session whether the LMS already holds the learner's acceptance.
  it('2004: an acceptance comment already in the LMS is known at the start', async () => {
    const { session } = await open('2004', {
      completion_status: 'completed',
      success_status: 'passed',
      score: { raw: '100' },
      comments_from_learner: {
        0: { comment: 'Otro comentario', location: 'modulo2' },
        1: {
          comment: 'Acepto la inducción (texto mostrado abc): …',
          location: 'aceptacion-induccion',
        },
      },
    });
    expect(session.acceptance.status()).toBe('recorded');
  });

  it('2004: other comments only: still none', async () => {
    const { session } = await open('2004', {
      completion_status: 'completed',
      comments_from_learner: { 0: { comment: 'Buen curso', location: 'modulo2' } },
    });
    expect(session.acceptance.status()).toBe('none');
  });

  it('1.2: cmi.comments holding the acceptance is known at the start', async () => {
    const { session } = await open('1.2', {
      core: { lesson_status: 'completed', score: { raw: '100' } },
      comments:
        'Nota del tutor. Acepto la inducción (texto mostrado abc, 2026-11-20T10:00:00Z): Yo…',
    });
    expect(session.acceptance.status()).toBe('recorded');
  });
});
