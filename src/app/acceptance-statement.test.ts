// The statement the learner reads before «Acepto» (record 0259): the server's text when the
// server gave one — exactly, since the server seals only a text it published to the learner —
// and a local build from the build's company facts only when it gave none.
import { describe, expect, it } from 'vitest';
import { statementFor } from './acceptance-statement.ts';

const SERVER_TEXT =
  'Yo, Ana Pérez, con documento 1020304050, recibí la parte general de la inducción (texto del servidor).';

describe('statementFor', () => {
  it('shows the statement the server gave, exactly', () => {
    const learner = {
      id: '7',
      name: 'Otro Nombre',
      document: '999',
      acceptanceStatement: SERVER_TEXT,
    };
    expect(statementFor(learner, 'Curso')).toBe(SERVER_TEXT);
  });

  it('builds the statement here when the server gave none (first load offline)', () => {
    for (const acceptanceStatement of [null, undefined, '  ']) {
      const text = statementFor(
        { id: '7', name: 'Ana Pérez', document: '1020304050', acceptanceStatement },
        'Curso',
      );
      expect(text).toMatch(/^Yo, Ana Pérez, con documento 1020304050, recibí la parte general/);
      expect(text).toContain('«Curso»');
    }
  });
});
