// What the console's page modules share: the context built by routes.ts and two reply helpers.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { XsrfTokens } from '../security/xsrf.ts';
import type { CompanyConfig } from '../../src/domain/config/index.ts';
import type { CourseFacts } from '../certificates.ts';
import type { guard } from './auth.ts';
import type { Scope } from './queries.ts';
import type { KnownObra } from '../obras.ts';
import type { ImportWorker, JobClock } from './import-jobs.ts';
import { esConsole as T } from './strings/es-console.ts';
import type { FORM } from '../routes/body-schema.ts';

export interface ConsoleContext {
  app: AppContext;
  /**
   * The request's company's configuration (record 0287), as its guard read it: its stored
   * version; company 1 without one, the installation's; another company, «sin configurar».
   */
  readonly config: CompanyConfig;
  /** The same, read now (a job's, or a document's drawn outside a page's guard). */
  currentConfig(): Promise<CompanyConfig>;
  course: CourseFacts;
  scope: Scope;
  /** The configuration's obras and the console's (decision 0215), current for this request. */
  obras: KnownObra[];
  refreshObras(): Promise<KnownObra[]>;
  importWorker: ImportWorker;
  /** The clock the background jobs' times are taken from (tests move it; record 0273). */
  clock?: JobClock;
  /** The template LMS build an obra's SCORM zips are made from (decision 0241). */
  lmsTemplateDir: string;
  obraName(slug: string | null): string;
  xsrf: XsrfTokens;
  read: ReturnType<typeof guard>;
  write: ReturnType<typeof guard>;
  /** A form's POST: the write guard and the form's body schema (record 0272). */
  form: { preHandler: ReturnType<typeof guard>; schema: typeof FORM };
}

export const sendHtml = (reply: FastifyReply, html: string, status = 200) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .send(html);

/** A form field as text ('' when absent), from urlencoded or multipart bodies. */
export function field(request: FastifyRequest, name: string): string {
  const raw = (request.body as Record<string, unknown> | undefined)?.[name];
  const value =
    typeof raw === 'object' && raw !== null && 'value' in raw
      ? (raw as { value: unknown }).value
      : raw;
  return typeof value === 'string' ? value : '';
}

/** Every value of a repeated form field (urlencoded gives an array, multipart parts). */
export function fields(request: FastifyRequest, name: string): string[] {
  const raw = (request.body as Record<string, unknown> | undefined)?.[name];
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return list
    .map((v) =>
      typeof v === 'object' && v !== null && 'value' in v ? (v as { value: unknown }).value : v,
    )
    .filter((v): v is string => typeof v === 'string');
}

/**
 * A query parameter the console cannot use (decision 0182): answered with a 400 page saying
 * which one and why, never a 500 or a silently different page.
 */
export class BadParameter extends Error {
  readonly code = 'CONSOLE_BAD_PARAMETER';
  constructor(
    readonly parameter: string,
    readonly text: string,
  ) {
    super(`${parameter}: ${text}`);
    this.name = 'BadParameter';
  }
}

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for an aaaa-mm-dd day that exists, from 0001-01-01 to 9999-12-31. */
export function isRealDate(value: string): boolean {
  const m = YMD.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate(); // 2000: leap year
  if (day > daysInMonth) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return !(month === 2 && day === 29 && !leap);
}

/** A date parameter: '' when absent, else a real aaaa-mm-dd day or BadParameter. */
export function dateParameter(name: string, value: string): string {
  if (value === '') return '';
  if (!isRealDate(value)) throw new BadParameter(name, T.parameter.badDate(value));
  return value;
}

// C0/C1 controls (NUL included) have no place in a typed search or a slug.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A text parameter: '' when absent; control characters are a BadParameter. */
export function textParameter(name: string, value: unknown, max = 120): string {
  if (value === undefined) return '';
  if (typeof value !== 'string') throw new BadParameter(name, T.parameter.repeated);
  if (CONTROL.test(value)) throw new BadParameter(name, T.parameter.control);
  if (value.length > max) throw new BadParameter(name, T.parameter.tooLong(max));
  return value;
}

/** A page number: 1 when absent; a whole number from 1 to 1,000,000 or BadParameter. */
export function pageParameter(name: string, value: unknown): number {
  const text = textParameter(name, value, 20);
  if (text === '') return 1;
  if (!/^\d{1,7}$/.test(text) || Number(text) < 1 || Number(text) > 1_000_000)
    throw new BadParameter(name, T.parameter.badPage(text));
  return Number(text);
}
