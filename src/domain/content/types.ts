// Course content model (decision 0023). Raw content files are validated by schema.ts and
// normalised by loader.ts into these types; the app only ever sees normalised content.

import {
  TOPIC_SCREEN_TYPES,
  quizType,
  type ActivityType,
  type TopicContent,
  type TopicScreenType,
} from '../registry/index.ts';

// Screen and quiz types, and each screen type's own content, come from the registries
// (src/domain/registry/; decision record 0200).
export { ACTIVITY_TYPES, TOPIC_SCREEN_TYPES } from '../registry/index.ts';
export type { ActivityType, TopicContent, TopicScreenType } from '../registry/index.ts';

const [firstScreenType, ...otherScreenTypes] = TOPIC_SCREEN_TYPES;
/**
 * Every screen type (decision 0027): the module menu and the registered topic screen types, in
 * the order the content summary has always listed them (the first registered type, then the menu).
 */
export const SCREEN_TYPES = [firstScreenType, 'menu', ...otherScreenTypes] as const;
export type ScreenType = TopicScreenType | 'menu';

export type PageType = TopicScreenType | ActivityType;

/** One entry of a list screen. Which fields a list type uses is documented in content/README.md. */
export interface ListItem {
  title: string;
  /** HTML. */
  text: string;
  img?: string;
  alt?: string;
  /** Short label: a tab name, a step label, a date or period on a timeline. */
  label?: string;
  /** Bullet points (comparison columns). HTML each. */
  points?: string[];
}

export interface Remember {
  title: string;
  /** HTML. */
  text: string;
}

/** What every topic has, whatever its screen type (ids and navigation derived by the loader). */
export interface TopicCommon {
  /** Page id, e.g. 'modulo1-tema2'. */
  id: string;
  title: string;
  /** 1-based topic number within the module. */
  number: number;
  /** Index of the module in the course (0-based). */
  home: number;
  /** Page id of the previous page, or null for the first topic. */
  previous: string | null;
  /** Position key, e.g. '0-topics-0'. */
  current: string;
  /** Page id of the next page, or 'menu'. */
  next: string;
  remember: Remember[];
  /** Legal source(s), plain text, shown as «Fuente: …» in a small line at the end of the screen. */
  fuente?: string;
}

type Distribute<U> = U extends unknown ? Omit<U, 'type'> : never;
type Intersect<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;

/** A topic of one screen type: the common fields and exactly that type's own (its definition.ts). */
export type TopicOf<T extends TopicScreenType> = TopicCommon & Extract<TopicContent, { type: T }>;

/**
 * A topic as the engine and the screens read it: its type, and any type's own fields as optional
 * (each type declares its own in its definition.ts; the loader has checked the topic against
 * its type's schema). Narrow with TopicOf<T> where one type's exact shape matters.
 */
export type Topic = TopicCommon & { type: TopicScreenType } & Partial<
    Intersect<Distribute<TopicContent>>
  >;

export interface QuestionOption {
  option: string;
  correct: 0 | 1;
}

export interface Question {
  /** HTML. */
  question: string;
  /** 1-based question number. */
  current: number;
  options: QuestionOption[];
  /** Explanation shown with the answer (true/false questions carry one). */
  message?: string;
  /** Hint shown after a wrong answer (never the answer itself). HTML. */
  pista?: string;
  /** Page id of the screen that teaches the answer, in this module or an earlier one (0171). */
  repaso?: string;
}

export interface Activity {
  /** Page id, e.g. 'modulo1-actividad'. */
  id: string;
  title: string;
  number: number;
  type: ActivityType;
  home: number;
  previous: string | null;
  /** Position key, e.g. '0-activity'. */
  current: string;
  next: string;
  last: boolean;
  questions: Question[];
}

export interface Module {
  /** 'modulo1', 'modulo2' … (one per module, any number). */
  id: string;
  /** May contain HTML. */
  name: string;
  title: string;
  number: number;
  /** Page id of the first page of the module. */
  next: string;
  type: 'menu';
  img: string;
  alt: string;
  topics: Topic[];
  activity: Activity;
}

export interface Introduction {
  title: string;
  /** HTML. */
  text: string;
  img?: string;
  alt?: string;
}

export interface Course {
  id: string;
  title: string;
  /** Header text when no module is current. */
  header: string;
  /** Name under the installed web app's icon; the title when absent (decision record 0140). */
  shortName?: string;
  introduction: Introduction;
  /** The page id of «Reglas que salvan vidas», linked from the menu (decision record 0270). */
  lifeRules?: string;
  /** Questions added after first publication; their records go last (decision record 0270). */
  appendedQuestions?: string[];
  /** Hours of the course, printed on the certificate. */
  hours: number;
  /** Package identity: identifier and zip-name prefixes, manifest description. */
  package: CoursePackage;
  modules: Module[];
}

/** How a course is packaged, from course.json (decision record 0034). */
export interface CoursePackage {
  /** The manifest identifier; never changes between versions (LMSs match updates by it). */
  manifestIdentifier: string;
  /** Prefix of the SCORM organization, item and resource identifiers. */
  identifierPrefix: string;
  /** Prefix of the zip names, e.g. 'curso-sst' → curso-sst-scorm12.zip. */
  zipPrefix: string;
  /** Manifest description. */
  description: string;
}

/** A page the router can show: a topic or an activity. */
export type Page = Topic | Activity;

export function isActivity(page: Page): page is Activity {
  return quizType(page.type) !== undefined;
}
