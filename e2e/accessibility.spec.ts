// axe (WCAG 2.1 AA rules) on every screen type, both quiz types with each feedback modal open and
// their result panels, the menu, the drawer and each modal open — at a desktop and a phone width.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { pagePath } from '../src/domain/progress/navigation.ts';
import { course } from './support/content.ts';
import { seedLocalProgress, walkQuiz } from './support/learner.ts';
import { API_URL } from './support/api-server-config.ts';
import { expectAppIntroduction } from './support/wayfinding.ts';

async function expectNoViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `violaciones de axe en ${what}`).toEqual([]);
}

const firstTopicOfEachType = () => {
  const seen = new Map<string, { id: string; type: string }>();
  for (const m of course().modules)
    for (const t of m.topics) if (!seen.has(t.type)) seen.set(t.type, t);
  return [...seen.values()];
};

for (const viewport of [
  { name: 'escritorio', width: 1366, height: 768 },
  { name: 'teléfono', width: 360, height: 740 },
]) {
  test.describe(`axe (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    test.beforeEach(async ({ page }) => seedLocalProgress(page, course().modules.length - 1));

    test('introduction and menu', async ({ page }) => {
      await page.goto('/lms/index.html#/introduccion');
      await expectAppIntroduction(page);
      await expectNoViolations(page, '/introduccion');
      await page.goto('/lms/index.html#/menu');
      await expect(page.getByRole('heading', { name: 'Módulos del curso' })).toBeVisible();
      await expectNoViolations(page, '/menu');
    });

    for (const topic of firstTopicOfEachType()) {
      test(`topic screen ${topic.type}`, async ({ page }) => {
        await page.goto(`/lms/index.html#${pagePath(topic as never)}`);
        await expect(page.locator(`[data-screen-type="${topic.type}"]`)).toBeVisible();
        await expectNoViolations(page, topic.id);
      });
    }

    for (const type of ['drag-answer', 'select-answer'] as const) {
      test(`quiz ${type}: its feedback modals and the result panel`, async ({ page }) => {
        const m = course().modules.find((mod) => mod.activity.type === type)!;
        await page.goto(`/lms/index.html#${pagePath(m.activity)}`);
        await expect(page.getByText(/Pregunta 1 de/)).toBeVisible();
        await expectNoViolations(page, m.activity.id);
        await walkQuiz(page, 'mouse', m.activity, (moment) => expectNoViolations(page, moment));
      });
    }

    test('a hotspot found and a flip card turned', async ({ page }) => {
      const topics = course().modules.flatMap((m) => m.topics);
      const hotspots = topics.find((t) => t.type === 'list6')!;
      await page.goto(`/lms/index.html#${pagePath(hotspots as never)}`);
      await page.getByRole('button', { name: 'Punto 1: por descubrir' }).click();
      await expect(page.getByText(/Quedan \d+ por encontrar/)).toBeVisible();
      await expectNoViolations(page, 'punto encontrado');
      const cards = topics.find((t) => t.type === 'list3')!;
      await page.goto(`/lms/index.html#${pagePath(cards as never)}`);
      await page
        .getByRole('button', { name: /Voltear tarjeta/ })
        .first()
        .click();
      await expect(page.getByRole('button', { expanded: true })).toHaveCount(1);
      await expectNoViolations(page, 'tarjeta volteada');
    });

    test('side menu (drawer) open', async ({ page }) => {
      await page.goto('/lms/index.html#/menu');
      await page.getByRole('button', { name: 'Módulos', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Módulos' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Módulos del curso' })).toBeVisible();
      await expectNoViolations(page, 'menú lateral');
    });

    test('alert modal (certificate asked for before 100)', async ({ page }) => {
      await page.goto('/lms/index.html#/menu');
      await page.getByRole('button', { name: 'Certificado' }).click();
      await expect(page.getByRole('dialog')).toContainText(
        'Para visualizar y descargar tu certificado es necesario que realices los módulos.',
      );
      await expectNoViolations(page, 'modal alert');
    });
  });
}

test('congratulations modal and the certificate name form', async ({ page }) => {
  await seedLocalProgress(page, course().modules.length - 1, { nextTopicsViewed: true });
  const last = course().modules.at(-1)!;
  await page.goto(`/lms/index.html#${pagePath(last.activity)}`);
  for (const q of last.activity.questions) {
    await page
      .getByRole('radio', { name: q.options.find((o) => o.correct === 1)!.option, exact: true })
      .check();
    await page.getByRole('button', { name: 'Responder' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'ACEPTAR' }).click();
    await expect(page.getByRole('dialog').filter({ hasText: '¡Respuesta correcta!' })).toHaveCount(
      0,
    );
  }
  await expect(page.getByRole('heading', { name: 'FELICITACIONES' })).toBeVisible();
  await expectNoViolations(page, 'modal de felicitaciones');
  await page.getByRole('button', { name: 'DESCARGAR' }).click();
  await expect(page.getByRole('dialog', { name: 'Tu certificado' })).toBeVisible();
  await expectNoViolations(page, 'modal del certificado');
});

test('error pages (500 and not found)', async ({ page }) => {
  for (const path of ['#/error-500', '#/no-existe']) {
    await page.goto(`/lms/index.html${path}`);
    await expect(page.getByRole('link', { name: 'Ir al menú' })).toBeVisible();
    await expectNoViolations(page, path);
  }
});

test.describe('standalone app', () => {
  test.use({ baseURL: API_URL });

  test('sign-in page and the certificate verification page', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    await expectNoViolations(page, '/auth/login');
    await page.goto('/verificar/SST-0000-0000-0000');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolations(page, '/verificar (no encontrado)');
  });
});
