import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCompanyConfig } from './load-config.ts';
import { dataNoticeText, dataNoticeVersion } from './data-notice.ts';

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
});
