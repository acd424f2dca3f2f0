// A refused LTI login, launch or ticket (record 0295): the HTTP status and the Spanish sentence
// that names what went wrong. The routes answer it as a page (login, launch) or as the API's
// `{ success: false, message }` (the ticket exchange); never a 500.
export class LtiRefusal extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 410 | 429 | 503,
    readonly userMessage: string,
  ) {
    super(userMessage);
  }
}
