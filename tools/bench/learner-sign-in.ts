// A learner signed in over HTTP the way the web app does it (XSRF cookie, then auth/login), and
// its progress saves, for the benches that drive instances through a proxy (bench:server
// --instances, bench:million).

/** A signed-in learner: the id, the bearer token and the XSRF token bound to the session. */
export interface SignedInLearner {
  id: number;
  token: string;
  xsrf: string;
}

export async function signInLearner(
  base: string,
  document: string,
  password: string,
): Promise<SignedInLearner> {
  const csrf = await fetch(`${base}/api/v1/csrf-cookie`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.getSetCookie().join('\n'))?.[1] ?? '';
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: {
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': xsrf,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ document, password }),
  });
  const body = (await res.json()) as { token?: string; user?: { id: number } };
  const bound = /XSRF-TOKEN=([^;]+)/.exec(res.headers.getSetCookie().join('\n'))?.[1] ?? '';
  if (!body.token || !body.user) throw new Error(`sign-in ${document}: HTTP ${res.status}`);
  return { id: body.user.id, token: body.token, xsrf: bound };
}

/** One progress save as the course sends it (module 3, one of seven topics by `step`); null: no answer. */
export function saveProgress(
  base: string,
  learner: SignedInLearner,
  step: number,
): Promise<Response | null> {
  return fetch(`${base}/api/v1/update-user`, {
    method: 'POST',
    headers: {
      authorization: learner.token,
      cookie: `XSRF-TOKEN=${learner.xsrf}`,
      'x-xsrf-token': learner.xsrf,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      id: learner.id,
      score: 40,
      route: '0,1,2-0,1,2',
      current_location: `/tema/modulo3/${step % 7}`,
    }),
  }).catch(() => null);
}
