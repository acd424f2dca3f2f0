import { describe, expect, it } from 'vitest';
import { certificateFileName, formatHours, formatSpanishDate, toWinAnsi } from './index.ts';
import { CERTIFICATE_WORDING } from './text.ts';

describe('formatSpanishDate', () => {
  it('writes the day, month name and year in Spanish', () => {
    expect(formatSpanishDate(new Date('2026-11-22T15:00:00Z'))).toBe('22 de noviembre de 2026');
    expect(formatSpanishDate(new Date('2027-01-01T12:00:00Z'))).toBe('1 de enero de 2027');
    expect(formatSpanishDate(new Date('2026-09-30T12:00:00Z'))).toBe('30 de septiembre de 2026');
  });

  it('uses the calendar day in Colombia (UTC-5) by default', () => {
    expect(formatSpanishDate(new Date('2027-01-01T04:59:00Z'))).toBe('31 de diciembre de 2026');
    expect(formatSpanishDate(new Date('2027-01-01T04:59:00Z'), 0)).toBe('1 de enero de 2027');
  });
});

describe('formatHours', () => {
  it('agrees in number and uses a decimal comma', () => {
    expect(formatHours(1)).toBe('1 hora');
    expect(formatHours(2)).toBe('2 horas');
    expect(formatHours(1.5)).toBe('1,5 horas');
    expect(formatHours(0.5)).toBe('0,5 horas');
  });
});

describe('certificateFileName', () => {
  it('is ASCII kebab-case', () => {
    expect(certificateFileName('María Pérez')).toBe('certificado-sst-maria-perez.pdf');
    expect(certificateFileName('  José Ñúñez   Peña ')).toBe('certificado-sst-jose-nunez-pena.pdf');
    expect(certificateFileName("O'Connor, Zoë 👷")).toBe('certificado-sst-o-connor-zoe.pdf');
  });

  it('adds the completion day (Colombia) when given, and survives an empty name', () => {
    expect(certificateFileName('María Pérez', new Date('2026-11-23T03:00:00Z'))).toBe(
      'certificado-sst-maria-perez-2026-11-22.pdf',
    );
    expect(certificateFileName('👷')).toBe('certificado-sst.pdf');
  });

  it('keeps long names to a sensible length', () => {
    const name = certificateFileName('a'.repeat(40) + ' ' + 'b'.repeat(40));
    expect(name.length).toBeLessThanOrEqual('certificado-sst-'.length + 60 + '.pdf'.length);
    expect(name).toMatch(/^[a-z0-9-]+\.pdf$/);
  });
});

describe('toWinAnsi', () => {
  it('keeps Spanish letters and punctuation', () => {
    const spanish = '¿Qué? ¡Sí! áéíóúü ÁÉÍÓÚÜ ñÑ — «»';
    expect(toWinAnsi(spanish)).toBe(spanish);
  });

  it('maps other letters to their base letter or a look-alike, drops emoji, else ?', () => {
    expect(toWinAnsi('Őrs Łukasz Đorđe')).toBe('Ors Lukasz Dorde');
    expect(toWinAnsi('Ana 👷‍♀️ Pérez')).toBe('Ana Pérez');
    expect(toWinAnsi('李 Ana')).toBe('? Ana');
  });

  it('collapses whitespace and control characters', () => {
    expect(toWinAnsi('  Ana\t\nMaría\u00a0 Pérez\u200b ')).toBe('Ana María Pérez');
  });

  it('composes decomposed accents', () => {
    expect(toWinAnsi('Jose\u0301 N\u0303un\u0303ez')).toBe('José Ñuñez');
  });
});

describe('the certificate names the course duration as planned (record 0264)', () => {
  it('says «duración prevista», never an intensity the recorded time could contradict', () => {
    const sentence = CERTIFICATE_WORDING.intensity(formatHours(1.5));
    expect(sentence).toBe('con una duración prevista de 1,5 horas.');
    expect(sentence).not.toContain('intensidad');
  });
});
