// The tracking port: the one interface every runtime (LMS, HTTP server, local storage)
// implements. The engine decides *what* changed; the adapter decides *how* its runtime stores
// it and *when* it commits. Screens only ever see this interface. It speaks the domain: viewed
// topics as the engine's ModulesViewed, the score the engine computed; an adapter turns them into
// a route string only where its runtime stores a string.
import type { ModuleState } from '../domain/progress/engine.ts';
import type { Interaction as DomainInteraction } from '../domain/progress/answer.ts';
import type { ModulesViewed } from '../domain/progress/route-codec.ts';

export type RuntimeMode = 'lms' | 'local' | 'server';

export interface Learner {
  /** Id in the runtime (LMS learner id, server user id); null when unknown. */
  id: string | null;
  /** Display name, "Nombre Apellido"; null when unknown. */
  name: string | null;
  /** Número de documento, when the runtime knows it. */
  document?: string | null;
  /** Server mode: URL of an already issued certificate. */
  urlCertificate?: string | null;
  /** Server mode: slug of the learner's obra; null = the configuration's first (decision 0078). */
  obra?: string | null;
  /**
   * Server mode: the acceptance statement the server built and published to this learner; the
   * app shows exactly this text (record 0259). Null or absent: the app builds it itself.
   */
  acceptanceStatement?: string | null;
}

export interface Snapshot {
  learner: Learner;
  /** Stored score 0–100, or null when none was stored yet. */
  score: number | null;
  /** Topics and quizzes viewed, as stored (read with the course's shape), or null when none. */
  viewed: ModulesViewed | null;
  /** Page id (or 'menu' / 'introduccion') where the learner left off, or null. */
  bookmark: string | null;
  /**
   * When the course was first completed, as the runtime keeps it in its own record (record
   * 0263); null or absent when it keeps none (a record completed before it kept dates).
   */
  completedAt?: Date | null;
  /**
   * The runtime opened the course only to look at it (an LMS's review or browse mode): nothing
   * is stored this session, every screen may be browsed; `certified` = the certificate is
   * reachable (docs/decisions/0160-one-rule-for-what-the-course-writes.md).
   */
  readOnly?: { mode: 'review' | 'browse'; certified: boolean };
}

export type ModuleStatus = ModuleState;

export interface ProgressChange {
  /** The score the engine computed (it only rises). */
  score?: number;
  /** Everything viewed so far (the whole record, not a difference). */
  viewed?: ModulesViewed;
  bookmark?: string;
  /** True once the course is complete (score 100). */
  completed?: boolean;
  /**
   * When the course was first completed (record 0263): sent with the completing change and
   * after it. A runtime keeps the first one it gets and never rewrites it.
   */
  completedAt?: Date;
  /** Status of each module, in order (LMS objectives). */
  modules?: { id: string; status: ModuleStatus }[];
  /** Sent once with the change that completes the last activity (server final_terms). */
  finalTerms?: boolean;
}

/** A question's answer: the one declared answer shape (src/domain/progress/answer.ts). */
export type Interaction = DomainInteraction;

/**
 * 'ok' when the runtime answers; 'retrying' while saves are failing and being retried;
 * 'offline' (server mode) while saves wait for the network to come back — progress is kept on
 * the device (docs/decisions/0141-offline-first-progress-and-sign-out.md).
 */
export type TrackingHealth = 'ok' | 'retrying' | 'offline';

/**
 * What a runtime can do, declared by its adapter: screens and the certificate flow ask these
 * instead of testing the runtime mode or the build target (docs/decisions/0156).
 */
export interface TrackingCapabilities {
  /** Who makes the certificate: the server issues it, or the browser draws it. */
  readonly certificate: 'server' | 'browser';
  /** The runtime's learner id may be an identity document (an LMS user id). */
  readonly learnerIdMayBeDocument: boolean;
  /** The runtime names the learner (an LMS's learner name): the certificate is made at once,
   *  without asking the learner to type their name. */
  readonly runtimeNamesLearner: boolean;
  /** Nothing confirms that a downloaded file reached the learner (inside an LMS frame), so the
   *  completion flow does not end on a download; the certificate is also offered as a screen. */
  readonly certificateAsScreen: boolean;
  /** Answers carry the option texts (the server keeps what the learner read). */
  readonly answerTexts: boolean;
  /** Progress is kept only in this browser: the learner is told so. */
  readonly localOnly: boolean;
  /** The learner's acceptance is kept in the LMS's comments (decision 0220): the «recorded»
   *  line says so. */
  readonly acceptanceInLmsComments: boolean;
}

/** The learner's acceptance of the induction (decision 0220): none yet, waiting to be sent, kept. */
export type AcceptanceStatus = 'none' | 'pending' | 'recorded';

/**
 * Why a waiting acceptance was removed without being recorded (record 0261): its cycle was
 * archived by a reinducción, the account was deactivated, or the server refused it for good.
 */
export type AcceptanceRefusal = 'archived-cycle' | 'deactivated' | 'refused';

export interface AcceptanceChannel {
  /** Records «Acepto» of `text`, the statement exactly as shown. Never throws. */
  accept(text: string): void;
  status(): AcceptanceStatus;
  /** While the status is 'none': why the learner's last «Acepto» was not recorded, if so. */
  refusal?(): AcceptanceRefusal | null;
  onStatus(listener: (status: AcceptanceStatus) => void): () => void;
}

export interface TrackingPort {
  /** Where the runtime can keep the learner's acceptance; absent where it cannot (local mode). */
  readonly acceptance?: AcceptanceChannel;
  readonly mode: RuntimeMode;
  readonly capabilities: TrackingCapabilities;
  /** Connects and reads what was stored. Resolves even when the runtime misbehaves. */
  start(): Promise<Snapshot>;
  /** Stores a change. Never throws; the adapter retries and commits as it sees fit. */
  save(change: ProgressChange): void;
  /** Records the learner's first answer to a question. */
  recordAnswer(interaction: Interaction): void;
  /** Pushes pending data now (page hidden, window closing). */
  flush(): void;
  /** Ends the session (LMS Terminate). Called once; later calls do nothing. */
  finish(): void;
  /** Subscribes to health changes (for the non-blocking notice). Returns an unsubscribe. */
  onHealth(listener: (health: TrackingHealth) => void): () => void;
}
