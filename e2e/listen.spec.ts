// «Escuchar» with a stubbed speech synthesis (it records what would be spoken): it reads the
// visible text of a topic screen and of a quiz question in a Spanish voice, pauses, resumes,
// stops on navigation, and is absent when the browser has no Spanish voice. Texts come from
// the content files.
import { expect, test, type Page } from '@playwright/test';
import { pagePath } from '../src/domain/progress/navigation.ts';
import { course } from './support/content.ts';
import { seedLocalProgress } from './support/learner.ts';

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
  // The «Fuente:» line is on the screen but not read (decision 0172).
  await expect(page.locator('article .topic-source')).toContainText('Fuente:');
  expect(text).not.toContain('Fuente');

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

// Decision 0172: what a learner opens is read too — a hotspot's text in the screen's reading, a
// tap-to-open item by the «Escuchar» of its own window (the screen's is behind it) — and the
// phone numbers of the configuration are tel: links.
test('reads an opened hotspot and an opened tap-to-open item; phones are tel: links', async ({
  page,
}) => {
  await stubSpeech(page, ['es-CO']);
  await seedLocalProgress(page, course().modules.length - 1);
  const topics = course().modules.flatMap((m) => m.topics);
  const hotspots = topics.find((t) => t.type === 'list6')!;
  await page.goto(`/lms/index.html#${pagePath(hotspots as never)}`);
  await page.getByRole('button', { name: 'Punto 1: por descubrir' }).click();
  await page.getByRole('button', { name: 'Escuchar' }).click();
  await expect.poll(async () => (await record(page)).spoken.length).toBeGreaterThan(1);
  expect(await spokenText(page)).toContain(plain(hotspots.items![0]!.text));

  const cards = topics.find((t) => t.type === 'list1' && t.list1?.open === 'modal')!;
  const item = cards.list1!.items[0]!;
  await page.goto(`/lms/index.html#${pagePath(cards as never)}`);
  await page.getByRole('button', { name: item.title }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const before = (await record(page)).spoken.length;
  await dialog.getByRole('button', { name: 'Escuchar' }).click();
  await expect.poll(async () => (await record(page)).spoken.length).toBeGreaterThan(before);
  const read = (await record(page)).spoken
    .slice(before)
    .map((s) => s.text)
    .join(' ');
  expect(read).toContain(item.title);
  expect(read).toContain(plain(item.text).split('. ')[0]!);
  expect(read).not.toMatch(/\bAceptar\b|\bEscuchar\b/);
  // Closing the window stops its reading.
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  expect((await record(page)).calls.at(-1)).toBe('cancel');

  const arl = topics.find((t) => t.id === 'modulo1-tema6')!;
  await page.goto(`/lms/index.html#${pagePath(arl as never)}`);
  // The first line shown: a panel's invisible sizing copies hold the same links (record 0246).
  const line = page.locator('article a[href^="tel:"]').filter({ visible: true }).first();
  await expect(line).toBeVisible();
  expect(await line.getAttribute('href')).toMatch(/^tel:\+?\d{3,}$/);
  expect((await line.innerText()).replace(/\D/g, '')).toBe(
    (await line.getAttribute('href'))!.replace(/\D/g, ''),
  );
});
