// Fastify response schemas of the learner API (decision record 0214): each route's 200 answer is
// serialized through its schema, so a field that is not declared here (a password hash, a
// celular, a console-only column) never leaves the server even if a query starts returning it,
// and the shapes the app relies on (decision 0029) are written down in one place.
// Refusals (4xx, 5xx) go through the error handler and keep their own shape.
import type { FastifySchema } from 'fastify';

const nullableString = { type: ['string', 'null'] } as const;

/** The learner as the API returns it (`PublicUser` in server/db/store.ts). */
const user = {
  type: 'object',
  required: ['id', 'name', 'document', 'score', 'route', 'url_certificate', 'cycle'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    document: { type: 'string' },
    email: nullableString,
    obra: nullableString,
    score: { type: 'number' },
    route: { type: 'string' },
    current_location: nullableString,
    final_terms: { type: 'boolean' },
    completed_at: nullableString,
    url_certificate: nullableString,
    cycle: { type: 'integer' },
    dataNoticeAcceptedAt: nullableString,
    dataNoticeVersion: nullableString,
    /** The acceptance statement the server published to the learner (record 0259). */
    acceptanceStatement: { type: 'string' },
    /** The hash of what the web app needs of the learner's company (record 0291). */
    company_config: { type: 'string' },
    obra_values: {
      type: 'object',
      additionalProperties: {
        anyOf: [
          { type: 'string' },
          { type: 'boolean' },
          { type: 'array', items: { type: 'string' } },
        ],
      },
    },
  },
  additionalProperties: false,
} as const;

const withUser = {
  type: 'object',
  required: ['success', 'user'],
  properties: { success: { type: 'boolean' }, user },
  additionalProperties: false,
} as const;

// Typed as a plain FastifySchema: the handlers keep their own return types, and a refusal may
// still set any status code.
const ok = (schema: object): FastifySchema => ({ response: { 200: schema } });

export const RESPONSES = {
  /** auth/login and auth/invitation: the same shape (decision 0210). */
  signIn: ok({
    type: 'object',
    required: ['success', 'token', 'user'],
    properties: { success: { type: 'boolean' }, token: { type: 'string' }, user },
    additionalProperties: false,
  }),
  /** me, update-user, accept-data-notice. */
  user: ok(withUser),
  logout: ok({
    type: 'object',
    required: ['success'],
    properties: { success: { type: 'boolean' } },
    additionalProperties: false,
  }),
  recordActivity: ok({
    type: 'object',
    required: ['success', 'answers', 'sessions'],
    properties: {
      success: { type: 'boolean' },
      answers: { type: 'integer' },
      sessions: { type: 'integer' },
    },
    additionalProperties: false,
  }),
  recordAcceptance: ok({
    type: 'object',
    required: ['success', 'acceptance'],
    properties: {
      success: { type: 'boolean' },
      acceptance: {
        type: 'object',
        required: ['receivedAt', 'shownVersion', 'seal', 'keyId'],
        properties: {
          receivedAt: { type: 'string' },
          shownVersion: { type: 'string' },
          seal: { type: 'string' },
          keyId: { type: 'string' },
        },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  }),
  /**
   * company-config (record 0291): what the web app needs of the learner's company. Its parts are
   * made by the pure `learnerCompany` (src/domain/config/learner-company.ts), nothing else.
   */
  companyConfig: ok({
    type: 'object',
    required: ['success', 'company_config', 'company', 'obras', 'notice'],
    properties: {
      success: { type: 'boolean' },
      company_config: { type: 'string' },
      company: { type: 'object', additionalProperties: true },
      obras: {
        type: 'object',
        required: ['first', 'company', 'obras'],
        properties: {
          first: { type: 'string' },
          company: { type: 'object', additionalProperties: true },
          obras: {
            type: 'object',
            additionalProperties: { type: 'object', additionalProperties: true },
          },
        },
        additionalProperties: false,
      },
      notice: {
        type: 'object',
        required: ['text', 'version'],
        properties: { text: { type: 'string' }, version: { type: 'string' } },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  }),
  /** download-certificate: the link and the learner, or `success: false` with a message. */
  certificate: ok({
    type: 'object',
    required: ['success'],
    properties: {
      success: { type: 'boolean' },
      url_file: { type: 'string' },
      message: { type: 'string' },
      user: { anyOf: [user, { type: 'null' }] },
    },
    additionalProperties: false,
  }),
} as const;
