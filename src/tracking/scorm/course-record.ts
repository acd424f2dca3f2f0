// What the SCORM session knows of the learner's record (docs/decisions/0256-scorm-session-as-parts.md):
// the progress (this session's, merged with the stored one once read), the modules' statuses,
// the statuses the LMS held, each module's objective index and the elements that carry progress.
// It builds the state the write planner reads (write-plan.ts) and keeps what a plan assigned.
// No SCORM calls and no timers.
import type { Learner, ModuleStatus, ProgressChange, Snapshot } from '../port.ts';
import { emptyViewed } from '../../domain/progress/route-codec.ts';
import type { CourseShape } from '../../domain/progress/engine.ts';
import type { LmsStartData, ScormDialect } from './dialect.ts';
import type { InteractionRecorder } from './interaction-recorder.ts';
import type { Progress, ReadOnlyMode, StartPlan } from './reconcile.ts';
import { applyProgressChange, fullViewed } from './stored-read.ts';
import type { PlanState, WritePlan } from './write-plan.ts';
import type { Write } from './write-queue.ts';

export class CourseRecord {
  progress: Progress;
  /** This session changed the progress (or recovered some): it is written with the start. */
  touched = false;
  /** The LMS's route was empty (or unreadable): the snapshot has no viewed topics. */
  routeWasEmpty = true;
  /** Status values the LMS held at the read: a 'passed' is never replaced. */
  heldStatuses: Record<string, string> = {};
  /** When the course was first completed (record 0263): set once, never rewritten. */
  completedAt: Date | null = null;
  /** Named fields of suspend_data this release does not know: written back as read. */
  extraFields: string[] = [];
  /**
   * The total time the LMS should hold once this session's time so far is added (record 0268);
   * set by the session once the stored data was read.
   */
  expectedTimeMs: () => number | null = () => null;
  private modules: { id: string; status: ModuleStatus }[] | null = null;
  private readonly objectiveIndex = new Map<string, number>();
  private nextObjective = 0;
  /** Elements that carry progress: while any is queued, the local safety net keeps progress. */
  private readonly progressElements = new Set<string>();

  constructor(private readonly course: CourseShape) {
    this.progress = {
      viewed: emptyViewed(course.topicCounts.length),
      score: null,
      bookmark: null,
      completed: false,
    };
  }

  /** Folds the app's change in (stored-read.ts); the modules' statuses replace the last ones. */
  change(change: ProgressChange, warn: (text: string) => void): void {
    if (applyProgressChange(this.progress, change, this.course, warn)) this.touched = true;
    // The first completion date stays (record 0263): a later one is never written over it.
    if (change.completedAt && this.progress.completed && !this.completedAt) {
      this.completedAt = new Date(Math.floor(change.completedAt.getTime() / 1000) * 1000);
      this.touched = true;
    }
    if (change.modules) this.modules = change.modules.map((m) => ({ ...m }));
  }

  /**
   * A read in normal mode: the statuses the LMS held, whether its route was empty, the start
   * progress reconcile.ts decided, and the objectives it holds by index (a module keeps its
   * index on resume).
   */
  adoptRead(plan: Extract<StartPlan, { kind: 'write' }>, data: LmsStartData): void {
    this.heldStatuses = data.statuses;
    this.routeWasEmpty = plan.lmsRouteWasEmpty;
    this.progress = plan.progress;
    if (plan.recovered) this.touched = true;
    // The stored date wins over one this session took before the read (record 0263).
    if (plan.completedAt) this.completedAt = plan.completedAt;
    this.extraFields = plan.extraFields;
    data.objectiveIds.forEach((id, index) => this.objectiveIndex.set(id, index));
    this.nextObjective = data.objectiveIds.length;
  }

  /** A read in review/browse mode: the LMS keeps the record as it is (decision record 0160). */
  adoptReadOnly(plan: Extract<StartPlan, { kind: 'read-only' }>): void {
    this.progress = {
      viewed: plan.certified ? fullViewed(this.course) : this.progress.viewed,
      score: plan.score,
      bookmark: plan.bookmark,
      completed: plan.certified,
    };
    this.routeWasEmpty = !plan.certified;
    this.completedAt = plan.completedAt;
  }

  /** The state the write planner reads. */
  planState(dialect: ScormDialect, readDone: boolean, answers: InteractionRecorder): PlanState {
    return {
      dialect,
      course: this.course,
      progress: this.progress,
      readDone,
      modules: this.modules,
      heldStatuses: this.heldStatuses,
      objectiveIndex: this.objectiveIndex,
      nextObjective: this.nextObjective,
      answers: answers.ledgerAnswers(),
      completedAt: this.completedAt,
      extraFields: this.extraFields,
      timeMs: this.expectedTimeMs(),
      positionOf: (id) => answers.slots.positionOf(id),
    };
  }

  /** Keeps what a plan assigned (objective indexes, progress elements); returns its writes. */
  take(plan: WritePlan): Write[] {
    for (const [id, index] of plan.objectives) {
      this.objectiveIndex.set(id, index);
      this.nextObjective = Math.max(this.nextObjective, index + 1);
    }
    for (const element of plan.progressElements) this.progressElements.add(element);
    return plan.writes;
  }

  /** Some element that carries progress is still queued. */
  progressPending(pending: ReadonlySet<string>): boolean {
    return [...this.progressElements].some((e) => pending.has(e));
  }

  snapshot(
    learner: Learner,
    readOnly: { mode: ReadOnlyMode; certified: boolean } | null,
  ): Snapshot {
    const { viewed, score, bookmark } = this.progress;
    const anyViewed = viewed.some((v) => v.length > 0);
    return {
      learner: { ...learner },
      score,
      viewed: anyViewed || !this.routeWasEmpty ? viewed.map((v) => [...v]) : null,
      bookmark,
      ...(this.completedAt ? { completedAt: new Date(this.completedAt) } : {}),
      ...(readOnly ? { readOnly: { ...readOnly } } : {}),
    };
  }
}
