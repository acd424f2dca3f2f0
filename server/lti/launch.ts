// The launch of an LTI 1.3 resource link (record 0295): the platform posts the id_token it signed
// and the state of the login that asked for it. The token is verified with jose against the
// registration's key set (RS256 only; issuer, audience and azp, exp and iat with at most a
// minute's tolerance), then the LTI claims: the login's nonce, the login used once (marked in the
// same statement that checks it), a deployment id of the registration, a resource link request
// of LTI 1.3.0. Every refusal is an LtiRefusal naming what went wrong in plain Spanish.
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { Queryable } from '../db/db.ts';
import { hashToken } from '../security/tokens.ts';
import { registrationById, type Registration } from './registrations.ts';
import { LtiRefusal } from './refusal.ts';
import { LOGIN_LIFETIME_MS } from './login.ts';
import { LAUNCH } from './strings.ts';
import { isPlatformUrl } from './platform-url.ts';

const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
/** The claims a launch reads. */
export const CLAIM = {
  messageType: `${LTI}message_type`,
  version: `${LTI}version`,
  deploymentId: `${LTI}deployment_id`,
  resourceLink: `${LTI}resource_link`,
  custom: `${LTI}custom`,
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
} as const;
export const AGS_SCORE_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';

/** Clock skew tolerated between the platform and this server, in seconds (at most a minute). */
export const CLOCK_TOLERANCE_S = 60;

/** Where a registration's public keys come from: its JWKS address, fetched and cached by jose. */
export type KeySets = (jwksUrl: string) => JWTVerifyGetKey;

const remote = new Map<string, JWTVerifyGetKey>();
/** jose's remote key sets, one per address for the process (refetched on an unknown kid). */
export const remoteKeySets: KeySets = (jwksUrl) => {
  let set = remote.get(jwksUrl);
  if (!set) {
    set = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000 });
    remote.set(jwksUrl, set);
  }
  return set;
};

export interface VerifiedLaunch {
  registration: Registration;
  claims: JWTPayload & { sub: string };
  stateHash: string;
}

interface LoginRow {
  nonce: string;
  registration_id: number;
  expired: boolean;
  launched_at: Date | string | null;
}

