// SCORM 2004 (3rd and 4th Edition): separate completion and success, scaled score, readable
// interactions (so a resumed session can see what earlier sessions recorded).
import type { AnswerKind, Response } from '../../../domain/registry/index.ts';
import type { ModuleStatus } from '../../port.ts';
import { bindApi } from '../lms-api.ts';
import {
  ACCEPTANCE_LOCATION,
  formatScore,
  optionLetter,
  parseCount,
  type ScormDialect,
} from '../dialect.ts';
import { parseScorm2004Duration, scorm2004Duration, scorm2004Timestamp } from '../time-format.ts';

const COMPLETION: Record<ModuleStatus, string> = {
  viewed: 'completed',
  current: 'incomplete',
  'not-viewed': 'not attempted',
};

/** 2004 error codes for a refused element or value (201 argument, 401–408 data model). */
const PERMANENT = new Set(['201', '401', '402', '403', '404', '405', '406', '407', '408']);

/** localized_string_type(SPM 250): descriptions longer than that may be refused. */
const DESCRIPTION_MAX = 250;

/**
 * Each answer kind's response pattern, written once (decision record 0200): option letters,
 * several separated by the 2004 delimiter `[,]`; a matching pairs the one drop target ('1') with
 * each chosen option, `[.]` between them.
 */
const RESPONSE_PATTERN: Record<AnswerKind, (response: Response) => string> = {
  choice: (r) => r.map(optionLetter).join('[,]'),
  matching: (r) => r.map((o) => `1[.]${optionLetter(o)}`).join('[,]'),
  sequencing: (r) => r.map(optionLetter).join('[,]'),
};

export const scorm2004: ScormDialect = {
  version: '2004',
  bind: (raw) =>
    bindApi(raw, {
      initialize: 'Initialize',
      terminate: 'Terminate',
      getValue: 'GetValue',
      setValue: 'SetValue',
      commit: 'Commit',
      getLastError: 'GetLastError',
      getErrorString: 'GetErrorString',
      getDiagnostic: 'GetDiagnostic',
    }),
  // 103 already initialised; 403 "not initialised" is what GetValue says for an empty element.
  wrapperOptions: {
    alreadyInitializedCodes: ['103'],
    quietGetCodes: ['403'],
    probeElement: 'cmi._version',
  },
  suspendDataLimit: 64000,
  suspendDataElement: 'cmi.suspend_data',

  readStart(get) {
    const completion = get('cmi.completion_status');
    const success = get('cmi.success_status');
    const entry = get('cmi.entry');
    const notAttempted = completion === 'not attempted' || completion === 'unknown';
    const interactionCount = parseCount(get('cmi.interactions._count'));
    const interactionIds: string[] = [];
    for (let i = 0; i < interactionCount; i++) interactionIds.push(get(`cmi.interactions.${i}.id`));
    const objectiveIds: string[] = [];
    const completedObjectiveIds: string[] = [];
    const objectiveCount = parseCount(get('cmi.objectives._count'));
    for (let i = 0; i < objectiveCount; i++) {
      const id = get(`cmi.objectives.${i}.id`);
      objectiveIds.push(id);
      if (
        get(`cmi.objectives.${i}.completion_status`) === 'completed' ||
        get(`cmi.objectives.${i}.success_status`) === 'passed'
      )
        completedObjectiveIds.push(id);
    }
    return {
      learnerId: get('cmi.learner_id'),
      learnerName: get('cmi.learner_name'),
      scoreRaw: get('cmi.score.raw'),
      suspendData: get('cmi.suspend_data'),
      bookmark: get('cmi.location'),
      entry,
      completed: completion === 'completed' || success === 'passed',
      notAttempted,
      status: completion,
      mode: get('cmi.mode'),
      statuses: { 'cmi.completion_status': completion, 'cmi.success_status': success },
      interactionCount,
      interactionIds,
      objectiveIds,
      completedObjectiveIds,
      commentCount: parseCount(get('cmi.comments_from_learner._count')),
    };
  },
  // localized_string_type(SPM 4000); location SPM 250 (decision 0220).
  comment: (index, text, at) => {
    const n = `cmi.comments_from_learner.${index}`;
    return [
      { element: `${n}.comment`, value: text.slice(0, 4000) },
      { element: `${n}.location`, value: ACCEPTANCE_LOCATION },
      { element: `${n}.timestamp`, value: scorm2004Timestamp(at) },
    ];
  },
  holdsAcceptance(get) {
    const count = parseCount(get('cmi.comments_from_learner._count'));
    for (let i = 0; i < count; i++)
      if (get(`cmi.comments_from_learner.${i}.location`) === ACCEPTANCE_LOCATION) return true;
    return false;
  },
  incomplete: () => [{ element: 'cmi.completion_status', value: 'incomplete' }],
  // success_status stays 'unknown' until the course is complete: the course has no way to fail.
  completed: () => [
    { element: 'cmi.completion_status', value: 'completed' },
    { element: 'cmi.success_status', value: 'passed' },
  ],
  score: (score) => [
    { element: 'cmi.score.min', value: '0' },
    { element: 'cmi.score.max', value: '100' },
    { element: 'cmi.score.raw', value: formatScore(score) },
    { element: 'cmi.score.scaled', value: String(Math.round(score * 100) / 10000) },
    // LMSs show it as the learner's progress bar; the score is the share of modules done.
    { element: 'cmi.progress_measure', value: String(Math.round(score * 100) / 10000) },
  ],
  suspendData: (route) => ({ element: 'cmi.suspend_data', value: route }),
  bookmark: (pageId) => ({ element: 'cmi.location', value: pageId.slice(0, 1000) }),
  exit: (completed) => ({ element: 'cmi.exit', value: completed ? 'normal' : 'suspend' }),
  sessionTime: (ms) => ({ element: 'cmi.session_time', value: scorm2004Duration(ms) }),
  totalTimeElement: 'cmi.total_time',
  parseTotalTime: parseScorm2004Duration,
  objective(index, id, status) {
    const n = `cmi.objectives.${index}`;
    const writes = [
      { element: `${n}.id`, value: id },
      { element: `${n}.completion_status`, value: COMPLETION[status] },
    ];
    // A module is passed when its quiz is done (all answers right); before that, unknown.
    if (status === 'viewed') writes.push({ element: `${n}.success_status`, value: 'passed' });
    return writes;
  },
  interaction(index, it) {
    const n = `cmi.interactions.${index}`;
    const pattern = RESPONSE_PATTERN[it.type];
    const description = it.description.replace(/\s+/g, ' ').trim();
    return [
      { element: `${n}.id`, value: it.id },
      { element: `${n}.type`, value: it.type },
      { element: `${n}.objectives.0.id`, value: it.moduleId },
      { element: `${n}.timestamp`, value: scorm2004Timestamp(it.timestamp) },
      { element: `${n}.correct_responses.0.pattern`, value: pattern(it.correctResponse) },
      { element: `${n}.learner_response`, value: pattern(it.response) },
      { element: `${n}.result`, value: it.correct ? 'correct' : 'incorrect' },
      { element: `${n}.latency`, value: scorm2004Duration(it.latencyMs) },
      ...(description
        ? [{ element: `${n}.description`, value: description.slice(0, DESCRIPTION_MAX) }]
        : []),
    ];
  },
  interactionCountElement: 'cmi.interactions._count',
  interactionId: (index, id) => ({ element: `cmi.interactions.${index}.id`, value: id }),
  isPermanentError: (code) => PERMANENT.has(code),
};
