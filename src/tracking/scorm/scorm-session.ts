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
import { InteractionRecorder, isOptionalElement } from './interaction-recorder.ts';
import type { CacheRecord } from './local-cache.ts';
import { consoleLogger, ScormWrapper, type Logger } from './wrapper.ts';
import { WriteQueue } from './write-queue.ts';
import { CommitScheduler } from './commit-scheduler.ts';
import {
  DEFAULT_TIMING,
  SCORM_CAPABILITIES,
  type ScormSessionOptions,
  type Timing,
} from './session-options.ts';
import { readStored, sessionLine, unreadNote } from './stored-read.ts';
import { SafetyNet } from './safety-net.ts';
import { sendAndCommit, sendQueued, terminateWithTime } from './lms-send.ts';
import { StartGate } from './start-gate.ts';
import { SessionClock } from './session-clock.ts';
import { TimeKeeper } from './time-keeper.ts';
import { SessionWrites } from './session-writes.ts';
import { CourseRecord } from './course-record.ts';
import { listenToPage } from './page-events.ts';
import { acceptanceComment, type AcceptanceCommentChannel } from './acceptance-comment.ts';

export { DEFAULT_TIMING, isOptionalElement, type ScormSessionOptions, type Timing };

type CommitReason = 'debounce' | 'retry' | 'flush' | 'completion' | 'finish';

export class ScormSession implements TrackingPort {
  readonly mode = 'lms' as const;
  readonly capabilities: TrackingCapabilities = { ...SCORM_CAPABILITIES };
  readonly wrapper: ScormWrapper;

  private readonly queue = new WriteQueue();
  /** Plans each event's writes and queues them (session-writes.ts). */
  private readonly writes: SessionWrites;
  /** When to commit and retry, and the health those drive (commit-scheduler.ts, 0208). */
  private readonly commits: CommitScheduler;
  private readonly timing: Timing;
  private readonly log: Logger;
  private readonly now: () => number;
  /** session_time: from Initialize, with earlier sessions' unwritten time (session-clock.ts). */
  private readonly clock: SessionClock;
  private readonly course: CourseShape;

  /** When start() resolves: the first read and the wait while reads fail (start-gate.ts). */
  private readonly gate: StartGate;
  /** True once a read of the stored data succeeded (decision record 0160). */
  private readDone = false;
  private finished = false;
  private learner: Learner = { id: null, name: null };
  /** Review/browse mode (decision record 0160): no SetValue at all this session. */
  private readOnly: { mode: ReadOnlyMode; certified: boolean } | null = null;

  /** The progress, modules, objectives and held statuses (course-record.ts). */
  private readonly record: CourseRecord;

  /** First answers, their records and slots (interaction-recorder.ts, record 0256). */
  private readonly answers: InteractionRecorder;
  /** 2004: the LMS's count of learner comments; the acceptance's state (decision 0220). */
  private commentCount = 0;

  /** This browser's copy of what the LMS has not confirmed (safety-net.ts). */
  private readonly net: SafetyNet;

