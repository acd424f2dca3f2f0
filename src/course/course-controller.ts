// The course's live state: progress from the engine, pushed to the tracking port. Lives outside
// React (a tiny external store) so boot, screens and tests share one instance and one order of
// events. Every method records at most one change per call: one save per screen view.
import type { CourseOutline, PageRef } from '../domain/content/outline.ts';
import type { Module } from '../domain/content/types.ts';
import { courseShape, pagesById } from '../domain/content/outline.ts';
import {
  canOpenModule,
  computeScore,
  isCourseComplete,
  mergeViewed,
  moduleState,
  questionId,
  recordView,
  risingScore,
  type CourseShape,
  type ModuleState,
} from '../domain/progress/engine.ts';
import { emptyViewed, type ModulesViewed } from '../domain/progress/route-codec.ts';
import { answerKindOf } from '../domain/registry/index.ts';
import { byQuestionId, FirstAnswerLedger } from '../domain/progress/course-facts.ts';
import type {
  AcceptanceChannel,
  Interaction,
  Learner,
  ProgressChange,
  RuntimeMode,
  Snapshot,
  TrackingHealth,
  TrackingCapabilities,
  TrackingPort,
} from '../tracking/port.ts';

export type { AcceptanceChannel, AcceptanceStatus } from '../tracking/port.ts';

export interface CourseState {
  ready: boolean;
  mode: RuntimeMode;
  /** What the runtime can do (the screens ask these, never the mode). */
  capabilities: TrackingCapabilities;
  learner: Learner;
  viewed: ModulesViewed;
  score: number;
  /** Page id, 'menu' or 'introduccion'. */
  bookmark: string | null;
  health: TrackingHealth;
  /** The congratulations modal is due (course just completed). */
  congratulations: boolean;
  /**
   * The runtime opened the course to look at only (LMS review/browse mode): every screen can be
   * browsed, nothing is saved (docs/decisions/0160-one-rule-for-what-the-course-writes.md).
   */
  readOnly: 'review' | 'browse' | null;
  /**
   * When the course was first completed, as the runtime keeps it (record 0263), or this
   * session's completion; null when unknown (a record completed before dates were kept).
   */
  completedAt: Date | null;
}

type Listener = () => void;

/**
 * A learner's answer as the quiz screen knows it: the tracking port's Interaction without the
 * question's identity, which the controller adds from the quiz page and the question's position.
 */
export type Answer = Omit<Interaction, 'id' | 'moduleId' | 'type'> & {
  /** The quiz page's id. */
  activityId: string;
  /** 0-based position of the question in the quiz. */
  questionIndex: number;
};

/** Fills the outline's texts for a learner's obra (the standalone app, decision 0078). */
export type OutlineFiller = (
  outline: CourseOutline,
  obra: string | null | undefined,
) => CourseOutline;

/** Fills a loaded module's texts for a learner's obra (the standalone app, decision 0078). */
export type ModuleFiller = (module: Module, obra: string | null | undefined) => Module;

export class CourseController {
  readonly shape: CourseShape;
  private state: CourseState;
  private listeners = new Set<Listener>();
  private finished = false;
  private answers = new FirstAnswerLedger<Interaction>(byQuestionId);
  private filled: {
    obra: string | null | undefined;
    outline: CourseOutline;
    pages: Map<string, PageRef>;
  } | null = null;

  constructor(
    private readonly baseOutline: CourseOutline,
    readonly tracking: TrackingPort,
    private readonly fillOutline: OutlineFiller = (outline) => outline,
    /** What useModule applies to a loaded module; the web entry passes the obra filling. */
    readonly fillModule: ModuleFiller = (module) => module,
  ) {
    const outline = baseOutline;
    this.shape = courseShape(outline);
    this.state = {
      ready: false,
      mode: tracking.mode,
      capabilities: tracking.capabilities,
      learner: { id: null, name: null },
      viewed: emptyViewed(outline.modules.length),
      score: 0,
      bookmark: null,
      health: 'ok',
      congratulations: false,
      readOnly: null,
      completedAt: null,
    };
    // A port may change what it is once (an LMS API found late, or local mode after the search
    // gave up; decision record 0265): it says so with a health event, and is read again here.
    tracking.onHealth((health) =>
      this.set({ health, mode: tracking.mode, capabilities: tracking.capabilities }),
    );
  }

  /** Where «Acepto» is kept (decision 0220); null where the runtime keeps none or only looks. */
  get acceptance(): AcceptanceChannel | null {
    return this.state.readOnly ? null : (this.tracking.acceptance ?? null);
  }

  /** The outline, its texts filled for the current learner's obra. */
  get outline(): CourseOutline {
    return this.current().outline;
  }

  get pages(): Map<string, PageRef> {
    return this.current().pages;
  }

  private current() {
    const obra = this.state.learner.obra;
    if (!this.filled || this.filled.obra !== obra) {
      const outline = this.fillOutline(this.baseOutline, obra);
      this.filled = { obra, outline, pages: pagesById(outline) };
    }
    return this.filled;
  }

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getState = () => this.state;

  private set(patch: Partial<CourseState>) {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((l) => l());
  }

