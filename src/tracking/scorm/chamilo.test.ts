// A Chamilo-like SCORM 1.2 LMS (Chamilo 1.11 `main/lp/`, decision record 0190): after a relaunch
// it rebuilds the earlier interactions blank (`_count` kept, ids and values empty) and its next
// save posts them back blank; it refuses an interaction's objective with 401; it adds up every
// session_time written; it never stores exit (entry always ab-initio). The course keeps each
// first answer in suspend_data and writes the earlier ones again with their own values.
import { describe, expect, it, vi } from 'vitest';
import { scorm12 } from './scorm12/dialect.ts';
import { ScormSession } from './scorm-session.ts';
import { joinSuspendData, splitSuspendData, toLedgerAnswer } from './answer-ledger.ts';
import { decodeRoute } from '../../domain/progress/route-codec.ts';
import {
  COURSE,
  answer,
  recordingLogger,
  routeFor,
  walkModules,
  withCourseClock,
  QUESTION_IDS,
} from './test-support.ts';

withCourseClock();

const FIELDS = [
  'id',
  'time',
  'type',
  'correct_responses.0.pattern',
  'student_response',
  'result',
  'latency',
] as const;

/** Chamilo's 1.2 player in miniature: what it stores between launches. */
class ChamiloLms {
  values = new Map<string, string>();
  interactionCount = 0;
  totalSeconds = 0;
  private lastError = '0';

  /** A relaunch: the stored interactions come back blank; exit was never stored. */
  relaunch(): Record<string, unknown> {
    for (let n = 0; n < this.interactionCount; n++)
      for (const f of FIELDS) this.values.set(`cmi.interactions.${n}.${f}`, '');
    this.values.set('cmi.core.entry', 'ab-initio');
    return this.api();
  }

  api(): Record<string, unknown> {
    const fail = (code: string) => {
      this.lastError = code;
      return 'false';
    };
    return {
      LMSInitialize: () => 'true',
      LMSFinish: () => 'true',
      LMSCommit: () => 'true',
      LMSGetLastError: () => this.lastError,
      LMSGetErrorString: () => '',
      LMSGetDiagnostic: () => '',
      LMSGetValue: (element: string) => {
        this.lastError = '0';
        if (element === 'cmi.interactions._count') return String(this.interactionCount);
        if (element === 'cmi.core.lesson_mode') return 'normal';
        if (element === 'cmi.core.lesson_status')
          return this.values.get(element) || 'not attempted';
        return this.values.get(element) ?? '';
      },
      LMSSetValue: (element: string, value: string) => {
        this.lastError = '0';
        if (/^cmi\.interactions\.\d+\.objectives\./.test(element)) return fail('401');
        if (element === 'cmi.core.exit') return 'true'; // accepted, never stored
        if (element === 'cmi.core.session_time') {
          const [h, m, s] = value.split(':').map(Number);
          this.totalSeconds += h! * 3600 + m! * 60 + s!;
          return 'true';
        }
        const n = /^cmi\.interactions\.(\d+)\./.exec(element);
        if (n) {
          const index = Number(n[1]);
          if (index > this.interactionCount) return fail('201');
          if (index === this.interactionCount) this.interactionCount++;
        }
        this.values.set(element, value);
        return 'true';
      },
    };
  }

  interaction(n: number): Record<string, string> {
    return Object.fromEntries(
      FIELDS.map((f) => [f, this.values.get(`cmi.interactions.${n}.${f}`) ?? '']),
    );
  }
}

async function session(api: Record<string, unknown>) {
  const log = recordingLogger();
  const s = new ScormSession(scorm12, api, {
    packageId: 'curso-sst',
    course: COURSE,
    log: log.logger,
    storage: null,
  });
  const started = s.start();
  await vi.advanceTimersByTimeAsync(200);
  await started;
  return { session: s, log };
}

