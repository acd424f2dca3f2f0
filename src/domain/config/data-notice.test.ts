import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCompanyConfig } from './load-config.ts';
import { dataNoticeText, dataNoticeVersion, type DataNoticeOperator } from './data-notice.ts';

const example = () => {
  const { config, errors } = loadCompanyConfig(
    readFileSync('config/ejemplo.json', 'utf8'),
    'config/ejemplo.json',
  );
  expect(errors).toEqual([]);
  return config!;
};

describe('the habeas-data notice', () => {
  it('by default says who processes the data, what for, the rights of Ley 1581 and whom to ask', () => {
    const config = example();
    const text = dataNoticeText(config);
    expect(text).toContain(`${config.empresa.nombre} (NIT ${config.empresa.nit})`);
    expect(text).toMatch(/registrar tu inducción/);
    expect(text).toMatch(/certificado/);
    expect(text).toContain('Ley 1581 de 2012');
    for (const right of [
      'saber',
      'actualizarlos',
      'corregirlos',
      'borremos',
      'quitar este permiso',
    ])
      expect(text).toContain(right);
    expect(text).toContain(config.sst.responsable.nombre);
    // The phone number, kept on one line.
    expect(text).toContain(config.sst.responsable.contacto!.replace(/ /g, '\u00a0'));
    // Short paragraphs for readers who read little.
    for (const paragraph of text.split('\n\n')) expect(paragraph.length).toBeLessThan(260);
  });

  it('without a contact, points to the responsable SST of the obra', () => {
    const config = example();
    const text = dataNoticeText({
      ...config,
      sst: { responsable: { ...config.sst.responsable, contacto: undefined } },
    });
    expect(text).toContain(
      `habla con ${config.sst.responsable.nombre}, responsable SST de tu obra.`,
    );
  });

  it('uses the configured text (datosPersonales.aviso, else the older avisoDatos)', () => {
    const config = example();
    expect(dataNoticeText({ ...config, avisoDatos: 'Texto viejo.' })).toBe('Texto viejo.');
    expect(
      dataNoticeText({
        ...config,
        avisoDatos: 'Texto viejo.',
        datosPersonales: { aviso: ' Nuevo. ' },
      }),
    ).toBe('Nuevo.');
  });

  it('the schema accepts datosPersonales.aviso and nothing else in it', () => {
    const raw = JSON.parse(readFileSync('config/ejemplo.json', 'utf8')) as Record<string, unknown>;
    const ok = loadCompanyConfig(
      JSON.stringify({ ...raw, datosPersonales: { aviso: 'Aviso de la empresa.' } }),
      'x.json',
    );
    expect(ok.errors).toEqual([]);
    expect(dataNoticeText(ok.config!)).toBe('Aviso de la empresa.');
    const bad = loadCompanyConfig(
      JSON.stringify({ ...raw, datosPersonales: { avisos: 'x' } }),
      'x.json',
    );
    expect(bad.errors.join('\n')).toMatch(/datosPersonales\.avisos/);
  });

  it('the version is short, stable, and changes with the text', () => {
    const config = example();
    const version = dataNoticeVersion(config);
    expect(version).toMatch(/^aviso-[0-9a-z]+$/);
    expect(version.length).toBeLessThanOrEqual(64);
    expect(dataNoticeVersion(structuredClone(config))).toBe(version);
    expect(dataNoticeVersion({ ...config, datosPersonales: { aviso: 'Otro texto.' } })).not.toBe(
      version,
    );
  });

  it('without an operator, the text and its version are the ones learners already accepted', () => {
    const config = example();
    // The version of config/ejemplo.json's notice before operators existed (record 0294).
    expect(dataNoticeVersion(config)).toBe('aviso-1g6q00980rs');
    expect(dataNoticeText(config, null)).toBe(dataNoticeText(config));
  });

  it('a company without a NIT yet («sin configurar») is named without an empty «(NIT )»', () => {
    const config = example();
    const text = dataNoticeText({ ...config, empresa: { nombre: 'Beta Registrada', nit: '' } });
    expect(text).toMatch(/^Beta Registrada guarda y usa tus datos personales\./);
    expect(text).not.toContain('(NIT )');
  });
});

describe('the notice on a platform run by an operator (record 0294)', () => {
  const operator: DataNoticeOperator = {
    nombre: 'Plataformas SST S.A.S.',
    nit: '901.222.333-4',
    contacto: 'datos@plataformas.example',
  };

  it('names the company as responsable and the operator as encargado, in short paragraphs', () => {
    const config = example();
    const text = dataNoticeText(config, operator);
    expect(text).toContain(
      `${config.empresa.nombre} (NIT ${config.empresa.nit}) es responsable de tus datos personales.`,
    );
    expect(text).toContain(
      `Plataformas SST S.A.S. (NIT 901.222.333-4) maneja esta plataforma. Guarda y usa tus datos por encargo de ${config.empresa.nombre}, solo para este curso. Su contacto: datos@plataformas.example.`,
    );
    // The company's contact for the learner's rights stays.
    expect(text).toContain(config.sst.responsable.contacto!.replace(/ /g, '\u00a0'));
    for (const paragraph of text.split('\n\n')) expect(paragraph.length).toBeLessThan(260);
    expect(dataNoticeVersion(config, operator)).not.toBe(dataNoticeVersion(config));
    expect(
      dataNoticeVersion(config, { ...operator, contacto: 'otro@plataformas.example' }),
    ).not.toBe(dataNoticeVersion(config, operator));
  });

  it("keeps the company's own text and adds the operator's paragraph after it", () => {
    const config = { ...example(), datosPersonales: { aviso: 'Aviso de la empresa.' } };
    const text = dataNoticeText(config, operator);
    expect(text.split('\n\n')[0]).toBe('Aviso de la empresa.');
    expect(text.split('\n\n')[1]).toMatch(/^Plataformas SST S\.A\.S\. \(NIT 901\.222\.333-4\)/);
    expect(dataNoticeVersion(config, operator)).not.toBe(dataNoticeVersion(config));
  });
});
