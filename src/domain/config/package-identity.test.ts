import { describe, expect, it } from 'vitest';
import { packageIdentity, zipName, DEMO_OBRA_SLUG } from './package-identity.ts';

describe('packageIdentity', () => {
  it("keeps today's names and identifiers for the demo obra of the demo file", () => {
    const id = packageIdentity({ ejemplo: true }, { slug: DEMO_OBRA_SLUG, nombre: 'Obra Ejemplo' });
    expect(zipName(id, 'scorm12')).toBe('curso-sst-scorm12.zip');
    expect(zipName(id, 'scorm2004')).toBe('curso-sst-scorm2004.zip');
    expect(zipName(id, 'scorm2004-4th')).toBe('curso-sst-scorm2004-4th.zip');
    expect(id).toMatchObject({
      manifest: 'com.curso-sst.induccion-sst',
      organization: 'curso-sst-org',
      item: 'curso-sst-item',
      resource: 'curso-sst-sco',
      title: 'Inducción — Seguridad y Salud en el Trabajo',
    });
  });

  it('puts the slug in names and identifiers of any other obra, and the obra name in the title', () => {
    const id = packageIdentity({ ejemplo: false }, { slug: 'torre-norte', nombre: 'Torre Norte' });
    expect(zipName(id, 'scorm12')).toBe('curso-sst-torre-norte-scorm12.zip');
    expect(id).toMatchObject({
      manifest: 'com.curso-sst.induccion-sst.torre-norte',
      organization: 'curso-sst-torre-norte-org',
      item: 'curso-sst-torre-norte-item',
      resource: 'curso-sst-torre-norte-sco',
      title: 'Inducción — Seguridad y Salud en el Trabajo — Torre Norte',
    });
  });

  it('uses slug names once the example mark is removed, even for the demo slug', () => {
    const id = packageIdentity(
      { ejemplo: false },
      { slug: DEMO_OBRA_SLUG, nombre: 'Obra Ejemplo' },
    );
    expect(zipName(id, 'scorm12')).toBe('curso-sst-obra-ejemplo-scorm12.zip');
  });

  it('does not depend on the obra name (renaming an obra keeps its identifiers)', () => {
    const a = packageIdentity({ ejemplo: false }, { slug: 'puente-sur', nombre: 'Puente Sur' });
    const b = packageIdentity({ ejemplo: false }, { slug: 'puente-sur', nombre: 'Puente del Sur' });
    expect({ ...a, title: '' }).toEqual({ ...b, title: '' });
  });
});
