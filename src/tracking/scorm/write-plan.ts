// What the SCORM session writes, and when (docs/decisions/0256-scorm-session-as-parts.md): one
// pure step from an event (the stored data was read, progress changed, an answer came, the
// session ends) and the state it needs to the list of writes to queue. No wrapper, no timers, no
// session: the session (scorm-session.ts) enqueues the result and commits it.
// `exit` is decided here only, by `exitWrite`: suspend until the course is completed, and
// suspend (never a final value) while the stored data was never read (decision record 0160).
import type { Interaction, ModuleStatus } from '../port.ts';
import { encodeRoute } from '../../domain/progress/route-codec.ts';
import { moduleState, type CourseShape } from '../../domain/progress/engine.ts';
import type { ScormDialect } from './dialect.ts';
import { joinSuspendData, type LedgerAnswer } from './answer-ledger.ts';
import type { SlotId } from './interaction-slots.ts';
import type { Progress } from './reconcile.ts';
import { groupOf, type Write } from './write-queue.ts';

/** What the planner reads of the session; nothing of it is changed here. */
export interface PlanState {
  dialect: ScormDialect;
  course: CourseShape;
  progress: Progress;
  /** A read of the stored data succeeded (decision record 0160). */
  readDone: boolean;
  /** The modules' statuses as the app last gave them. */
  modules: readonly { id: string; status: ModuleStatus }[] | null;
  /** Status values the LMS held at the read: a 'passed' is never replaced. */
  heldStatuses: Readonly<Record<string, string>>;
  /** Objective index by module id, and the next free index. */
  objectiveIndex: ReadonlyMap<string, number>;
  nextObjective: number;
  /** Each question's first answer, kept in suspend_data after the route (decision record 0190). */
  answers: readonly LedgerAnswer[];
  /** When the course was first completed, kept in suspend_data (record 0263). */
  completedAt: Date | null;
  /** Named fields of suspend_data this release does not know: written back as read. */
  extraFields: readonly string[];
  /** The total time the LMS should hold with this session's time so far (record 0268). */
  timeMs: number | null;
  /** A question's fixed place in the course (interaction-slots.ts). */
  positionOf: (id: string) => number;
}

export type PlanEvent =
  /** The stored data was read (reconcile.ts decided what it means). */
  | {
      kind: 'start';
      /** Status 'not attempted'/'unknown' and nothing completed: set 'incomplete' at once. */
      markIncomplete: boolean;
      /** This session's progress or a rebuilt suspend_data is written in full. */
      writeProgress: boolean;
      /** The LMS held no route: the (empty) route is written at once. */
      routeWasEmpty: boolean;
    }
  | { kind: 'progress' }
  /** The time kept in suspend_data is brought up to date (record 0268). */
  | { kind: 'time' }
  /**
   * A first answer was claimed (interaction-recorder.ts): its index and the ids to re-write, or
   * `fill` null when its record waits for unanswered positions before it (record 0278).
   */
  | {
      kind: 'answer';
      interaction: Interaction;
      index: number;
      fill: SlotId[] | null;
      first: boolean;
    }
  | { kind: 'end' };

export interface Note {
  level: 'info' | 'warn' | 'error';
  text: string;
}

export interface WritePlan {
  writes: Write[];
  /** Elements that carry progress: while any is queued, the local safety net keeps progress. */
  progressElements: string[];
  /** Objective indexes given to modules that had none. */
  objectives: [id: string, index: number][];
  /** The record group of an answer's interaction (settled once the group is committed). */
  answerGroup?: string;
  notes: Note[];
}

const MODULE_RANK: Record<ModuleStatus, number> = { 'not-viewed': 0, current: 1, viewed: 2 };

/** The writes an event needs, in the order they are queued. */
export function planWrites(event: PlanEvent, s: PlanState): WritePlan {
  const plan: WritePlan = { writes: [], progressElements: [], objectives: [], notes: [] };
  switch (event.kind) {
    case 'start':
      if (event.markIncomplete) plan.writes.push(...s.dialect.incomplete());
      // Exit is set to 'suspend' at once so that a session that ends abruptly still resumes.
      if (event.writeProgress) addProgress(plan, s);
      else {
        plan.writes.push(exitWrite(s));
        // An empty record gets its (empty) route at once (decision record 0160: a learner is
        // recorded as they progress, from the first commit).
        if (event.routeWasEmpty) plan.writes.push(s.dialect.suspendData(suspendDataValue(s, plan)));
      }
      break;
    case 'progress':
      addProgress(plan, s);
      break;
    case 'answer':
      addAnswer(plan, s, event);
      break;
    case 'time':
      if (s.readDone && encodeRoute(s.progress.viewed).length <= s.dialect.suspendDataLimit)
        plan.writes.push(s.dialect.suspendData(suspendDataValue(s, plan)));
      break;
    case 'end':
      if (s.readDone)
        addProgress(plan, s); // includes exit for the final status
      else {
        // No read ever succeeded: only what cannot lose anything (exit suspend; session_time is
        // added at Terminate). Never status, score, suspend_data or location (record 0160).
        plan.notes.push({
          level: 'warn',
          text: 'the stored data could never be read; ending without writing progress',
        });
        plan.writes.push(exitWrite(s));
      }
      break;
  }
  return plan;
}

