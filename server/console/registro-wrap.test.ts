// The registro PDF wraps long names, cargos and contratistas instead of cutting them (decision
// 0189): «María José Castañeda Rodríguez de la Hoz» keeps «de la Hoz».
import { describe, expect, it } from 'vitest';
import { pdfPagesText } from '../test-support.ts';
import { hoursMinutes, learnersCount, registroPdf } from './registro-pdf.ts';

const row = (i: number) => ({
  name: `María José Castañeda Rodríguez de la Hoz ${i}`,
  document: `10203040${i}`,
  cargo: 'Oficial de obra civil y estructuras metálicas en altura',
  contratista: 'Andamios, Encofrados y Formaletas del Caribe Colombiano S.A.S.',
  date: '02/03/2026',
  result: '9/10 (90 %)',
  certificateCode: 'SST-ABCD-EFGH-JKLM',
  seconds: 4020,
  timeSpent: '1 h 7 min',
  contentVersion: '1x2y3z4a5b (20/11/2026)',
  shownVersion: i % 2 ? '3f2a9c1b (26/11/2026)' : null,
  acceptance: i % 2 ? '26/11/2026 10:05, sello 1a2b-3c4d-5e6f' : null,
  verification: 'https://sst.example.co/verificar/SST-ABCD-EFGH-JKLM',
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
      chainHead: '1a2b-3c4d-5e6f-7a8b (clave 0a1b2c3d)',
    });
    const text = await pdfPagesText(pdf);
    expect(text).not.toContain('…');
    // The «1.er intento» column is explained on every page (the score is progress, not answers).
    const pages = Number(/página 1 de (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(text.split('1.er intento: preguntas acertadas a la primera respuesta').length - 1).toBe(
      pages,
    );
    for (const i of [0, 17, 39]) expect(text).toContain(`Rodríguez de la Hoz ${i}`);
    expect(text).toContain('estructuras metálicas en altura');
    expect(text).toContain('del Caribe Colombiano S.A.S.');
    // What an auditor checks beside the names (decision 0221).
    expect(text).toContain('parte general de la inducción');
    expect(text).toContain('Tiempo registrado: 1 h 7 min');
    expect(text).toContain('aceptó 26/11/2026 10:05, sello 1a2b-3c4d-5e6f');
    expect(text).toContain('texto mostrado 3f2a9c1b (26/11/2026)');
    expect(text).toContain('contenido del curso 1x2y3z4a5b (20/11/2026)');
    expect(text).toContain('sin aceptación');
    expect(text).toContain('verificar en https://sst.example.co/verificar/SST-ABCD-EFGH-JKLM');
    expect(text).toContain('Totales: 40 aprendices · 20 con aceptación · 20 sin aceptación');
    expect(text).toContain('tiempo registrado en total 44 h 40 min');
    expect(text).toContain('1a2b-3c4d-5e6f-7a8b (clave 0a1b2c3d)');
  });

  it('says «1 aprendiz», and hours and minutes without rounding up to 60', () => {
    expect(learnersCount(1)).toBe('1 aprendiz');
    expect(learnersCount(2)).toBe('2 aprendices');
    expect(hoursMinutes(3599)).toBe('59 min');
    expect(hoursMinutes(20)).toBe('menos de 1 min');
    expect(hoursMinutes(5400)).toBe('1 h 30 min');
  });
});
