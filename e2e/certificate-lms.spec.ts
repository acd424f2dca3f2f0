// The certificate inside an LMS (decisions 0020 and 0131), both SCORM versions in the strict scorm-again harness:
// the PDF is made in the browser with the learner's name from the LMS — given as "Apellido,
// Nombre", printed as "Nombre Apellido" — and downloaded; no server call, no verification code.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { collectErrors, launchLms, type LmsVersion } from './support/lms-fixture.ts';
import { answerQuiz, leaveIntroduction, readTopics } from './support/course.ts';
import { course } from './support/content.ts';
import { pdfText } from './support/pdf-text.ts';

const LMS_NAME = 'Pérez Gómez, Ana María';
const PRINTED_NAME = 'Ana María Pérez Gómez';

/** A resumed attempt: modules 1–4 done and every topic of the last one viewed (score 80). */
function resumeAtLastQuiz(version: LmsVersion) {
  const modules = course().modules;
  const route = modules
    .map((m, i) =>
      Array.from({ length: m.topics.length + (i < modules.length - 1 ? 1 : 0) }, (_, k) => k).join(
        ',',
      ),
    )
    .join('-');
  const score = String(((modules.length - 1) * 100) / modules.length);
  return version === '1.2'
    ? {
        core: {
          student_id: 'E-1001',
          student_name: LMS_NAME,
          entry: 'resume',
          lesson_status: 'incomplete',
          score: { raw: score },
        },
        suspend_data: route,
      }
    : {
        learner_id: 'E-1001',
        learner_name: LMS_NAME,
        entry: 'resume',
        completion_status: 'incomplete',
        score: { raw: score },
        suspend_data: route,
      };
}

for (const version of ['1.2', '2004'] as const) {
  test(`SCORM ${version}: the last quiz, FELICITACIONES, DESCARGAR gives a PDF with the LMS learner's name`, async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const lms = await launchLms(page, { version, cmi: resumeAtLastQuiz(version) });
    const frame = lms.course;
    const last = course().modules.length;

    // In the course's own frame, as the learner does it (a reload would start a new attempt).
    await leaveIntroduction(frame);
    await expect(frame.getByText(`Módulos terminados: ${last - 1} de ${last}`)).toBeVisible();
    await readTopics(frame, last);
    await answerQuiz(frame, last);

    const congrats = frame.getByRole('dialog').filter({ hasText: 'FELICITACIONES' });
    await expect(congrats.getByRole('heading', { name: 'FELICITACIONES' })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      congrats.getByRole('button', { name: 'DESCARGAR' }).click(),
    ]);
    // The name comes from the LMS: no form to type it.
    await expect(frame.getByRole('dialog', { name: 'Tu certificado' })).toHaveCount(0);
    expect(download.suggestedFilename()).toMatch(/^certificado-sst-ana-maria-perez-gomez.*\.pdf$/);
    const text = await pdfText(await readFile((await download.path())!));
    expect(text).toContain(PRINTED_NAME);
    expect(text).toContain(course().title);
    expect(text).not.toMatch(/SST-[A-Z0-9]{4}-/);

    // The course cannot know the file reached the learner: the flow stays open (record 0131),
    // with the certificate on screen as the other way to get it; closing ends the session.
    await expect(congrats).toBeVisible();
    expect(await lms.terminated()).toBe(false);
    await congrats.getByRole('button', { name: 'VER CERTIFICADO' }).click();
    const screen = frame.getByRole('dialog', { name: 'Tu certificado' });
    await expect(
      screen.getByRole('article', { name: `Certificado de participación de ${PRINTED_NAME}` }),
    ).toBeVisible();
    await screen.getByRole('button', { name: 'Cerrar' }).click();
    await congrats.getByRole('button', { name: 'Cerrar' }).click();
    await expect.poll(() => lms.terminated()).toBe(true);
    // Later, the footer's Certificado opens the screen, with DESCARGAR there too.
    await frame.getByRole('contentinfo').getByRole('button', { name: 'Certificado' }).click();
    await expect(screen).toBeVisible();
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      screen.getByRole('button', { name: 'DESCARGAR' }).click(),
    ]);
    expect(again.suggestedFilename()).toBe(download.suggestedFilename());
    await screen.getByRole('button', { name: 'Cerrar' }).click();

    const cmi = await lms.cmi();
    if (version === '1.2') expect(cmi.core.lesson_status).toBe('completed');
    else expect(cmi.completion_status).toBe('completed');
    // Nothing went to a server: only the harness's own origin was asked for anything.
    expect(requests.filter((u) => /\/api\/|\/certificados\//.test(u))).toEqual([]);
    await lms.expectNoViolations();
    expect(errors).toEqual([]);
  });
}

// Record 0263: the certificate's date is the day the course was completed, kept in the course's
// own record, also when Moodle reopens the finished attempt in review mode 12 days later (where
// the course writes nothing). On the same browser both versions know it (1.2 from suspend_data,
// 2004 — whose data Moodle hands back only after exit suspend — from this browser's net); from
// another browser 2004 cannot know it and says «Fecha de emisión» instead.
const COMPLETED_ON = new Date('2026-11-28T20:30:00Z'); // 15:30 in Colombia
const TWELVE_DAYS_LATER = new Date(COMPLETED_ON.getTime() + 12 * 24 * 60 * 60 * 1000);

for (const version of ['1.2', '2004'] as const) {
  test(`SCORM ${version}: a certificate made 12 days after completion shows the completion date`, async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.clock.setFixedTime(COMPLETED_ON);
    const first = await launchLms(page, { version, cmi: resumeAtLastQuiz(version) });
    const last = course().modules.length;
    await leaveIntroduction(first.course);
    await readTopics(first.course, last);
    await answerQuiz(first.course, last);
    const congrats = first.course.getByRole('dialog').filter({ hasText: 'FELICITACIONES' });
    await congrats.getByRole('button', { name: 'Cerrar' }).click();
    await expect.poll(() => first.terminated()).toBe(true);
    const saved = await first.saved(version, { moodle: true });

    const certificateDate = async () => {
      await page.clock.setFixedTime(TWELVE_DAYS_LATER);
      const lms = await launchLms(page, { version, cmi: saved });
      await lms.course
        .getByRole('contentinfo')
        .getByRole('button', { name: 'Certificado' })
        .click();
      const screen = lms.course.getByRole('dialog', { name: 'Tu certificado' });
      const line = screen.getByText(/^Fecha de (finalización|emisión):/);
      const text = await line.textContent();
      await lms.expectNoViolations();
      expect(await lms.count(version === '1.2' ? 'LMSSetValue' : 'SetValue')).toBe(0);
      return text;
    };
    expect(await certificateDate()).toBe('Fecha de finalización: 28 de noviembre de 2026');
    // Another browser: nothing of this one's storage.
    await page.evaluate(() => localStorage.clear());
    expect(await certificateDate()).toBe(
      version === '1.2'
        ? 'Fecha de finalización: 28 de noviembre de 2026'
        : 'Fecha de emisión: 10 de diciembre de 2026',
    );
    expect(errors).toEqual([]);
  });
}
