// The TrackingPort in `lms` mode, the same for SCORM 1.2 and 2004 (the dialect holds what
// differs). Decisions 0004, 0005, 0006 and 0025:
// - start(): Initialize at once, read back the stored data 200 ms later (decision 0012).
// - save()/recordAnswer() only queue values; a short debounce sends them and commits, so a
//   screen view costs one Commit; completing the course commits at once; answers ride along
//   with the next commit (or a later timer) instead of committing on their own.
// - pagehide ends the session (exit, Commit, session_time, Terminate); visibilitychange to
//   hidden commits. Never beforeunload/unload (mobile browsers skip them, Moodle forbids them).
// - A refused SetValue/Commit keeps the values queued and retries with back-off; health
//   reports 'retrying' until the LMS answers again. Nothing here throws into the app.
// - One rule for what the course writes (decision record 0160): a failed read of the stored data
//   is retried; until one succeeds nothing that could lower status, score, suspend_data or
//   location is written, and the session's own progress waits to be merged with the stored one.
//   reconcile.ts decides from the read: review/browse write nothing at all; a resumed-but-empty
//   record is read; an unreadable suspend_data is rebuilt and written; a new attempt starts clean;
//   session_time is written once, at the end.
import type {
  AcceptanceChannel,
  Interaction,
  Learner,
  ProgressChange,
  Snapshot,
  TrackingCapabilities,
  TrackingHealth,
  TrackingPort,
} from '../port.ts';
import { courseQuestionIds } from '../../domain/progress/course-facts.ts';
import type { CourseShape } from '../../domain/progress/engine.ts';
import type { LmsStartData, ScormDialect } from './dialect.ts';
import { reconcile, type ReadOnlyMode, type StartPlan } from './reconcile.ts';
import { displayName } from './learner-name.ts';
import { fromLedgerAnswer } from './answer-ledger.ts';
import { InteractionRecorder, isOptionalElement } from './interaction-recorder.ts';
import { planWrites, type PlanEvent, type PlanState, type WritePlan } from './write-plan.ts';
import { cacheKey, LocalCache, type CacheRecord } from './local-cache.ts';
import { consoleLogger, ScormWrapper, type Logger } from './wrapper.ts';
import { WriteQueue, type Write } from './write-queue.ts';
import { CommitScheduler } from './commit-scheduler.ts';
import { DEFAULT_TIMING, type ScormSessionOptions, type Timing } from './session-options.ts';
import {
  fullViewed,
  heldValues,
  readStored,
  sessionLine,
  startNotes,
  unreadNote,
} from './stored-read.ts';
import { interactionFromCache, recordAfterRead, recordBeforeRead } from './safety-net.ts';
import { sendQueued } from './lms-send.ts';
import { CourseRecord } from './course-record.ts';
import { listenToPage } from './page-events.ts';
import { acceptanceComment } from './acceptance-comment.ts';

export { DEFAULT_TIMING, isOptionalElement, type ScormSessionOptions, type Timing };

type CommitReason = 'debounce' | 'retry' | 'flush' | 'completion' | 'finish';

export class ScormSession implements TrackingPort {
  readonly mode = 'lms' as const;
  readonly capabilities: TrackingCapabilities = {
    certificate: 'browser',
    learnerIdMayBeDocument: true,
    runtimeNamesLearner: true,
    certificateAsScreen: true,
    answerTexts: false,
    localOnly: false,
    acceptanceInLmsComments: true,
  };
  readonly wrapper: ScormWrapper;

  private readonly queue = new WriteQueue();
  /** When to commit and retry, and the health those drive (commit-scheduler.ts, 0208). */
  private readonly commits: CommitScheduler;
  private readonly timing: Timing;
  private readonly log: Logger;
  private readonly now: () => number;
  private readonly course: CourseShape;

