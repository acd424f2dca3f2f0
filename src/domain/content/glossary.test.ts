import { describe, expect, it } from 'vitest';
import { readGlossary } from '../../../scripts/lib/read-glossary.ts';
import { loadGlossary, MAX_DEFINITION_WORDS, wordCount } from './glossary.ts';

const entry = (sigla: string, definicion = 'Una frase corta.') => ({
  sigla,
  significado: 'Algo',
  definicion,
});

describe('loadGlossary', () => {
  it('accepts a sorted list of siglas with meaning and a short definition', () => {
    expect(loadGlossary([entry('ARL'), entry('SG-SST')]).issues).toEqual([]);
  });

  it('rejects unknown fields, empty texts and lowercase siglas, naming the position', () => {
    const { glossary, issues } = loadGlossary([
      { ...entry('ARL'), extra: 1 },
      { sigla: 'eps', significado: '', definicion: 'x' },
    ]);
    expect(glossary).toBeNull();
    expect(issues.join('\n')).toMatch(/\[0\]/);
    expect(issues.join('\n')).toMatch(/\[1\.sigla\] debe ir en mayúsculas/);
    expect(issues.join('\n')).toMatch(/\[1\.significado\] está vacío/);
  });

  it('rejects a definition of 20 words or more, a repeated sigla and the wrong order', () => {
    const long = Array.from({ length: 20 }, () => 'palabra').join(' ') + '.';
    const { issues } = loadGlossary([entry('SST'), entry('ARL', long), entry('ARL')]);
    expect(issues).toEqual([
      'ARL: la definición tiene 20 palabras (máximo 19)',
      'ARL: va antes de SST (orden alfabético)',
      'ARL: está repetida',
    ]);
  });
});

describe('the course glossary (content/es/glosario.json)', () => {
  const { glossary, issues } = readGlossary();

  it('is valid, every definition under 20 words', () => {
    expect(issues).toEqual([]);
    for (const g of glossary!)
      expect(wordCount(g.definicion), g.sigla).toBeLessThanOrEqual(MAX_DEFINITION_WORDS);
  });
});
