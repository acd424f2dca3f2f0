// «Escuchar» with a stubbed speech synthesis (it records what would be spoken): it reads the
// visible text of a topic screen and of a quiz question in a Spanish voice, pauses, resumes,
// stops on navigation, and is absent when the browser has no Spanish voice. Texts come from
// the content files.
import { expect, test, type Page } from '@playwright/test';
import { course } from './support/content.ts';

interface SpeechRecord {
  spoken: { text: string; lang: string; voice: string | null }[];
  calls: string[];
  getVoicesCalls: number;
}

/** Stubs speechSynthesis; the voices (of these languages) arrive late, with 'voiceschanged'. */
async function stubSpeech(page: Page, langs: string[]) {
  await page.addInitScript((voiceLangs: string[]) => {
    const rec = { spoken: [], calls: [], getVoicesCalls: 0 } as unknown as {
      spoken: { text: string; lang: string; voice: string | null }[];
      calls: string[];
      getVoicesCalls: number;
    };
    (window as unknown as { __speech: typeof rec }).__speech = rec;
    let voices: object[] = [];
    const listeners = new Set<(e: Event) => void>();
    const synth = {
      getVoices() {
        rec.getVoicesCalls++;
        return voices;
      },
      speak(u: { text: string; lang: string; voice: { name: string } | null }) {
        rec.spoken.push({ text: u.text, lang: u.lang, voice: u.voice?.name ?? null });
        rec.calls.push('speak');
      },
      cancel: () => rec.calls.push('cancel'),
      pause: () => rec.calls.push('pause'),
      resume: () => rec.calls.push('resume'),
      speaking: false,
      paused: false,
      pending: false,
      addEventListener: (type: string, l: (e: Event) => void) => {
        if (type === 'voiceschanged') listeners.add(l);
      },
      removeEventListener: (_type: string, l: (e: Event) => void) => listeners.delete(l),
    };
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    (window as unknown as { SpeechSynthesisUtterance: unknown }).SpeechSynthesisUtterance = class {
      lang = '';
      voice = null;
      rate = 1;
      onend = null;
      onerror = null;
      constructor(public text: string) {}
    };
    setTimeout(() => {
      voices = voiceLangs.map((lang) => ({
        lang,
        name: `Voz ${lang}`,
        localService: true,
        default: false,
        voiceURI: lang,
      }));
      listeners.forEach((l) => l(new Event('voiceschanged')));
    }, 300);
  }, langs);
}

const record = (page: Page) =>
  page.evaluate(() => (window as unknown as { __speech: SpeechRecord }).__speech);
const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const spokenText = async (page: Page) => (await record(page)).spoken.map((s) => s.text).join(' ');

test('reads a topic screen aloud in a Colombian voice, pauses, resumes, stops on navigation', async ({
  page,
}) => {
  await stubSpeech(page, ['en-US', 'es-ES', 'es-CO']);
  await page.goto('/lms/index.html#/menu');
  const module1 = course().modules[0]!;
  await page.getByRole('button', { name: new RegExp(`Módulo 1\\b`) }).click();
  const topic = module1.topics[0]!;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(plain(topic.title));

  await page.getByRole('button', { name: 'Escuchar' }).click();
  await expect.poll(async () => (await record(page)).spoken.length).toBeGreaterThan(1);
  const { spoken } = await record(page);
  expect(new Set(spoken.map((s) => s.voice))).toEqual(new Set(['Voz es-CO']));
  expect(spoken.every((s) => s.lang === 'es-CO')).toBe(true);
  const text = await spokenText(page);
  expect(text).toContain(plain(topic.title));
  // Every line of the screen's first visible paragraph is read; navigation and controls are not.
  const firstParagraph = await page
    .locator('article p')
    .filter({ hasText: /\p{L}/u })
    .first()
    .innerText();
  for (const line of firstParagraph.split('\n').filter((l) => l.trim()))
    expect(text).toContain(line.replace(/\s+/g, ' ').trim());
  expect(text).not.toMatch(/\bSiguiente\b|\bEscuchar\b|\bDetener\b/);

  await page.getByRole('button', { name: 'Pausar' }).click();
  await page.getByRole('button', { name: 'Continuar' }).click();
  expect((await record(page)).calls.filter((c) => c === 'pause' || c === 'resume')).toEqual([
    'pause',
    'resume',
  ]);

  const cancelsBefore = (await record(page)).calls.filter((c) => c === 'cancel').length;
  await page.getByRole('link', { name: 'Siguiente' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(plain(module1.topics[1]!.title));
  const after = (await record(page)).calls;
  expect(after.filter((c) => c === 'cancel').length).toBeGreaterThan(cancelsBefore);
  expect(after.at(-1)).toBe('cancel'); // nothing spoken after leaving the screen
  await expect(page.getByRole('button', { name: 'Escuchar' })).toBeVisible();
});

test('reads a quiz question and its options', async ({ page }) => {
  await stubSpeech(page, ['es-MX']);
  const activity = course().modules[0]!.activity;
  await page.goto(`/lms/index.html#/arrastra-la-pregunta/${activity.id}`);
  await expect(page.getByText(`Pregunta 1 de ${activity.questions.length}`)).toBeVisible();
  await page.getByRole('button', { name: 'Escuchar' }).click();
  await expect.poll(async () => (await record(page)).spoken.length).toBeGreaterThan(1);
  const text = await spokenText(page);
  const q = activity.questions[0]!;
  expect(text).toContain(activity.title);
  expect(text).toContain(plain(q.question));
  for (const o of q.options) expect(text).toContain(o.option);
  expect((await record(page)).spoken[0]!.voice).toBe('Voz es-MX');
});

test('there is no «Escuchar» without a Spanish voice', async ({ page }) => {
  await stubSpeech(page, ['en-US', 'pt-BR']);
  await page.goto('/lms/index.html#/menu');
  await page.getByRole('button', { name: /Módulo 1\b/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    plain(course().modules[0]!.topics[0]!.title),
  );
  // The control's chunk has loaded and asked for the voices after they arrived.
  await expect.poll(async () => (await record(page)).getVoicesCalls).toBeGreaterThan(1);
  await expect(page.getByRole('button', { name: 'Escuchar' })).toHaveCount(0);
});