  private startPromise: Promise<Snapshot> | null = null;
  private resolveStart: (() => void) | null = null;
  private startDeadline: ReturnType<typeof setTimeout> | null = null;
  /** True once a read of the stored data succeeded (decision record 0160). */
  private readDone = false;
  private finished = false;
  private sessionStartedAt = 0;
  /** When the inline early script's Initialize answered, if this session adopted it. */
  private readonly earlyOpenedAt: number | null;
  private learner: Learner = { id: null, name: null };
  /** The start wait is over: an unreadable suspend_data is rebuilt and written (record 0160). */
  private startWaitOver = false;
  /** Review/browse mode (decision record 0160): no SetValue at all this session. */
  private readOnly: { mode: ReadOnlyMode; certified: boolean } | null = null;
  /** The LMS holds a started attempt (read so, or this session's commit made it so). */
  private lmsHoldsAttempt = false;
  /** Time of earlier sessions that never wrote their session_time (kept in this browser). */
  private carriedTimeMs = 0;
  /** This session's session_time was written and terminated: the browser keeps no time. */
  private timeSent = false;

  /** The progress, modules, objectives and held statuses (course-record.ts). */
  private readonly record: CourseRecord;

  /** First answers, their records and slots (interaction-recorder.ts, record 0256). */
  private readonly answers: InteractionRecorder;
  /** 2004: the LMS's count of learner comments; the acceptance's state (decision 0220). */
  private commentCount = 0;

  private cache = new LocalCache(null, null);
  private lastCacheJson = '';

  /** Stops listening to the page's events (page-events.ts). */
  private detach: () => void = () => {};

  constructor(
    private readonly dialect: ScormDialect,
    rawApi: Record<string, unknown>,
    private readonly options: ScormSessionOptions,
  ) {
    this.log = options.log ?? consoleLogger;
    this.now = options.now ?? (() => Date.now());
    this.timing = { ...DEFAULT_TIMING, ...options.timing };
    this.commits = new CommitScheduler({
      retryDelaysMs: this.timing.retryDelaysMs,
      now: () => this.now(),
      isFinished: () => this.finished,
      run: (reason) => void this.runCommit(reason),
      log: this.log,
    });
    this.course = options.course;
    this.wrapper = new ScormWrapper(dialect.bind(rawApi), dialect.wrapperOptions, this.log);
    this.earlyOpenedAt = options.preInitializedAt ?? null;
    if (this.earlyOpenedAt !== null) this.wrapper.adoptOpenSession();
    this.record = new CourseRecord(this.course);
    this.answers = new InteractionRecorder(courseQuestionIds(this.course));
  }

  get version() {
    return this.dialect.version;
  }

  // ---------------------------------------------------------------- TrackingPort

  start(): Promise<Snapshot> {
    this.startPromise ??= new Promise<Snapshot>((resolve) => {
      let resolved = false;
      this.resolveStart = () => {
        if (resolved) return;
        resolved = true;
        if (this.startDeadline) clearTimeout(this.startDeadline);
        this.startDeadline = null;
        resolve(this.snapshot());
      };
      this.connect();
      this.listen();
      setTimeout(() => {
        let ok = false;
        try {
          ok = this.read();
        } catch (error) {
          this.log.error(`reading the stored data failed: ${describe(error)}`);
        }
        if (ok || this.wrapper.state !== 'open' || this.finished) {
          this.resolveStart?.();
          return;
        }
        // The read failed: retry with back-off; the course starts once one succeeds, or after
        // a short wait with nothing read (the learner can study; nothing lower is written).
        this.commits.failed();
        this.startDeadline = setTimeout(() => {
          this.startWaitOver = true;
          // Only suspend_data failing: the learner is recorded now, not at the next retry.
          if (!this.readDone && this.read()) this.commits.recovered();
          this.resolveStart?.();
        }, this.timing.readWaitMs);
      }, this.timing.initialReadMs);
    });
    return this.startPromise;
  }

  save(change: ProgressChange): void {
    if (this.finished) return; // after Terminate the LMS may not be called (SCORM RTE)
    if (this.readOnly) return; // review/browse: nothing is written (decision record 0160)
    try {
      this.record.change(change, (text) => this.log.warn(text));
      if (!this.readDone) {
        // read() queues everything once the stored data is known; meanwhile only the safety net.
        this.persistCache();
        return;
      }
      this.queueFor({ kind: 'progress' });
      this.persistCache();
      // Completing the course is committed at once: the learner may close the window any time.
      if (this.record.progress.completed && this.isQueued(this.dialect.completed())) {
        this.runCommit('completion');
      } else {
        this.commits.schedule(this.timing.progressCommitMs);
      }
    } catch (error) {
      this.log.error(`save failed: ${describe(error)}`);
    }
  }