/**
 * The one place `exit` is decided: the final value ('logout' in 1.2, 'normal' in 2004) once the
 * course is completed and the stored data was read; 'suspend' otherwise, so the LMS resumes.
 */
function exitWrite(s: PlanState): Write {
  return s.dialect.exit(s.readDone && s.progress.completed);
}

/** suspend_data, score, status, location, exit, then one objective per module. */
function addProgress(plan: WritePlan, s: PlanState): void {
  const p = s.progress;
  const writes: Write[] = [];
  const route = encodeRoute(p.viewed);
  if (route.length <= s.dialect.suspendDataLimit)
    writes.push(s.dialect.suspendData(suspendDataValue(s, plan)));
  else
    plan.notes.push({
      level: 'error',
      text: `route of ${route.length} characters exceeds suspend_data's ${s.dialect.suspendDataLimit}; not sent`,
    });
  if (p.score !== null) writes.push(...s.dialect.score(p.score));
  if (p.completed)
    writes.push(...s.dialect.completed().filter((w) => s.heldStatuses[w.element] !== 'passed'));
  if (p.bookmark) writes.push(s.dialect.bookmark(p.bookmark));
  writes.push(exitWrite(s));
  plan.progressElements.push(...writes.map((w) => w.element));
  let next = s.nextObjective;
  for (const [position, m] of (s.modules ?? []).entries()) {
    // The app may have started before the stored data could be read: a module's status is
    // never lower than what the merged route says (record 0160).
    const fromRoute = moduleState(p.viewed, s.course, position);
    const status = MODULE_RANK[fromRoute] > MODULE_RANK[m.status] ? fromRoute : m.status;
    let index = s.objectiveIndex.get(m.id) ?? plan.objectives.find(([id]) => id === m.id)?.[1];
    if (index === undefined) {
      index = next++;
      plan.objectives.push([m.id, index]);
    }
    writes.push(...s.dialect.objective(index, m.id, status));
  }
  plan.writes.push(...writes);
}

/**
 * An answer's interaction at its index, after the ids that advance a short `_count` (the same
 * values, so no record changes: decision record 0130); a first answer also rewrites suspend_data,
 * in the same commit (decision record 0190).
 */
function addAnswer(
  plan: WritePlan,
  s: PlanState,
  { interaction, index, fill, first }: Extract<PlanEvent, { kind: 'answer' }>,
): void {
  const keep =
    first && s.readDone && encodeRoute(s.progress.viewed).length <= s.dialect.suspendDataLimit;
  if (fill === null) {
    // SCORM takes no index past the LMS's count: the answer is kept in suspend_data (the route,
    // score and completion already count it) and its record written once the gap closes.
    plan.notes.push({
      level: 'info',
      text: `record ${index} (${interaction.id}) waits until the records before it are answered`,
    });
    if (keep) plan.writes.push(s.dialect.suspendData(suspendDataValue(s, plan)));
    return;
  }
  if (fill.length)
    plan.notes.push({
      level: 'warn',
      text:
        `the LMS counts ${fill[0]!.position} interactions; writing the ids of records ` +
        `${fill[0]!.position}–${index - 1} again before record ${index}`,
    });
  plan.writes.push(...fill.map(({ position, id }) => s.dialect.interactionId(position, id)));
  const writes = s.dialect.interaction(index, interaction);
  plan.answerGroup = groupOf(writes[0]!.element);
  if (keep) writes.push(s.dialect.suspendData(suspendDataValue(s, plan)));
  plan.writes.push(...writes);
}

/**
 * suspend_data: the route, then the named fields and the answer ledger (decision records 0190,
 * 0263). Should the answers ever push it past the version's limit, they are left out first
 * (progress and its dates before answers), then the fields.
 */
function suspendDataValue(s: PlanState, plan: WritePlan): string {
  const route = encodeRoute(s.progress.viewed);
  const answers = [...s.answers].sort((a, b) => s.positionOf(a.id) - s.positionOf(b.id));
  const fields = { completedAt: s.completedAt, timeMs: s.timeMs, extra: s.extraFields };
  const value = joinSuspendData(route, answers, fields);
  if (value.length <= s.dialect.suspendDataLimit) return value;
  plan.notes.push({
    level: 'warn',
    text: `the answers kept after the route would make suspend_data ${value.length} characters; route and fields only`,
  });
  const withoutAnswers = joinSuspendData(route, [], fields);
  return withoutAnswers.length <= s.dialect.suspendDataLimit ? withoutAnswers : route;
}
