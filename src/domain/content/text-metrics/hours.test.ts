import { describe, expect, it } from 'vitest';
import type { Course, Module, Question, Topic } from '../types.ts';
import { countWords, courseHours } from './hours.ts';

const topic = (over: Partial<Topic>): Topic => ({
  id: 'modulo1-tema1',
  title: 'T',
  number: 1,
  type: 'content',
  home: 0,
  previous: null,
  current: '0-topics-0',
  next: 'menu',
  remember: [],
  ...over,
});

const question = (over: Partial<Question> = {}): Question => ({
  current: 1,
  question: '<p>¿Sí?</p>',
  options: [
    { option: 'Sí', correct: 1 },
    { option: 'No', correct: 0 },
  ],
  ...over,
});

function course(topics: Topic[], questions: Question[], intro = '<p>Hola a todos.</p>'): Course {
  const mod: Module = {
    id: 'modulo1',
    name: 'Uno',
    title: 'Generalidades',
    number: 1,
    next: 'modulo1-tema1',
    type: 'menu',
    img: 'm.svg',
    alt: 'm',
    topics,
    activity: {
      id: 'modulo1-actividad',
      title: 'PONTE A PRUEBA MÓDULO 1',
      number: 1,
      type: 'select-answer',
      home: 0,
      previous: null,
      current: '0-activity',
      next: 'menu',
      last: true,
      questions,
    },
  };
  return {
    id: 'c',
    title: 'C',
    header: 'H',
    hours: 1,
    package: {
      manifestIdentifier: 'com.x',
      identifierPrefix: 'x',
      zipPrefix: 'x',
      description: 'x',
    },
    introduction: { title: 'Bienvenida', text: intro },
    modules: [mod],
  };
}

const words = (n: number) => Array.from({ length: n }, () => 'casco').join(' ');

describe('countWords', () => {
  it('counts a placeholder as one word, numbers as one word, no tags, no «Fuente:» line', () => {
    expect(
      countWords([
        '<p>Llama al {{obra.lineaEmergencias}} o al 123.</p><p><small>Fuente: Ley 1523 de 2012.</small></p>',
      ]),
    ).toBe(6);
  });

  it('counts the {{#x}} text and not the {{^x}} fallback', () => {
    expect(
      countWords([
        '{{#obra.alarma}}La alarma es {{obra.alarma}}.{{/obra.alarma}}{{^obra.alarma}}Pregunta cómo suena la alarma.{{/obra.alarma}}',
      ]),
    ).toBe(4);
  });
});

describe('courseHours', () => {
  it('adds words ÷ 120, one minute per question and per click-to-reveal screen', () => {
    const c = course(
      [
        // 1 + 4 words; the fuente field is not counted.
        topic({
          title: 'Uno',
          text: '<p>dos tres cuatro cinco</p>',
          fuente: 'Decreto 1072 de 2015',
        }),
        // list1: 1 + 2 + 1 words, and a click screen.
        topic({
          type: 'list1',
          title: 'Seis',
          list1: { open: 'modal', items: [{ title: 'siete ocho', text: 'nueve' }] },
        }),
        // list4 is not a click screen: 1 + (label+title 2) + 1 + Recuerda 2 = 6.
        topic({
          type: 'list4',
          title: 'Diez',
          items: [{ label: 'Paso', title: 'once', text: '<p>doce</p>' }],
          remember: [{ title: 'Recuerda', text: '<p>trece</p>' }],
        }),
      ],
      // 1 + 2 options + message 1 + pista 2 = 6 words, twice.
      [
        question({ message: '<p>Bien.</p>', pista: '<p>Mira otra</p>' }),
        question({ message: '<p>Bien.</p>', pista: '<p>Mira otra</p>' }),
      ],
    );
    // Introduction: «Bienvenida» + «Hola a todos» = 4 words.
    const h = courseHours(c);
    expect(h).toMatchObject({ words: 4 + 5 + 4 + 6 + 12, questions: 2, clickScreens: 1 });
    expect(h.minutes).toBeCloseTo(31 / 120 + 2 + 1, 10);
    expect(h.hours).toBe(0.5);
  });

  it('rounds up to the half hour', () => {
    // Intro 1 + 0 words, topic title 1 + text: 28 min of words = 3360 words in all.
    const exact = course([topic({ title: 'X', text: `<p>${words(3358)}</p>` })], [], '');
    expect(courseHours(exact)).toMatchObject({ words: 3360, minutes: 28, hours: 0.5 });
    const withQuestions = course(
      [topic({ title: 'X', text: `<p>${words(3358)}</p>` })],
      [question(), question()],
      '',
    );
    // 3360 + 2 × 3 words = 3366 → 28.05 + 2 = 30.05 min → 1 h.
    expect(courseHours(withQuestions).hours).toBe(1);
    const justUnder = course(
      [topic({ title: 'X', text: `<p>${words(3358 + 240 - 6)}</p>` })],
      [question(), question()],
      '',
    );
    // 3600 words = 30 min of reading + 2 questions = 32 min → 1 h.
    expect(courseHours(justUnder)).toMatchObject({ words: 3600, hours: 1 });
    // Exactly 30 minutes (3360 words incl. the questions' 6, + 2 questions) stays at 0.5 h.
    const onTheDot = course(
      [topic({ title: 'X', text: `<p>${words(3352)}</p>` })],
      [question(), question()],
      '',
    );
    expect(courseHours(onTheDot)).toMatchObject({ words: 3360, minutes: 30, hours: 0.5 });
    const onTheHalf = course([topic({ title: 'X', text: `<p>${words(7198)}</p>` })], [], '');
    expect(courseHours(onTheHalf)).toMatchObject({ words: 7200, minutes: 60, hours: 1 });
    const past = course([topic({ title: 'X', text: `<p>${words(7199)}</p>` })], [], '');
    expect(courseHours(past).hours).toBe(1.5);
  });
});