  /** The learner's «Acepto» as an LMS comment (acceptance-comment.ts, decision 0220). */
  readonly acceptance: AcceptanceChannel = acceptanceComment({
    canWrite: () => !this.finished && !this.readOnly && this.readDone,
    now: () => this.now(),
    write: (comment, at) => {
      this.enqueue(this.dialect.comment(this.commentCount++, comment, at));
      this.runCommit('flush');
    },
    logError: (message) => this.log.error(message),
  });

  recordAnswer(interaction: Interaction): void {
    if (this.finished || this.readOnly) return;
    try {
      if (!this.answers.isFirst(interaction.id)) return; // retries never add records (0008)
      if (!this.readDone) {
        this.answers.holdEarly(interaction);
        this.persistCache();
        return;
      }
      this.enqueueAnswer(interaction);
      this.persistCache();
      this.commits.schedule(this.timing.answerCommitMs);
    } catch (error) {
      this.log.error(`recordAnswer failed: ${describe(error)}`);
    }
  }

  flush(): void {
    if (this.finished || this.readOnly) return;
    try {
      this.runCommit('flush');
      // The page may be killed after this: its time so far waits here for the next session.
      this.persistCache();
    } catch (error) {
      this.log.error(`flush failed: ${describe(error)}`);
    }
  }

  finish(): void {
    if (this.finished) return; // StrictMode, pagehide after the completion flow: once only
    this.finished = true;
    try {
      this.detach();
      this.clearTimers();
      this.resolveStart?.();
      if (this.wrapper.state === 'new') this.connect(true);
      if (this.wrapper.state !== 'open') return;
      if (!this.readDone) this.read();
      if (this.readOnly) {
        // Review/browse: Commit and Terminate only, never a SetValue (decision record 0160).
        this.wrapper.commit();
        this.wrapper.terminate();
        return;
      }
      // The final progress and exit, or exit suspend alone when no read succeeded (write-plan.ts).
      this.queueFor({ kind: 'end' });
      const { allSent } = this.runCommit('finish');
      // session_time once per session, at its end (decision record 0160): Moodle keeps the last
      // value written and Chamilo adds every write. It goes after the last Commit, just before
      // Terminate (which persists it): Chamilo posts a session_time again at every save after it
      // was set (LMSCommit keeps its list of changed values, only LMSFinish clears it), so a
      // Commit after it would add it twice (decision record 0190). Earlier sessions that ended
      // before writing theirs add their time here.
      const time = this.dialect.sessionTime(this.sessionTimeMs());
      const timeSet = this.wrapper.setValue(time.element, time.value).ok;
      // SCORM: a successful Terminate persists everything the LMS accepted, even if Commit failed.
      if (this.wrapper.terminate() && allSent) {
        this.queue.commitAll();
        this.answers.confirmAll();
        // A refused session_time stays in this browser for the next session (record 0160).
        this.timeSent = timeSet;
      }
      this.persistCache();
    } catch (error) {
      this.log.error(`finish failed: ${describe(error)}`);
    }
  }

  onHealth(listener: (health: TrackingHealth) => void): () => void {
    return this.commits.onHealth(listener);
  }

  // ---------------------------------------------------------------- connection and reading

  private connect(quiet = false): boolean {
    if (this.wrapper.initialize()) {
      // An adopted early session started when its Initialize answered, not when the app
      // caught up with it: on a slow phone that is seconds of the learner's time.
      const now = this.now();
      this.sessionStartedAt = this.earlyOpenedAt === null ? now : Math.min(now, this.earlyOpenedAt);
      return true;
    }
    if (quiet) return false;
    this.log.error('could not connect with the LMS (Initialize failed); retrying');
    this.commits.failed();
    return false;
  }

  private listen(): void {
    const win = this.options.win;
    if (!win) return;
    const on = { hide: () => this.finish(), hidden: () => this.flush() };
    this.detach = listenToPage(win, on, this.log);
  }

