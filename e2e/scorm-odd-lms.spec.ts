// An LMS that answers oddly or late (decision record 0265), both SCORM versions in the strict
// harness, each seeded near the end: modules 1–4 done with their answers kept in suspend_data
// (record 0190), no bookmark (an empty value: what a learner's record holds before it has one).
// The learner finishes the last module; the LMS must end completed with 100 and one
// interaction per question of the course.
// - GetLastError always non-zero (101), even after calls that worked: each call is judged by
//   what it returns.
// - The API put on the LMS window 3 s after the page loaded: the course keeps looking, and the
//   late API gets the whole session (the stored record read, everything written).
import { expect, test } from '@playwright/test';
import {
  collectErrors,
  launchLms,
  type LmsOptions,
  type LmsVersion,
} from './support/lms-fixture.ts';
import { finishLastModule, leaveIntroduction } from './support/course.ts';
import { course } from './support/content.ts';
import { joinSuspendData, toLedgerAnswer } from '../src/tracking/scorm/answer-ledger.ts';
import { answerKindOf } from '../src/domain/registry/index.ts';
import type { Interaction } from '../src/tracking/port.ts';

const ID = 'E-2651';
const NAME = 'Cárdenas Ruiz, Jhon Fredy';
const last = () => course().modules.length;

/** Every question's interaction id, in course order. */
const allIds = () =>
  course().modules.flatMap((m, mi) => m.activity.questions.map((_, qi) => `m${mi + 1}-q${qi + 1}`));

/** The first answers of modules 1–4 (all right), as an earlier session kept them. */
function earlierAnswers(): Interaction[] {
  return course()
    .modules.slice(0, last() - 1)
    .flatMap((m, mi) =>
      m.activity.questions.map((q, qi) => {
        const right = q.options.findIndex((o) => o.correct === 1);
        return {
          id: `m${mi + 1}-q${qi + 1}`,
          moduleId: m.id,
          description: '',
          type: answerKindOf(m.activity.type),
          response: [right],
          correctResponse: [right],
          correct: true,
          latencyMs: 4_000,
          timestamp: new Date(2026, 10, 20, 10, mi, qi),
        };
      }),
    );
}

/** Modules 1–4 done (topics and quiz), the last one not begun. */
function nearEnd(version: LmsVersion) {
  const route = course()
    .modules.map((m, i) =>
      i < last() - 1 ? Array.from({ length: m.topics.length + 1 }, (_, k) => k).join(',') : '{}',
    )
    .join('-');
  const suspendData = joinSuspendData(route, earlierAnswers().map(toLedgerAnswer));
  const score = String(((last() - 1) * 100) / last());
  return version === '1.2'
    ? {
        core: {
          student_id: ID,
          student_name: NAME,
          entry: 'resume',
          lesson_status: 'incomplete',
          score: { raw: score },
        },
        suspend_data: suspendData,
      }
    : {
        learner_id: ID,
        learner_name: NAME,
        entry: 'resume',
        completion_status: 'incomplete',
        score: { raw: score },
        suspend_data: suspendData,
      };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- CMI JSON
function outcome(version: LmsVersion, cmi: any) {
  const interactions = Object.values(cmi.interactions ?? {}) as { id: string }[];
  return {
    status: version === '1.2' ? cmi.core.lesson_status : cmi.completion_status,
    score: version === '1.2' ? cmi.core.score.raw : cmi.score.raw,
    interactions: interactions.map((i) => i.id).sort(),
  };
}

const MODES: { name: string; options: Pick<LmsOptions, 'faults' | 'apiDelayMs'> }[] = [
  { name: 'GetLastError always 101', options: { faults: { lastErrorAlways: '101' } } },
  { name: 'the API attached 3 s after load', options: { apiDelayMs: 3_000 } },
];

for (const version of ['1.2', '2004'] as const) {
  for (const mode of MODES) {
    test(`SCORM ${version}, ${mode.name}: the last quiz ends the record completed with 100 and every interaction`, async ({
      page,
    }) => {
      const errors = collectErrors(page);
      const lms = await launchLms(page, { version, cmi: nearEnd(version), ...mode.options });
      const frame = lms.course;
      // The stored record was read: the menu shows modules 1–4 done.
      await leaveIntroduction(frame);
      await finishLastModule(frame);
      await expect
        .poll(async () => outcome(version, await lms.cmi()))
        .toEqual({ status: 'completed', score: '100', interactions: [...allIds()].sort() });
      await expect(frame.getByText(/La plataforma no responde/)).toHaveCount(0);
      await expect(frame.getByText('Tu progreso se guarda solo en este navegador.')).toHaveCount(0);
      await lms.expectNoViolations();
      expect(errors).toEqual([]);
    });
  }
}