/** What jose refused, as the sentence an LMS administrator can act on. */
function refusalOfJose(error: unknown): LtiRefusal {
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWKSMultipleMatchingKeys ||
    error instanceof errors.JOSEAlgNotAllowed
  )
    return new LtiRefusal(401, LAUNCH.badSignature);
  if (error instanceof errors.JWTExpired) return new LtiRefusal(401, LAUNCH.expired);
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return new LtiRefusal(401, LAUNCH.wrongIssuer);
    if (error.claim === 'aud') return new LtiRefusal(401, LAUNCH.wrongAudience);
    if (error.claim === 'sub') return new LtiRefusal(400, LAUNCH.subjectMissing);
    if (error.claim === 'nonce') return new LtiRefusal(401, LAUNCH.wrongNonce);
    if ((error.claim === 'iat' || error.claim === 'nbf') && error.reason === 'check_failed')
      return new LtiRefusal(401, LAUNCH.notYetValid);
    return new LtiRefusal(400, LAUNCH.tokenUnreadable);
  }
  if (
    error instanceof errors.JWSInvalid ||
    error instanceof errors.JWTInvalid ||
    error instanceof errors.JOSENotSupported
  )
    return new LtiRefusal(400, LAUNCH.tokenUnreadable);
  // The key set could not be fetched or read (timeout, HTTP error, not a key set).
  return new LtiRefusal(503, LAUNCH.keysUnavailable);
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** Verifies a launch's id_token and state on the company's handle; marks its login used. */
export async function verifyLaunch(
  db: Queryable,
  form: { idToken?: string; state?: string },
  keySets: KeySets,
): Promise<VerifiedLaunch> {
  if (!form.state) throw new LtiRefusal(400, LAUNCH.stateMissing);
  if (!form.idToken) throw new LtiRefusal(400, LAUNCH.tokenMissing);
  const stateHash = hashToken(form.state);
  const [login] = await db.query<LoginRow>(
    `SELECT nonce, registration_id, expires_at <= now() AS expired, launched_at
       FROM lti_logins WHERE state_hash = $1`,
    [stateHash],
  );
  if (!login) throw new LtiRefusal(400, LAUNCH.unknownState);
  if (login.launched_at !== null) throw new LtiRefusal(403, LAUNCH.replayed);
  if (login.expired) throw new LtiRefusal(403, LAUNCH.loginExpired);
  const registration = await registrationById(db, Number(login.registration_id));
  if (!registration || registration.revokedAt !== null)
    throw new LtiRefusal(403, LAUNCH.unknownPlatform);

  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(form.idToken, keySets(registration.jwksUrl), {
      algorithms: ['RS256'],
      issuer: registration.issuer,
      audience: registration.clientId,
      clockTolerance: CLOCK_TOLERANCE_S,
      // An id_token older than its login could be is refused; so is one issued in the future.
      maxTokenAge: LOGIN_LIFETIME_MS / 1000 + CLOCK_TOLERANCE_S,
      requiredClaims: ['exp', 'iat', 'sub', 'nonce'],
    }));
  } catch (error) {
    throw refusalOfJose(error);
  }
  // Several audiences: the authorized party must be this tool (OIDC core 3.1.3.7).
  if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== registration.clientId)
    throw new LtiRefusal(401, LAUNCH.wrongAudience);
  if (claims.nonce !== login.nonce) throw new LtiRefusal(401, LAUNCH.wrongNonce);
  const sub = text(claims.sub);
  if (!sub) throw new LtiRefusal(400, LAUNCH.subjectMissing);
  if (claims[CLAIM.messageType] !== 'LtiResourceLinkRequest')
    throw new LtiRefusal(400, LAUNCH.wrongMessageType);
  if (claims[CLAIM.version] !== '1.3.0') throw new LtiRefusal(400, LAUNCH.wrongVersion);
  const deployment = text(claims[CLAIM.deploymentId]);
  if (!deployment || !registration.deploymentIds.includes(deployment))
    throw new LtiRefusal(403, LAUNCH.unknownDeployment);

  // Single use: the login is marked launched by the statement that finds it unused.
  const marked = await db.query(
    `UPDATE lti_logins SET launched_at = now()
      WHERE state_hash = $1 AND nonce = $2 AND launched_at IS NULL AND expires_at > now()
      RETURNING state_hash`,
    [stateHash, login.nonce],
  );
  if (marked.length !== 1) throw new LtiRefusal(403, LAUNCH.replayed);
  return { registration, claims: { ...claims, sub }, stateHash };
}

/**
 * The AGS line item a launch allows scores to (its endpoint claim with the score scope), or
 * why there is none: no line item offered, or one at an address the tool will not send a token
 * to (plain http to another machine, record 0297).
 */
export function gradeTargetOf(
  claims: JWTPayload,
):
  | { resourceLinkId: string; lineitemUrl: string }
  | { refused: 'no-line-item' | 'insecure-line-item' } {
  const ags = claims[CLAIM.ags] as { lineitem?: unknown; scope?: unknown } | undefined;
  const link = claims[CLAIM.resourceLink] as { id?: unknown } | undefined;
  const lineitemUrl = text(ags?.lineitem);
  const resourceLinkId = text(link?.id);
  const scopes = Array.isArray(ags?.scope) ? ags.scope : [];
  if (!lineitemUrl || !resourceLinkId || !scopes.includes(AGS_SCORE_SCOPE))
    return { refused: 'no-line-item' };
  if (!isPlatformUrl(lineitemUrl)) return { refused: 'insecure-line-item' };
  return { resourceLinkId, lineitemUrl };
}
