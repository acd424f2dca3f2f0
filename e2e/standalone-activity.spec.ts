// The console's learner records (decision 0126) in the standalone app, against the real server: the habeas-data notice comes once,
// before the course (record 0127); a quiz's first answers reach the server through
// record-activity even when the connection drops — and a batch the server stored but whose
// answer never arrived is re-sent without being stored twice (record 0126).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Request } from '@playwright/test';
import { course } from './support/content.ts';
import { takeModule } from './support/learner.ts';
import { API_URL, LEARNERS } from './support/api-server-config.ts';
import { signIn as signInAs } from './support/standalone.ts';
import { consolePage, openLearner, storedSessions } from './support/console-reader.ts';

test.use({ baseURL: API_URL });

const NOTICE = 'Tus datos personales';
const ACTIVITY = '**/api/v1/record-activity';

interface SentAnswer {
  questionId: string;
  option: string;
  correctOption: string;
  correct: boolean;
  contentVersion: string;
}
interface ActivityBody {
  cycle: number;
  answers?: SentAnswer[];
  sessions?: { id: string; seconds: number }[];
}

const bodyOf = (request: Request) => JSON.parse(request.postData() ?? '{}') as ActivityBody;

const signIn = (page: Page, document: string = LEARNERS.firstSignIn.document) =>
  signInAs(page, document);

test('first sign-in: the notice once; a quiz answered wrong then right, the connection cut: the first answer is stored exactly once', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const quiz = course().modules[0]!.activity;
  const first = quiz.questions[0]!;
  const wrong = first.options.find((o) => o.correct !== 1)!.option;
  const right = first.options.find((o) => o.correct === 1)!.option;

  // The notice comes after signing in, before anything of the course.
  await page.goto('/');
  await signIn(page);
  const heading = page.getByRole('heading', { level: 1, name: NOTICE });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  await expect(page.getByText('Ley 1581 de 2012')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  const accepted = page.waitForResponse((r) => r.url().endsWith('/accept-data-notice'));
  await page.getByRole('button', { name: 'Acepto' }).click();
  const acceptance = (await (await accepted).json()) as {
    user: { dataNoticeAcceptedAt: string | null; cycle: number };
  };
  expect(acceptance.user.dataNoticeAcceptedAt).not.toBeNull();
  expect(acceptance.user.cycle).toBe(1);
  await expect(page).toHaveURL(/\/introduccion$/);

  // Only once: a reload opens the course. Leaving the page sends this session's visible time,
  // however short the visit: the server stores it (read in the console, where it lands).
  const coordinatorView = await consolePage(browser);
  expect(await storedSessions(coordinatorView, LEARNERS.firstSignIn.document)).toBe(0);
  await page.reload();
  await expect
    .poll(() => storedSessions(coordinatorView, LEARNERS.firstSignIn.document), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1);
  await coordinatorView.context().close();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(NOTICE);
  await expect(page.getByText(NOTICE)).toHaveCount(0);
  await page.getByRole('link', { name: 'Siguiente' }).click();
  await expect(page).toHaveURL(/\/menu$/);

  // The first call with answers reaches the server but its answer is lost on the way back; the
  // next is cut before it leaves (offline). Then the connection is back.
  let storedBeforeCut = 0;
  const faults: ('lost-answer' | 'offline')[] = ['lost-answer', 'offline'];
  const withAnswers: ActivityBody[] = [];
  await page.route(ACTIVITY, async (route) => {
    const body = bodyOf(route.request());
    if (!body.answers?.length) return route.continue();
    withAnswers.push(body);
    const fault = faults.shift();
    if (fault === 'lost-answer') {
      const response = await route.fetch();
      storedBeforeCut += ((await response.json()) as { answers: number }).answers;
      return route.abort('connectionreset');
    }
    if (fault === 'offline') return route.abort('internetdisconnected');
    return route.continue();
  });
  let storedAfter = 0;
  page.on('response', (r) => {
    if (r.url().endsWith('/record-activity') && r.status() === 200)
      void r.json().then((b: { answers: number }) => (storedAfter += b.answers));
  });

  await takeModule(page, 1, 'mouse', { firstTryWrong: true });
  await expect(page.getByText('Módulos terminados: 1 de 5')).toBeVisible();
  // Everything was accepted in the end (the queue in this browser is empty).
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            (
              JSON.parse(localStorage.getItem('curso-sst:pending-activity') ?? '{}') as {
                answers?: unknown[];
              }
            ).answers?.length ?? 0,
        ),
      { timeout: 30_000 },
    )
    .toBe(0);
  expect(faults).toEqual([]);

  // The first answer to question 1 was the wrong one, with its texts and the content version.
  const firstSend = withAnswers[0]!.answers!.find((a) => a.questionId === 'm1-q1')!;
  expect(firstSend).toMatchObject({
    correct: false,
    option: wrong,
    correctOption: right,
    contentVersion: expect.stringMatching(/^curso-sst-[0-9a-z]+$/),
  });
  expect(withAnswers[0]!.cycle).toBe(1);
  // It was sent more than once (the lost answer, the cut) but never as a right answer…
  const sendsOfQ1 = withAnswers.flatMap((b) => b.answers!).filter((a) => a.questionId === 'm1-q1');
  expect(sendsOfQ1.length).toBeGreaterThan(1);
  expect(sendsOfQ1.every((a) => !a.correct && a.option === wrong)).toBe(true);
  // …and the server stored one first answer per question: the re-sends stored nothing new.
  await expect.poll(() => storedBeforeCut + storedAfter).toBe(quiz.questions.length);
  expect(errors).toEqual([]);
});

