// The OIDC third-party-initiated login of an LTI 1.3 launch (record 0295): the platform names
// itself (iss, perhaps client_id and deployment id) and the user (login_hint); the tool checks a
// live registration of the company, makes a `state` and a `nonce`, keeps them (the state as its
// sha256) for ten minutes, and sends the browser to the platform's authorization address, which
// answers with the signed id_token posted to the launch address.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db.ts';
import { hashToken } from '../security/tokens.ts';
import { liveRegistration, liveRegistrationsOf, type Registration } from './registrations.ts';
import { LtiRefusal } from './refusal.ts';
import { LAUNCH } from './strings.ts';

/** How long a login waits for its launch. */
export const LOGIN_LIFETIME_MS = 10 * 60 * 1000;

export interface LoginParams {
  iss: string;
  loginHint: string;
  targetLinkUri?: string;
  ltiMessageHint?: string;
  clientId?: string;
  deploymentId?: string;
  /** The platform's storage frame (`lti_storage_target`), when it offers one. */
  storageTarget?: string;
}

const param = (fields: Record<string, unknown>, name: string): string | undefined => {
  const value = fields[name];
  return typeof value === 'string' && value !== '' && value.length <= 2048 ? value : undefined;
};

/** The login's parameters, from the query (GET) or the form (POST). */
export function readLoginParams(fields: Record<string, unknown>): LoginParams {
  const iss = param(fields, 'iss');
  if (!iss) throw new LtiRefusal(400, LAUNCH.issuerMissing);
  const loginHint = param(fields, 'login_hint');
  if (!loginHint) throw new LtiRefusal(400, LAUNCH.loginHintMissing);
  return {
    iss,
    loginHint,
    targetLinkUri: param(fields, 'target_link_uri'),
    ltiMessageHint: param(fields, 'lti_message_hint'),
    clientId: param(fields, 'client_id'),
    deploymentId: param(fields, 'lti_deployment_id'),
    storageTarget: storageTargetOf(fields),
  };
}

/**
 * `lti_storage_target` (LTI Client Side postMessages): the frame of the platform that keeps data
 * for the tool — where the browser keeps none in the LMS's frame, the state is kept there
 * (record 0295). `_parent` or a frame's name; anything else is ignored.
 */
export function storageTargetOf(fields: Record<string, unknown>): string | undefined {
  const target = param(fields, 'lti_storage_target');
  return target !== undefined && /^[A-Za-z0-9_-]{1,64}$/.test(target) ? target : undefined;
}

/** The registration a login names: by (iss, client_id), else the issuer's (by deployment). */
async function registrationFor(db: Queryable, p: LoginParams): Promise<Registration> {
  const candidates = p.clientId
    ? [await liveRegistration(db, p.iss, p.clientId)].filter((r) => r !== null)
    : await liveRegistrationsOf(db, p.iss);
  if (candidates.length === 0) throw new LtiRefusal(403, LAUNCH.unknownPlatform);
  if (p.deploymentId === undefined) return candidates[0]!;
  const found = candidates.find((r) => r.deploymentIds.includes(p.deploymentId!));
  if (!found) throw new LtiRefusal(403, LAUNCH.unknownDeployment);
  return found;
}

export interface StartedLogin {
  state: string;
  registration: Registration;
  /** The platform's authorization address with every parameter of the authentication request. */
  redirect: string;
}

/** Checks the login against the company's registrations (`db` on its handle) and keeps it. */
export async function startLogin(
  db: Queryable,
  p: LoginParams,
  launchUrl: string,
): Promise<StartedLogin> {
  const registration = await registrationFor(db, p);
  const state = randomBytes(32).toString('base64url');
  const nonce = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO lti_logins (state_hash, nonce, registration_id, expires_at)
     VALUES ($1, $2, $3, now() + ($4::double precision * interval '1 millisecond'))`,
    [hashToken(state), nonce, registration.id, LOGIN_LIFETIME_MS],
  );
  const url = new URL(registration.authUrl);
  const query: Record<string, string | undefined> = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: registration.clientId,
    redirect_uri: launchUrl,
    login_hint: p.loginHint,
    lti_message_hint: p.ltiMessageHint,
    state,
    nonce,
  };
  for (const [name, value] of Object.entries(query))
    if (value !== undefined) url.searchParams.set(name, value);
  return { state, registration, redirect: url.toString() };
}
