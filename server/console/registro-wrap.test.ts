// The registro PDF wraps long names, cargos and contratistas instead of cutting them (decision
// 0189): «María José Castañeda Rodríguez de la Hoz» keeps «de la Hoz».
import { describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { registroPdf } from './registro-pdf.ts';

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  let text = '';
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    text += ` ${content.items
      .filter((it): it is TextItem => 'str' in it)
      .map((it) => it.str)
      .join(' ')}`;
  }
  await pdf.destroy();
  return text.replace(/\s+/g, ' ');
}

const row = (i: number) => ({
  name: `María José Castañeda Rodríguez de la Hoz ${i}`,
  document: `10203040${i}`,
  cargo: 'Oficial de obra civil y estructuras metálicas en altura',
  contratista: 'Andamios, Encofrados y Formaletas del Caribe Colombiano S.A.S.',
  date: '02/03/2026',
  result: '9/10 (90 %)',
  certificateCode: 'SST-ABCD-EFGH-JKLM',
});

describe('registro PDF cells', () => {
  it('wraps long cells over lines and pages without losing words', async () => {
    const pdf = await registroPdf({
      companyName: 'Constructora Andina S.A.S.',
      nit: '901234567-7',
      logo: null,
      obraName: 'Torre Norte',
      from: '01/01/2026',
      to: '31/12/2026',
      courseTitle: 'Inducción SST',
      hours: 4,
      signer: { nombre: 'Diana Rocha Valencia' },
      generatedAt: '26/11/2026',
      sample: false,
      rows: Array.from({ length: 40 }, (_, i) => row(i)),
    });
    const text = await pdfText(pdf);
    expect(text).not.toContain('…');
    for (const i of [0, 17, 39]) expect(text).toContain(`Rodríguez de la Hoz ${i}`);
    expect(text).toContain('estructuras metálicas en altura');
    expect(text).toContain('del Caribe Colombiano S.A.S.');
  });
});