  /** Stops listening to the page's events (page-events.ts). */
  private detach: () => void = () => {};
  /** The time an earlier session lost, and its refresh in suspend_data (time-keeper.ts, 0268). */
  private readonly time: TimeKeeper;

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
    const earlyOpenedAt = options.preInitializedAt ?? null;
    this.clock = new SessionClock(() => this.now(), earlyOpenedAt);
    if (earlyOpenedAt !== null) this.wrapper.adoptOpenSession();
    this.record = new CourseRecord(this.course);
    this.answers = new InteractionRecorder(courseQuestionIds(this.course));
    const { queue, record, answers, log } = this;
    this.writes = new SessionWrites({
      queue,
      dialect,
      record,
      answers,
      log,
      readDone: () => this.readDone,
    });
    this.net = new SafetyNet(this.course, this.record, this.answers);
    this.time = new TimeKeeper({
      clock: this.clock,
      wrapper: this.wrapper,
      dialect,
      record,
      log,
      refresh: () => {
        this.writes.plan({ kind: 'time' });
        this.sendNow();
      },
      active: () => !this.finished && !this.readOnly,
    });
    this.gate = new StartGate(this.timing, {
      open: () => {
        this.connect();
        this.listen();
      },
      firstRead: () => this.firstRead(),
      // Only suspend_data failing: the learner is recorded now, not at the next retry.
      lastRead: () => {
        if (!this.readDone && this.read()) this.commits.recovered();
      },
      snapshot: () => this.record.snapshot(this.learner, this.readOnly),
    });
  }

  get version() {
    return this.dialect.version;
  }

  // ---------------------------------------------------------------- TrackingPort

  start(): Promise<Snapshot> {
    return this.gate.start();
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
      this.writes.plan({ kind: 'progress' });
      this.persistCache();
      // Completing the course is committed at once: the learner may close the window any time.
      if (this.record.progress.completed && this.writes.isQueued(this.dialect.completed())) {
        this.runCommit('completion');
      } else {
        this.commits.schedule(this.timing.progressCommitMs);
      }
    } catch (error) {
      this.log.error(`save failed: ${describe(error)}`);
    }
  }

  /** The learner's «Acepto» as an LMS comment (acceptance-comment.ts, decision 0220). */
  readonly acceptance: AcceptanceCommentChannel = acceptanceComment({
    canWrite: () => !this.finished && !this.readOnly && this.readDone,
    now: () => this.now(),
    write: (comment, at) => {
      this.writes.set(this.dialect.comment(this.commentCount++, comment, at));
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
      this.writes.answer(interaction);
      // In the LMS's data model at once (record 0268): an LMS's own save on unload (Chamilo's)
      // then carries it; only the Commit waits.
      this.sendNow();
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
      this.commits.clear();
      this.time.stop();
      this.gate.clear();
      this.gate.resolve();
      if (this.wrapper.state === 'new') this.connect(true);
      if (this.wrapper.state !== 'open') return;
      if (!this.readDone) this.read();
      if (this.readOnly) {
        // Review/browse: a Commit only, never a SetValue (decision record 0160) and no Terminate
        // (record 0268): Moodle's 2004 Terminate stores cmi.total_time from what it handed back,
        // which in review is nothing, and so turns the attempt's time into 'P'.
        this.wrapper.commit();
        return;
      }
      // The final progress and exit, or exit suspend alone when no read succeeded (write-plan.ts).
      this.writes.plan({ kind: 'end' });
      const { allSent } = this.runCommit('finish');
      // session_time just before Terminate (lms-send.ts); earlier sessions that ended before
      // writing theirs add their time here.
      const { wrapper, dialect } = this;
      const end = terminateWithTime({ wrapper, dialect }, this.clock.totalMs());
      // SCORM: a successful Terminate persists everything the LMS accepted, even if Commit failed.
      if (end.terminated && allSent) {
        this.queue.commitAll();
        this.answers.confirmAll();
        // A refused session_time stays in this browser for the next session (record 0160).
        this.clock.ended(end.timeSet);
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
      this.clock.opened();
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

  /** The first read of the stored data: true when the course starts now (start-gate.ts). */
  private firstRead(): boolean {
    let ok = false;
    try {
      ok = this.read();
    } catch (error) {
      this.log.error(`reading the stored data failed: ${describe(error)}`);
    }
    if (ok || this.wrapper.state !== 'open' || this.finished) return true;
    // The read failed: retry with back-off; the course starts once one succeeds, or after
    // a short wait with nothing read (the learner can study; nothing lower is written).
    this.commits.failed();
    return false;
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
      this.net.openFor(this.options.storage ?? null, this.options.packageId, learnerId);
    }
    const cached = this.net.read();
    const plan = reconcile(
      { data, failed, suspendDataElement: this.dialect.suspendDataElement },
      cached,
      this.course,
      this.record.touched ? this.record.progress : null,
      this.gate.waitOver || this.finished,
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
      this.record.adoptReadOnly(plan);
      this.log.info(`${plan.mode} mode: nothing is written to the LMS`);
      this.gate.resolve();
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
    this.net.held = !plan.newAttempt;
    this.time.start(
      plan.recordedTimeMs,
      plan.newAttempt && cached?.held ? 0 : (cached?.timeMs ?? 0),
    );
    this.commentCount = data.commentCount ?? 0;
    // Already accepted in an earlier session: the course stops offering it (record 0262). Read
    // apart from the start data: a comment that cannot be read is no failed read (0160).
    if (this.dialect.holdsAcceptance((element) => this.wrapper.readValue(element).value))
      this.acceptance.heldByLms();
    this.writes.start(plan, data);
    this.persistCache();
    if (this.queue.size > 0) this.commits.schedule(this.timing.progressCommitMs);
    this.gate.resolve();
  }

  /** SetValue of what is queued, without a Commit (lms-send.ts; the Commit stays batched). */
  private sendNow(): void {
    if (this.finished || this.readOnly || !this.readDone || this.wrapper.state !== 'open') return;
    const { queue, wrapper, dialect, answers, log } = this;
    sendQueued({ queue, wrapper, dialect, answers, log });
  }

  // ---------------------------------------------------------------- committing

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
    const round = sendAndCommit(
      { queue, wrapper, dialect, answers, log },
      reason === 'finish',
      this.readDone,
    );
    if (round.holdsAttempt) this.net.held = true;
    if (round.ok) this.commits.recovered();
    else if (reason !== 'finish') this.commits.failed();
    this.persistCache();
    return { allSent: round.allSent };
  }

  // ---------------------------------------------------------------- local safety net

  private persistCache(): void {
    if (!this.learner.id || this.readOnly) return;
    if (!this.readDone) {
      this.net.keepBeforeRead();
      return;
    }
    this.net.keepAfterRead({ timeMs: this.clock.unsentMs(), queued: this.queue.pending() });
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
