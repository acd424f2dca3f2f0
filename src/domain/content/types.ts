// Course content model (decision 0023). Raw content files are validated by schema.ts and
// normalised by loader.ts into these types; the app only ever sees normalised content.

import { TOPIC_SCREEN_TYPES, type ActivityType, type TopicScreenType } from '../registry/index.ts';

// Screen and quiz types come from the registries (src/domain/registry/).
export { ACTIVITY_TYPES, TOPIC_SCREEN_TYPES } from '../registry/index.ts';
export type { ActivityType, TopicScreenType } from '../registry/index.ts';

/** Every screen type (decision 0027): the menu plus the nine topic screen types. */
export const SCREEN_TYPES = ['content', 'menu', ...TOPIC_SCREEN_TYPES.slice(1)] as const;
export type ScreenType = (typeof SCREEN_TYPES)[number];

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
  /** Hotspot position in % of the image (list6). */
  x?: number;
  y?: number;
}

export interface Remember {
  title: string;
  /** HTML. */
  text: string;
}

export interface Topic {
  /** Page id, e.g. 'modulo1-tema2'. */
  id: string;
  title: string;
  /** 1-based topic number within the module. */
  number: number;
  type: TopicScreenType;
  /** Index of the module in the course (0-based). */
  home: number;
  /** Page id of the previous page, or null for the first topic. */
  previous: string | null;
  /** Position key, e.g. '0-topics-0'. */
  current: string;
  /** Page id of the next page, or 'menu'. */
  next: string;
  /** HTML paragraphs. */
  text?: string;
  text1?: string;
  text2?: string;
  img?: string;
  alt?: string;
  /** Items of list2..list8 screens. */
  items?: ListItem[];
  /** list1: items opened in a modal or inline (div). */
  list1?: { open: 'modal' | 'div'; items: ListItem[] };
  remember: Remember[];
  /** Legal source(s), plain text, shown as «Fuente: …» in a small line at the end of the screen. */
  fuente?: string;
}

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
  return page.type === 'drag-answer' || page.type === 'select-answer';
}
