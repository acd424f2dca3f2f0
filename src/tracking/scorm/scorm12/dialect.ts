// SCORM 1.2: the cmi.core.* data model. Interactions are write-only in 1.2 (ids cannot be read
// back), so the session remembers which questions it recorded.
import type { AnswerKind, Response } from '../../../domain/registry/index.ts';
import type { ModuleStatus } from '../../port.ts';
import { bindApi } from '../lms-api.ts';
import {
  ACCEPTANCE_COMMENT_MARK,
  formatScore,
  optionLetter,
  parseCount,
  type ScormDialect,
} from '../dialect.ts';
import { parseScorm12Timespan, scorm12Time, scorm12Timespan } from '../time-format.ts';

const OBJECTIVE_STATUS: Record<ModuleStatus, string> = {
  viewed: 'completed',
  current: 'incomplete',
  'not-viewed': 'not attempted',
};

/** 1.2 error codes for a refused element or value (201 invalid argument, 401–405). */
const PERMANENT = new Set(['201', '401', '402', '403', '404', '405']);

/**
 * Each answer kind's response pattern, written once (decision record 0200): option letters,
 * several separated by commas. Matching patterns are "source.target" pairs of single characters:
 * the one drop target ('1') paired with each chosen option.
 */
const RESPONSE_PATTERN: Record<AnswerKind, (response: Response) => string> = {
  choice: (r) => r.map(optionLetter).join(','),
  matching: (r) => r.map((o) => `1.${optionLetter(o)}`).join(','),
  sequencing: (r) => r.map(optionLetter).join(','),
};

export const scorm12: ScormDialect = {
  version: '1.2',
  bind: (raw) =>
    bindApi(raw, {
      initialize: 'LMSInitialize',
      terminate: 'LMSFinish',
      getValue: 'LMSGetValue',
      setValue: 'LMSSetValue',
      commit: 'LMSCommit',
      getLastError: 'LMSGetLastError',
      getErrorString: 'LMSGetErrorString',
      getDiagnostic: 'LMSGetDiagnostic',
    }),
  // 101 is 1.2's only code for "already initialised" (a general exception); pipwerks accepts it.
  wrapperOptions: {
    alreadyInitializedCodes: ['101'],
    quietGetCodes: ['401', '404'],
    probeElement: 'cmi.core._children',
  },
  suspendDataLimit: 4096,
  suspendDataElement: 'cmi.suspend_data',

  readStart(get) {
    const status = get('cmi.core.lesson_status');
    const entry = get('cmi.core.entry');
    const notAttempted = status === 'not attempted' || status === 'unknown';
    const objectiveIds: string[] = [];
    const completedObjectiveIds: string[] = [];
    const objectiveCount = parseCount(get('cmi.objectives._count'));
    for (let i = 0; i < objectiveCount; i++) {
      const id = get(`cmi.objectives.${i}.id`);
      objectiveIds.push(id);
      const done = get(`cmi.objectives.${i}.status`);
      if (done === 'completed' || done === 'passed') completedObjectiveIds.push(id);
    }
    return {
      learnerId: get('cmi.core.student_id'),
      learnerName: get('cmi.core.student_name'),
      scoreRaw: get('cmi.core.score.raw'),
      suspendData: get('cmi.suspend_data'),
      bookmark: get('cmi.core.lesson_location'),
      entry,
      completed: status === 'completed' || status === 'passed',
      notAttempted,
      status,
      mode: get('cmi.core.lesson_mode'),
      statuses: { 'cmi.core.lesson_status': status },
      interactionCount: parseCount(get('cmi.interactions._count')),
      interactionIds: null,
      objectiveIds,
      completedObjectiveIds,
    };
  },
  // CMIString4096; many LMSs append what is written to the comments already kept (0220).
  comment: (_index, text) => [{ element: 'cmi.comments', value: text.slice(0, 4096) }],
  // One string: whatever else the LMS appended to it, the acceptance begins with its mark.
  holdsAcceptance: (get) => get('cmi.comments').includes(ACCEPTANCE_COMMENT_MARK),
  incomplete: () => [{ element: 'cmi.core.lesson_status', value: 'incomplete' }],
  completed: () => [{ element: 'cmi.core.lesson_status', value: 'completed' }],
  score: (score) => [
    { element: 'cmi.core.score.min', value: '0' },
    { element: 'cmi.core.score.max', value: '100' },
    { element: 'cmi.core.score.raw', value: formatScore(score) },
  ],
  suspendData: (route) => ({ element: 'cmi.suspend_data', value: route }),
  // CMIString255
  bookmark: (pageId) => ({ element: 'cmi.core.lesson_location', value: pageId.slice(0, 255) }),
  // Suspend while not completed; logout once completed (decision 0006).
  exit: (completed) => ({ element: 'cmi.core.exit', value: completed ? 'logout' : 'suspend' }),
  sessionTime: (ms) => ({ element: 'cmi.core.session_time', value: scorm12Timespan(ms) }),
  totalTimeElement: 'cmi.core.total_time',
  parseTotalTime: parseScorm12Timespan,
  objective: (index, id, status) => [
    { element: `cmi.objectives.${index}.id`, value: id },
    { element: `cmi.objectives.${index}.status`, value: OBJECTIVE_STATUS[status] },
  ],
  interaction(index, it) {
    const n = `cmi.interactions.${index}`;
    const pattern = RESPONSE_PATTERN[it.type];
    return [
      { element: `${n}.id`, value: it.id },
      { element: `${n}.objectives.0.id`, value: it.moduleId },
      { element: `${n}.time`, value: scorm12Time(it.timestamp) },
      { element: `${n}.type`, value: it.type },
      { element: `${n}.correct_responses.0.pattern`, value: pattern(it.correctResponse) },
      { element: `${n}.student_response`, value: pattern(it.response) },
      { element: `${n}.result`, value: it.correct ? 'correct' : 'wrong' },
      { element: `${n}.latency`, value: scorm12Timespan(it.latencyMs) },
    ];
  },
  interactionCountElement: 'cmi.interactions._count',
  interactionId: (index, id) => ({ element: `cmi.interactions.${index}.id`, value: id }),
  isPermanentError: (code) => PERMANENT.has(code),
};
