// The preview's plain summary (decision 0150): durations of both SCORM versions, topics and
// modules from the route string, status words, and no SCORM element name in what is shown.
import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  parseDuration,
  routeProgress,
  summarize,
  type PreviewOutline,
} from './summary.ts';

const outline: PreviewOutline = {
  modules: [
    { number: 1, title: 'Uno', topicCount: 3, questionCount: 2 },
    { number: 2, title: 'Dos', topicCount: 2, questionCount: 1 },
  ],
  pages: { 'modulo2-tema1': 'Módulo 2, tema 1: Algo', menu: 'Menú del curso' },
};
const value = (rows: ReturnType<typeof summarize>, key: string) =>
  rows.find((r) => r.key === key)?.value;

describe('preview summary', () => {
  it('reads SCORM 1.2 timespans and SCORM 2004 durations', () => {
    expect(parseDuration('0000:01:02.50')).toBe(62_500);
    expect(parseDuration('01:00:00')).toBe(3_600_000);
    expect(parseDuration('PT1H2M3.5S')).toBe(3_723_500);
    expect(parseDuration('PT45S')).toBe(45_000);
    expect(parseDuration('')).toBe(0);
    expect(parseDuration('PT')).toBe(0);
    expect(formatDuration(62_500)).toBe('1 min 3 s');
    expect(formatDuration(3_900_000)).toBe('1 h 5 min');
    expect(formatDuration(0)).toBe('0 s');
  });

  it('counts topics seen and quizzes done from the route string', () => {
    expect(routeProgress('0,1,2,3-0', outline)).toEqual({ topics: 4, quizzes: 1 });
    expect(routeProgress('{}-{}', outline)).toEqual({ topics: 0, quizzes: 0 });
    expect(routeProgress('', outline)).toEqual({ topics: 0, quizzes: 0 });
    // Numbers beyond the module's quiz are ignored, duplicates counted once.
    expect(routeProgress('0,0,9-1,2', outline)).toEqual({ topics: 2, quizzes: 1 });
  });

  it('says what a SCORM 1.2 LMS holds in plain words', () => {
    const rows = summarize(
      '1.2',
      {
        core: {
          student_name: 'Pérez, Ana',
          lesson_status: 'incomplete',
          lesson_location: 'menu',
          score: { raw: '20', max: '100' },
          session_time: '00:02:00',
        },
        suspend_data: '0,1,2,3-{}',
        interactions: {
          '0': { id: 'm1-q1', result: 'correct' },
          '1': { id: 'm1-q2', result: 'wrong' },
        },
      },
      outline,
      60_000,
    );
    expect(Object.fromEntries(rows.map((r) => [r.key, r.value]))).toEqual({
      participante: 'Pérez, Ana',
      estado: 'En curso',
      puntaje: '20 de 100',
      temas: '3 de 5',
      modulos: '1 de 2',
      respondidas: '2 de 3',
      acertadas: '1 de 2',
      tiempo: '3 min',
      pantalla: 'Menú del curso',
    });
    expect(JSON.stringify(rows)).not.toMatch(/cmi|lesson|suspend|interaction/i);
  });

  it('says what a SCORM 2004 LMS holds, before and after completion', () => {
    const fresh = summarize('2004', { completion_status: 'unknown' }, outline);
    expect(value(fresh, 'estado')).toBe('Sin empezar');
    expect(value(fresh, 'puntaje')).toBe('Sin puntaje todavía');
    expect(value(fresh, 'acertadas')).toBe('—');
    expect(value(fresh, 'pantalla')).toBe('Ninguna todavía');
    const done = summarize(
      '2004',
      {
        completion_status: 'completed',
        success_status: 'passed',
        location: 'modulo2-tema1',
        score: { raw: '100', max: '100' },
        session_time: 'PT10M',
      },
      outline,
    );
    expect(value(done, 'estado')).toBe('Completado y aprobado');
    expect(value(done, 'pantalla')).toBe('Módulo 2, tema 1: Algo');
    expect(value(done, 'tiempo')).toBe('10 min');
  });
});
