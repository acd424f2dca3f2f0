// What the console's page modules share: the context built by routes.ts and two reply helpers.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { XsrfTokens } from '../security/xsrf.ts';
import type { CompanyConfig } from '../../src/domain/config/index.ts';
import type { CourseFacts } from '../certificates.ts';
import type { guard } from './auth.ts';
import type { Scope } from './queries.ts';

export interface ConsoleContext {
  app: AppContext;
  config: CompanyConfig;
  course: CourseFacts;
  scope: Scope;
  obras: { slug: string; nombre: string }[];
  obraName(slug: string | null): string;
  xsrf: XsrfTokens;
  read: ReturnType<typeof guard>;
  write: ReturnType<typeof guard>;
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
