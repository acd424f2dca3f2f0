// The start-up environment schema: defaults, typed values, and one Spanish line per wrong variable.
import { describe, expect, it } from 'vitest';
import { EnvError, readServerEnv } from './env.ts';

describe('readServerEnv', () => {
  it('gives defaults and typed values', () => {
    expect(readServerEnv({}).PORT).toBeUndefined();
    expect(readServerEnv({})).toMatchObject({
      HOST: '127.0.0.1',
      SECURE_COOKIES: false,
      TRUST_PROXY: false,
    });
    expect(
      readServerEnv({
        PORT: '8080',
        SECURE_COOKIES: 'true',
        TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
        DATABASE_URL: 'postgres://u:p@db/curso',
        PUBLIC_URL: 'https://curso.example.co',
        TOKEN_TTL_HOURS: '12',
        CURSO_CONFIG: ' config/empresa.json ',
      }),
    ).toMatchObject({
      PORT: 8080,
      SECURE_COOKIES: true,
      TRUST_PROXY: ['10.0.0.0/8', '127.0.0.1'],
      TOKEN_TTL_HOURS: 12,
      CURSO_CONFIG: 'config/empresa.json',
    });
  });

  it('names every wrong variable, in Spanish', () => {
    let error: unknown;
    try {
      readServerEnv({
        PORT: 'ochenta',
        DATABASE_URL: 'mysql://x',
        PUBLIC_URL: 'curso.example.co',
        SECURE_COOKIES: 'quizás',
        TRUST_PROXY: 'proxy',
        LOGIN_RATE_LIMIT: '0',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const problems = (error as EnvError).problems;
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'DATABASE_URL',
      'LOGIN_RATE_LIMIT',
      'PORT',
      'PUBLIC_URL',
      'SECURE_COOKIES',
      'TRUST_PROXY',
    ]);
    expect(problems.find((p) => p.startsWith('PORT'))).toContain('número de puerto');
    expect((error as Error).message).toMatch(/^Variables de entorno no válidas/);
  });
});
