import { describe, expect, it } from 'vitest';
import type { Question, Topic } from '../types.ts';
import { inflesz, screenReadability, statsOfHtml } from './readability.ts';

// Syllables counted by hand in every case below.

const topic = (over: Partial<Topic>): Topic => ({
  id: 'modulo1-tema1',
  title: 'Usa el casco',
  number: 1,
  type: 'content',
  home: 0,
  previous: null,
  current: '0-topics-0',
  next: 'modulo1-tema2',
  remember: [],
  ...over,
});

describe('inflesz', () => {
  it('is 206.835 − 62.3 × syllables/words − words/sentences', () => {
    // «La obra es segura.»: la(1) o-bra(2) es(1) se-gu-ra(3) = 7 syllables, 4 words, 1 sentence.
    expect(inflesz(7, 4, 1)).toBeCloseTo(93.81, 2);
    expect(statsOfHtml(['<p>La obra es segura.</p>'])).toMatchObject({
      sentences: 1,
      words: 4,
      syllables: 7,
      longestSentence: { words: 4, text: 'La obra es segura.' },
    });
    expect(statsOfHtml(['<p>La obra es segura.</p>']).inflesz).toBeCloseTo(93.81, 2);
  });

  it('reads siglas letter by letter and numbers as words', () => {
    // la(1) A-R-L(3) pa-ga(2) cien-to(2) vein-ti-trés(3) = 11 syllables, 5 words read, 1 sentence.
    const s = statsOfHtml(['<p>La ARL paga 123.</p>']);
    expect(s).toMatchObject({ words: 5, syllables: 11, sentences: 1 });
    expect(s.inflesz).toBeCloseTo(206.835 - (62.3 * 11) / 5 - 5, 6);
    // The 20-word limit counts words as written: 4.
    expect(s.longestSentence?.words).toBe(4);
  });

  it('is null for a text without words', () => {
    expect(statsOfHtml(['<p> </p>']).inflesz).toBeNull();
  });
});

describe('screenReadability', () => {
  it('measures title, texts, items and «Recuerda», without the fuente and the «Fuente:» line', () => {
    const t = topic({
      // Usa(2) el(1) cas-co(2): 5 syllables, 3 words.
      title: 'Usa el casco',
      // El(1) cas-co(2) te(1) cui-da(2): 6 / 4; ¿Lo(1) tie-nes(2)?: 3 / 2.
      text: '<p>El casco te cuida. ¿Lo tienes?</p><p><small>Fuente: Resolución 2400 de 1979.</small></p>',
      fuente: 'Resolución 2400 de 1979, art. 176.',
      // Re-cuer-da(3): 3 / 1; Cám-bia-lo(3) si(1) se(1) rom-pe(2): 7 / 4.
      remember: [{ title: 'Recuerda', text: '<p>Cámbialo si se rompe.</p>' }],
    });
    const s = screenReadability(t, {});
    expect(s).toMatchObject({ sentences: 5, words: 14, syllables: 24 });
    expect(s.inflesz).toBeCloseTo(206.835 - (62.3 * 24) / 14 - 14 / 5, 6);
  });

  it('joins an item label to its title, and counts points', () => {
    const t = topic({
      title: 'Pasos',
      type: 'list4',
      // Pa-sos(2): 2 / 1. Pa-so(2) u-no(2) Mi-ra(2): 6 / 3. Mi-ra(2) a-rri-ba(3): 5 / 2. Sí(1): 1 / 1.
      items: [{ label: 'Paso 1', title: 'Mira', text: '<p>Mira arriba.</p>', points: ['Sí'] }],
    });
    const s = screenReadability(t, {});
    expect(s).toMatchObject({ sentences: 4, words: 7, syllables: 14 });
  });

  it('fills placeholders with the given values before measuring', () => {
    const t = topic({
      title: 'Tu obra',
      text: '<p>Ve a {{obra.puntoEncuentro}}.</p>',
    });
    // Tu(1) o-bra(2): 3 / 2. Ve(1) a(1) la(1) por-te-rí-a(4): 7 / 4.
    const s = screenReadability(t, { 'obra.puntoEncuentro': 'la portería' });
    expect(s).toMatchObject({ sentences: 2, words: 6, syllables: 10 });
  });

  it('measures a question as stem, options, explanation and hint', () => {
    const q: Question = {
      current: 1,
      // ¿Qué(1) ha-ces(2)?: 3 / 2.
      question: '<p>¿Qué haces?</p>',
      // Pa-ro(2): 2 / 1. Si-go(2): 2 / 1.
      options: [
        { option: 'Paro', correct: 1 },
        { option: 'Sigo', correct: 0 },
      ],
      // Pa-rar(2) te(1) sal-va(2): 5 / 3.
      message: '<p>Parar te salva.</p>',
      // Pien-sa(2) o-tra(2) vez(1): 5 / 3.
      pista: '<p>Piensa otra vez.</p>',
    };
    const s = screenReadability(q, {});
    expect(s).toMatchObject({ sentences: 5, words: 10, syllables: 17 });
    expect(s.longestSentence).toEqual({ words: 3, text: 'Parar te salva.' });
  });
});
