import { describe, expect, it } from 'vitest';
import { matchObra, newObraSlug, obraKey, type KnownObra } from './obras.ts';

const obra = (slug: string, nombre: string): KnownObra => ({
  slug,
  nombre,
  source: 'consola',
  facts: { slug, nombre, lineaEmergencias: '123' },
});
const OBRAS = [obra('torre-norte', 'Torre Norte'), obra('puente-sur-2', 'Puente Sur')];

describe('obra matching (decision 0215)', () => {
  it('finds an obra by name or slug, accents, case, spaces and punctuation ignored', () => {
    for (const typed of [
      'Torre Norte',
      'TORRE  NORTE',
      'torre-norte',
      ' Tórre Nórte ',
      'torre_norte',
    ])
      expect(matchObra(OBRAS, typed)?.slug).toBe('torre-norte');
    expect(matchObra(OBRAS, 'puente sur')?.slug).toBe('puente-sur-2');
    expect(matchObra(OBRAS, 'puente-sur-2')?.slug).toBe('puente-sur-2');
    expect(matchObra(OBRAS, 'Torre Sur')).toBeNull();
    expect(matchObra(OBRAS, '  ')).toBeNull();
  });

  it('derives a slug once from the name, numbered when taken', () => {
    expect(obraKey('Edificio Álamo — Etapa Ñ 2')).toBe('edificio-alamo-etapa-n-2');
    expect(newObraSlug('Torre Oriental', new Set())).toBe('torre-oriental');
    expect(newObraSlug('Torre Norte', new Set(['torre-norte']))).toBe('torre-norte-2');
    expect(newObraSlug('¡¡!!', new Set())).toBe('obra');
  });
});