  /**
   * Reads what the LMS stored and lets reconcile() decide (decision record 0160): read-only in
   * review/browse mode; nothing written after a failed read (returns false); otherwise the
   * start state, merged with this session's progress and the local safety net, is queued.
   */
  private read(): boolean {
    if (this.readDone) return true;
    if (this.wrapper.state !== 'open') return false;
    const { data, failed, codes } = readStored(this.wrapper, this.dialect);
    const learnerId = data.learnerId.trim();
    if (learnerId && !this.learner.id) {
      this.learner = { id: learnerId, name: displayName(data.learnerName) };
      this.cache = new LocalCache(
        this.options.storage ?? null,
        cacheKey(this.options.packageId, learnerId),
      );
    }
    const cached = this.cache.read();
    const plan = reconcile(
      { data, failed, suspendDataElement: this.dialect.suspendDataElement },
      cached,
      this.course,
      this.record.touched ? this.record.progress : null,
      this.startWaitOver || this.finished,
    );
    if (plan.kind === 'unread') {
      this.log.warn(unreadNote(plan.reason, codes));
      return false;
    }
    this.readDone = true;
    this.learner = { id: learnerId || null, name: displayName(data.learnerName) };
    this.log.info(sessionLine(this.dialect.version, data));
    if (plan.kind === 'read-only') {
      // Review/browse: the LMS keeps the record as it is; this session calls no SetValue.
      this.readOnly = { mode: plan.mode, certified: plan.certified };
      this.record.progress = {
        viewed: plan.certified ? fullViewed(this.course) : this.record.progress.viewed,
        score: plan.score,
        bookmark: plan.bookmark,
        completed: plan.certified,
      };
      this.record.routeWasEmpty = !plan.certified;
      this.log.info(`${plan.mode} mode: nothing is written to the LMS`);
      this.resolveStart?.();
      return true;
    }
    this.startWriting(plan, data, cached);
    return true;
  }

  /**
   * A successful read in normal mode: what the LMS holds is known to the queue, the start state
   * replaces this session's, and the start writes, earlier answers and early answers are queued.
   */
  private startWriting(
    plan: Extract<StartPlan, { kind: 'write' }>,
    data: LmsStartData,
    cached: CacheRecord | null,
  ): void {
    // What the LMS holds needs no write: the queue skips values equal to these.
    for (const w of heldValues(this.dialect, data, plan))
      this.queue.assumeCommitted(w.element, w.value);
    this.lmsHoldsAttempt = !plan.newAttempt;
    this.carriedTimeMs = plan.newAttempt && cached?.held ? 0 : (cached?.timeMs ?? 0);
    for (const note of startNotes(data, plan, this.record.progress))
      this.log[note.level](note.text);
    this.record.adoptRead(plan, data);
    this.answers.adopt({ ids: data.interactionIds, count: data.interactionCount }, plan.answered);
    this.commentCount = data.commentCount ?? 0;

    this.queueFor({
      kind: 'start',
      markIncomplete: data.notAttempted && !data.completed && !this.record.progress.completed,
      writeProgress: this.record.touched || plan.suspendDataUnread,
      routeWasEmpty: this.record.routeWasEmpty,
    });
    // Earlier sessions' answers are written again at their fixed positions with their own
    // values (decision record 0190): 1.2 interactions are write-only, so the course cannot see
    // that an LMS (Chamilo) rebuilt them blank after the relaunch; an LMS that kept them stores
    // the same values again. In 2004 only a record the LMS does not show by id is re-written.
    const rewrite = plan.storedAnswers.filter(
      (a) => data.interactionIds === null || !data.interactionIds.includes(a.id),
    );
    this.answers.keepStored(plan.storedAnswers);
    for (const a of rewrite) this.enqueueAnswer(fromLedgerAnswer(a));
    if (rewrite.length)
      this.log.info(
        `writing again the ${rewrite.length} answers of earlier sessions kept in suspend_data`,
      );
    for (const answer of [
      ...plan.pendingAnswers.map(interactionFromCache),
      ...this.answers.takeEarly(),
    ]) {
      if (this.answers.isFirst(answer.id)) this.enqueueAnswer(answer);
    }
    this.persistCache();
    if (this.queue.size > 0) this.commits.schedule(this.timing.progressCommitMs);
    this.resolveStart?.();
  }

  private snapshot(): Snapshot {
    return this.record.snapshot(this.learner, this.readOnly);
  }