describe('the answer ledger in suspend_data (decision record 0190)', () => {
  const a = toLedgerAnswer(
    answer('m4-q2', {
      type: 'matching',
      response: [2],
      correctResponse: [3],
      correct: false,
      latencyMs: 61_234,
    }),
  );

  it('keeps the route first: an old record reads as before, a new one by the old decoder', () => {
    const none = { completedAt: null, timeMs: null, extra: [], dropped: [] };
    expect(splitSuspendData(routeFor(2))).toEqual({ route: routeFor(2), answers: [], ...none });
    const stored = joinSuspendData(routeFor(4), [a]);
    expect(stored.startsWith(`${routeFor(4)}-~2;`)).toBe(true);
    expect(splitSuspendData(stored)).toEqual({ route: routeFor(4), answers: [a], ...none });
    // The route decoder of decision 0003 (today's and earlier releases) reads the same progress.
    expect(decodeRoute(stored, COURSE.topicCounts).viewed).toEqual(
      decodeRoute(routeFor(4), COURSE.topicCounts).viewed,
    );
  });

  it('keeps 14 answers far under 4,096 characters; an unreadable entry is dropped alone', () => {
    const all = Array.from({ length: 14 }, (_, i) =>
      toLedgerAnswer(answer(`m${Math.floor(i / 3) + 1}-q${(i % 3) + 1}`, { latencyMs: 999_999 })),
    );
    expect(joinSuspendData(routeFor(5), all).length).toBeLessThan(600);
    const split = splitSuspendData(`${routeFor(1)}-~1;zz;m1_q1,c,1,1,1,bt,ssld8j`);
    expect(split.answers.map((x) => x.id)).toEqual(['m1-q1']);
    expect(split.dropped).toEqual(['zz']);
  });
});

describe('SCORM 1.2 on a Chamilo-like LMS', () => {
  it('after a relaunch that blanks the interactions, all 14 hold their own first answers', async () => {
    const lms = new ChamiloLms();
    lms.values.set('cmi.core.student_id', 'u1');
    const first = await session(lms.api());
    // Modules 1–4 with distinct answers: response, result, latency and time per question.
    walkModules(
      {
        save: (c) => first.session.save(c),
        recordAnswer: (i) => {
          vi.advanceTimersByTime(1000);
          first.session.recordAnswer({
            ...i,
            latencyMs: 1000 + i.id.charCodeAt(1) * 37 + i.id.charCodeAt(4) * 11,
            timestamp: new Date(Date.now()),
          });
        },
      },
      0,
      4,
    );
    await vi.advanceTimersByTimeAsync(11_000);
    first.session.finish();
    const originals = Array.from({ length: 12 }, (_, n) => lms.interaction(n));
    expect(originals.map((i) => i.id)).toEqual(QUESTION_IDS.slice(0, 12)); // modules 1-4
    expect(new Set(originals.map((i) => i.latency)).size).toBeGreaterThan(3);
    expect(first.log.text()).not.toMatch(/refused/);
    // Refused objectives: one warning in the whole session, no error per call.
    expect(
      first.log.text().match(/does not accept cmi\.interactions\.n\.objectives\.n\.id/g),
    ).toHaveLength(1);
    expect(first.log.text()).not.toMatch(/error.*objectives/i);

    const second = await session(lms.relaunch());
    expect(lms.interaction(0).id).toBe(''); // blank until the course's first commit
    walkModules(second.session, 4, 5);
    await vi.advanceTimersByTimeAsync(1000);
    second.session.finish();
    for (let n = 0; n < 12; n++) expect(lms.interaction(n)).toEqual(originals[n]);
    expect(lms.interaction(12)).toMatchObject({
      id: 'm5-q1',
      student_response: 'a',
      result: 'wrong',
    });
    expect(lms.interaction(13)).toMatchObject({
      id: 'm5-q2',
      student_response: 'b',
      result: 'correct',
    });
    expect(lms.interactionCount).toBe(14);
    expect(second.log.text()).toMatch(/writing again the 12 answers of earlier sessions/);
  });
});