  /** Reads what the runtime stored. Bad data is dropped (and logged), never thrown. */
  async start(): Promise<Snapshot | null> {
    let snapshot: Snapshot | null = null;
    try {
      snapshot = await this.tracking.start();
    } catch (e) {
      console.error('[curso-sst] no se pudo leer el avance guardado', e);
    }
    const empty = emptyViewed(this.shape.topicCounts.length);
    const viewed = snapshot?.viewed
      ? mergeViewed(empty, snapshot.viewed).slice(0, empty.length)
      : empty;
    const computed = computeScore(viewed, this.shape);
    const readOnly = snapshot?.readOnly;
    this.set({
      ready: true,
      learner: snapshot?.learner ?? { id: null, name: null },
      // Review/browse: every screen open; the score is the one read (the certificate's rule).
      viewed: readOnly ? this.allViewed() : viewed,
      score: readOnly ? (snapshot?.score ?? 0) : risingScore(snapshot?.score ?? null, computed),
      bookmark: snapshot?.bookmark ?? null,
      readOnly: readOnly?.mode ?? null,
      completedAt: snapshot?.completedAt ?? null,
    });
    return snapshot;
  }

  private allViewed(): ModulesViewed {
    return this.shape.topicCounts.map((count) => Array.from({ length: count + 1 }, (_, i) => i));
  }

  moduleState(index: number): ModuleState {
    return moduleState(this.state.viewed, this.shape, index);
  }

  canOpen(index: number): boolean {
    return canOpenModule(this.state.viewed, this.shape, index);
  }

  /** A page can be shown when its module is open. */
  canView(pageId: string): boolean {
    const page = this.pages.get(pageId);
    return !!page && this.canOpen(page.moduleIndex);
  }

  private statusChange(viewed: ModulesViewed): ProgressChange['modules'] {
    return this.outline.modules.map((m, i) => ({
      id: m.id,
      status: moduleState(viewed, this.shape, i),
    }));
  }

  /** Records a topic view (the quiz is recorded only by completeActivity) and the bookmark. */
  visitPage(pageId: string) {
    this.record(pageId, false);
  }

  /** Records a non-module location (menu, introduction) as the bookmark. */
  visitPlace(place: 'menu' | 'introduccion') {
    if (this.state.bookmark === place) return;
    this.set({ bookmark: place });
    if (this.state.readOnly) return; // review/browse: nothing is saved (decision 0160)
    this.tracking.save({ bookmark: place });
  }

  /** The quiz of a module was completed: recorded with force (decision 0015). */
  completeActivity(pageId: string) {
    this.record(pageId, true);
  }

  private record(pageId: string, force: boolean) {
    const page = this.pages.get(pageId);
    if (!page) return;
    const { viewed, changed } = recordView(
      this.state.viewed,
      this.shape,
      page.moduleIndex,
      page.index,
      { force },
    );
    const lastActivity = force && page.moduleIndex === this.outline.modules.length - 1;
    this.commit(viewed, changed, pageId, lastActivity);
  }

  /**
   * Records an answer under its question's id. The first answer per question is the one the LMS
   * keeps (interactions, objectives); the quiz's result panel reads these same records
   * (docs/decisions/0095-quiz-feedback-and-results.md).
   */
  recordAnswer(answer: Answer) {
    const page = this.pages.get(answer.activityId);
    const module = page && this.outline.modules[page.moduleIndex];
    if (!module) return;
    const { activityId: _activity, questionIndex, ...rest } = answer;
    const interaction: Interaction = {
      ...rest,
      id: questionId(module.number, questionIndex),
      moduleId: module.id,
      type: answerKindOf(module.activityType),
    };
    // Only a question's first answer goes on to the runtime (the adapters still ignore answers
    // they already hold from an earlier page load).
    if (!this.answers.record(interaction) || this.state.readOnly) return;
    this.tracking.recordAnswer(interaction);
  }

  /** The first answers recorded this session for a module's questions, in the order given. */
  firstAnswers(moduleId: string): Interaction[] {
    return this.answers.all().filter((a) => a.moduleId === moduleId);
  }

  private commit(viewed: ModulesViewed, changed: boolean, bookmark: string, lastActivity = false) {
    if (this.state.readOnly) {
      // Review/browse: the learner moves freely; no score, no save (decision record 0160).
      if (bookmark !== this.state.bookmark) this.set({ bookmark });
      return;
    }
    const before = this.state.score;
    const score = risingScore(before, computeScore(viewed, this.shape));
    const change: ProgressChange = { bookmark };
    if (changed) {
      change.viewed = viewed;
      change.modules = this.statusChange(viewed);
    }
    if (score > before || (changed && lastActivity)) change.score = score;
    const completedNow = isCourseComplete(score) && !isCourseComplete(before);
    // The completion date is taken when the course completes, never later (record 0263): a
    // record completed before dates were kept gets none rather than an invented one.
    const completedAt = this.state.completedAt ?? (completedNow ? new Date() : null);
    if (isCourseComplete(score)) change.completed = true;
    if (completedAt) change.completedAt = completedAt;
    if (lastActivity && changed) change.finalTerms = true;
    if (!changed && bookmark === this.state.bookmark) return;
    this.set({
      viewed,
      score,
      bookmark,
      congratulations: this.state.congratulations || (completedNow && lastActivity),
      completedAt,
    });
    this.tracking.save(change);
  }

  /** The congratulations flow is over (modal closed or certificate downloaded). */
  endCompletionFlow() {
    this.set({ congratulations: false });
    this.finish();
  }

  /** Ends the runtime session once (LMS Terminate). */
  finish() {
    if (this.finished) return;
    this.finished = true;
    this.tracking.finish();
  }

  setLearnerName(name: string) {
    this.set({ learner: { ...this.state.learner, name } });
  }

  setLearner(learner: Learner) {
    this.set({ learner });
  }

  /**
   * The values the texts are filled with changed (the learner's company taken at run time,
   * record 0291): the outline is filled again and the screens drawn again.
   */
  refill() {
    this.filled = null;
    this.set({});
  }
}