  // ---------------------------------------------------------------- queueing

  /** Plans an event's writes (write-plan.ts) and queues them. */
  private queueFor(event: PlanEvent): void {
    this.apply(planWrites(event, this.planState()));
  }

  private planState(): PlanState {
    return this.record.planState(this.dialect, this.readDone, this.answers);
  }

  private apply(plan: WritePlan): void {
    for (const note of plan.notes) this.log[note.level](note.text);
    this.enqueue(this.record.take(plan));
  }

  /** An answer's record (interaction-recorder.ts) and its writes (write-plan.ts). */
  private enqueueAnswer(interaction: Interaction): void {
    this.apply(
      this.answers.record(interaction, (claim) =>
        planWrites({ kind: 'answer', ...claim }, this.planState()),
      ),
    );
  }

  private enqueue(writes: Write[]): void {
    for (const w of writes) this.queue.set(w.element, w.value);
  }

  private isQueued(writes: Write[]): boolean {
    const pending = new Map(this.queue.pending().map((w) => [w.element, w.value]));
    return writes.some((w) => pending.get(w.element) === w.value);
  }

  // ---------------------------------------------------------------- committing

  private clearTimers(): void {
    this.commits.clear();
    if (this.startDeadline) clearTimeout(this.startDeadline);
    this.startDeadline = null;
  }

  /** Sends what is queued, then commits. Failures stay queued and are retried with back-off. */
  private runCommit(reason: CommitReason): { allSent: boolean } {
    this.commits.cancelDebounce();
    if (this.wrapper.state === 'terminated') return { allSent: false };
    if (this.wrapper.state === 'new' && !this.connect(true)) {
      if (reason !== 'finish') this.commits.failed();
      return { allSent: false };
    }
    // A late Initialize or a failed read: merge the stored data first; until that works
    // nothing is sent (except by finish(), which queued only what cannot lose anything).
    if (!this.readDone && !this.read() && reason !== 'finish') {
      this.commits.failed();
      return { allSent: false };
    }
    if (this.queue.size === 0 && reason !== 'finish') {
      this.commits.recovered();
      return { allSent: true };
    }
    const { queue, wrapper, dialect, answers, log } = this;
    const outcome = sendQueued({ queue, wrapper, dialect, answers, log });
    let ok = outcome.failed === 0;
    if (this.queue.hasSent || reason === 'finish') {
      if (this.wrapper.commit().ok) {
        this.queue.committed();
        // The LMS holds a started attempt once the status it was given is committed.
        const status = this.dialect.incomplete()[0]!.element;
        if (this.readDone && !this.queue.pending().some((w) => w.element === status))
          this.lmsHoldsAttempt = true;
        this.answers.settle((group) => this.queue.hasGroup(group));
      } else {
        this.queue.commitFailed();
        ok = false;
      }
    }
    if (ok) this.commits.recovered();
    else if (reason !== 'finish') this.commits.failed();
    this.persistCache();
    return { allSent: outcome.failed === 0 };
  }

  // ---------------------------------------------------------------- local safety net

  /** This session's time plus that of earlier sessions that never wrote theirs. */
  private sessionTimeMs(): number {
    return this.carriedTimeMs + Math.max(0, this.now() - this.sessionStartedAt);
  }

  private persistCache(): void {
    if (!this.learner.id || this.readOnly) return;
    let record;
    if (!this.readDone) {
      // Before a read succeeded: add to what an earlier session left here (record 0160).
      if (!this.record.touched && !this.answers.earlyAnswers.length) return;
      const early = this.answers.earlyAnswers;
      record = recordBeforeRead(this.cache.read(), this.record.progress, early, this.course);
    } else {
      const pending = new Set(this.queue.pending().map((w) => w.element));
      record = recordAfterRead({
        answered: this.answers.confirmedIds(),
        held: this.lmsHoldsAttempt,
        timeMs: this.timeSent ? null : this.sessionTimeMs(),
        progress: this.record.progressPending(pending) ? this.record.progress : null,
        unconfirmed: this.answers.unconfirmedAnswers(),
      });
    }
    const json = JSON.stringify(record);
    if (json === this.lastCacheJson) return;
    this.lastCacheJson = json;
    this.cache.write(record);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