test("a reinducción while the learner has the course open: the old cycle's data is refused and dropped, and the course starts again from zero", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const learner = LEARNERS.reinduction;
  await page.goto('/');
  await signIn(page, learner.document);
  await expect(page).toHaveURL(/\/(introduccion|menu|contenido|lista\d|seleccionar-pregunta)/);
  if (/\/introduccion$/.test(page.url()))
    await page.getByRole('link', { name: 'Siguiente' }).click();
  else await page.getByRole('contentinfo').getByRole('link', { name: 'Menú' }).click();
  await expect(page).toHaveURL(/\/menu$/);
  await expect(page.getByText('Módulos terminados: 5 de 5')).toBeVisible();

  // The coordinator starts a new cycle for this learner (e2e/console.spec.ts drives the console).
  const coordinator = await consolePage(browser);
  try {
    await openLearner(coordinator, learner.document);
    await coordinator.getByRole('checkbox', { name: /Confirmo: el ciclo/ }).check();
    await coordinator.getByRole('button', { name: /Iniciar reinducción/ }).click();
    await expect(coordinator.getByRole('status')).toContainText('Reinducción iniciada: ciclo 2');
  } finally {
    await coordinator.context().close();
  }

  // The page still holds cycle 1. The learner switches to another app: this session's time goes
  // (with cycle 1) as the page is hidden, and is refused.
  // (Read through a route: the page reloads at once, before a response body could be read.)
  const refusals: { path: string; sent: string; answer: unknown }[] = [];
  await page.route(/\/api\/v1\/(record-activity|update-user)$/, async (route) => {
    const response = await route.fetch();
    if (response.status() === 409)
      refusals.push({
        path: new URL(route.request().url()).pathname,
        sent: route.request().postData() ?? '',
        answer: await response.json(),
      });
    await route.fulfill({ response });
  });
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect.poll(() => refusals.length).toBeGreaterThan(0);
  const refusal = refusals[0]!;
  expect(refusal.answer).toMatchObject({ code: 'stale-cycle', cycle: 2 });
  if (refusal.path.endsWith('/record-activity'))
    expect((JSON.parse(refusal.sent) as ActivityBody).cycle).toBe(1);
  else expect(refusal.sent).toMatch(/name="cycle"\r\n\r\n1\r\n/);
  // Dropped for good; the course opens again from the start, at 0 %.
  await expect(page).toHaveURL(/\/introduccion$/);
  await expect(page.getByText('Módulos terminados: 0 de 5')).toBeVisible();
  const stored = await page.evaluate(() => ({
    user: JSON.parse(localStorage.getItem('user') ?? '{}') as { cycle?: number },
    activity: localStorage.getItem('curso-sst:pending-activity') ?? '',
  }));
  expect(stored.user.cycle).toBe(2);
  expect(stored.activity).not.toContain('"cycle":1');

  // The new cycle's saves carry cycle 2 and are accepted.
  await page.getByRole('link', { name: 'Siguiente' }).click();
  const accepted = page.waitForResponse((r) => r.url().endsWith('/update-user'));
  await page.getByRole('button', { name: /Módulo 1\b/ }).click();
  const next = await accepted;
  expect(next.status()).toBe(200);
  expect(next.request().postData() ?? '').toMatch(/name="cycle"\r\n\r\n2\r\n/);
  expect(((await next.json()) as { user: { score: number } }).user.score).toBe(0);
  expect(errors).toEqual([]);
});
