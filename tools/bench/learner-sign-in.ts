// A learner signed in over HTTP the way the web app does it (XSRF cookie, then auth/login), for
// the benches that drive instances through a proxy (bench:server --instances, bench:million).

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
