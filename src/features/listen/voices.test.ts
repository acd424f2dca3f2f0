import { describe, expect, it } from 'vitest';
import { pickSpanishVoice, voiceRank } from './voices.ts';

const v = (lang: string, name = lang, localService = true) => ({ lang, name, localService });

describe('Spanish voice choice', () => {
  it('prefers es-CO, then es-419, then any Spanish voice', () => {
    expect(pickSpanishVoice([v('es-ES'), v('es-419'), v('es-CO'), v('en-US')])?.lang).toBe('es-CO');
    expect(pickSpanishVoice([v('es-ES'), v('es_419'), v('en-US')])?.lang).toBe('es_419');
    expect(pickSpanishVoice([v('en-US'), v('es-MX')])?.lang).toBe('es-MX');
    expect(pickSpanishVoice([v('es')])?.lang).toBe('es');
  });
  it('has none without a Spanish voice', () => {
    expect(pickSpanishVoice([v('en-US'), v('pt-BR'), v('eu-ES')])).toBeNull();
    expect(pickSpanishVoice([])).toBeNull();
    expect(voiceRank(v('est'))).toBeNull();
  });
  it('takes a local voice over a network one of the same rank', () => {
    expect(pickSpanishVoice([v('es-ES', 'remote', false), v('es-US', 'local', true)])?.name).toBe(
      'local',
    );
  });
});
