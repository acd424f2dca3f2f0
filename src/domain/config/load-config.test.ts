import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { certificateSignatory, loadCompanyConfig, selectObra } from './load-config.ts';

const read = (p: string) => readFileSync(new URL(`../../../${p}`, import.meta.url), 'utf8');
const DEMO_TEXT = read('config/ejemplo.json');
const ANDINA = 'test/fixtures/config/';
const readAndina = (p: string) => {
  try {
    return read(ANDINA + p);
  } catch {
    return null;
  }
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests edit arbitrary JSON
type Json = Record<string, any>;

/** The demo file, changed by `edit`, loaded. */
function loadEdited(edit: (c: Json) => void, readFile?: (p: string) => string | null) {
  const data = JSON.parse(DEMO_TEXT);
  edit(data);
  return loadCompanyConfig(JSON.stringify(data), 'mi-empresa.json', readFile ? { readFile } : {});
}
const SAFE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#123456"/></svg>';

describe('loadCompanyConfig: valid files', () => {
  it('loads the demo configuration, marked as an example, with defaults filled', () => {
    const { config, errors } = loadCompanyConfig(DEMO_TEXT, 'config/ejemplo.json');
    expect(errors).toEqual([]);
    expect(config?.ejemplo).toBe(true);
    expect(config?.empresa.nombre).toBe('Constructora Ejemplo S.A.S.');
    expect(config?.obras.map((o) => o.slug)).toEqual(['obra-ejemplo']);
    expect(config?.certificado.mostrarDocumentoEnLms).toBe(false);
  });

  it('loads the second company with two obras and its logo read next to the file', () => {
    const { config, errors } = loadCompanyConfig(
      read(ANDINA + 'constructora-andina.json'),
      'constructora-andina.json',
      {
        readFile: readAndina,
      },
    );
    expect(errors).toEqual([]);
    expect(config?.ejemplo).toBe(false);
    expect(config?.obras.map((o) => o.slug)).toEqual(['torre-norte', 'puente-sur']);
    // lineaEmergencias defaults to 123; an obra may give its own.
    expect(config?.obras.map((o) => o.lineaEmergencias)).toEqual(['123', '604 444 1234']);
    expect(config?.empresa.logo?.file).toBe('constructora-andina-logo.svg');
    expect(config?.empresa.logo?.pdf.viewBox).toEqual({ minX: 0, minY: 0, width: 120, height: 60 });
    expect(config?.empresa.logo?.pdf.paths.length).toBe(5);
    expect(config?.certificado).toEqual({
      firmante: {
        nombre: 'Hernán Ospina',
        cargo: 'Representante legal',
        licencia: 'Licencia SST 67890 de 2022',
      },
      mostrarDocumentoEnLms: true,
    });
  });

  it('treats blank optional fields and empty optional lists as not given', () => {
    const { config } = loadEdited((c) => {
      c.obras[0].puntoEncuentro = '  ';
      c.obras[0].brigadistas = [];
      c.sst.responsable.licencia = '';
    });
    expect(config?.obras[0]?.puntoEncuentro).toBeUndefined();
    expect(config?.obras[0]?.brigadistas).toBeUndefined();
    expect(config?.sst.responsable.licencia).toBeUndefined();
  });

  it('needs only the required fields', () => {
    const { errors } = loadCompanyConfig(
      JSON.stringify({
        empresa: {
          nombre: 'X',
          nit: '800197268-4',
          claseRiesgo: 'I',
          arl: { nombre: 'A', linea: '123' },
        },
        sst: { responsable: { nombre: 'R' } },
        obras: [{ slug: 'o', nombre: 'O' }],
      }),
      'minima.json',
    );
    expect(errors).toEqual([]);
  });
});

describe('loadCompanyConfig: each invalid case gives its Spanish error naming the field', () => {
  const cases: Array<[string, (c: Json) => void, string[]]> = [
    [
      'missing required field',
      (c) => delete c.empresa.nombre,
      ['mi-empresa.json: empresa.nombre: falta este campo obligatorio'],
    ],
    [
      'empty required field',
      (c) => (c.sst.responsable.nombre = ' '),
      ['mi-empresa.json: sst.responsable.nombre: está vacío: este campo es obligatorio'],
    ],
    [
      'wrong type',
      (c) => (c.obras[0].brigadistas = 'Luis y Sandra'),
      [
        'mi-empresa.json: obras[0].brigadistas: debe ser una lista [ … ], no el texto «Luis y Sandra»',
      ],
    ],
    [
      'ejemplo not boolean',
      (c) => (c.ejemplo = 'sí'),
      ['mi-empresa.json: ejemplo: debe ser true o false (sin comillas), no el texto «sí»'],
    ],
    [
      'bad NIT check digit',
      (c) => (c.empresa.nit = '900123456-7'),
      [
        'mi-empresa.json: empresa.nit: el dígito de verificación del NIT «900123456-7» no es correcto (para 900123456 es 8)',
      ],
    ],
    [
      'NIT with dots',
      (c) => (c.empresa.nit = '900.123.456-8'),
      [
        'mi-empresa.json: empresa.nit: formato de NIT inválido «900.123.456-8»: escríbelo sin puntos ni espacios, con guion y dígito de verificación (p. ej. 900123456-7)',
      ],
    ],
    [
      'bad slug',
      (c) => (c.obras[0].slug = 'Obra Ejemplo'),
      [
        'mi-empresa.json: obras[0].slug: slug inválido: solo minúsculas sin tildes, dígitos y guiones entre palabras (p. ej. torre-norte)',
      ],
    ],
    [
      'duplicate slug',
      (c) => c.obras.push({ ...c.obras[0], nombre: 'Otra' }),
      ['mi-empresa.json: obras[1].slug: slug duplicado «obra-ejemplo» (ya lo usa obras[0])'],
    ],
    [
      'unknown field',
      (c) => (c.obras[0].puntoDeEncuentro = 'x'),
      [
        'mi-empresa.json: campo desconocido obras[0].puntoDeEncuentro: revisa cómo está escrito (mayúsculas, tildes) o bórralo',
      ],
    ],
    [
      'unknown top-level field',
      (c) => (c.Empresa = {}),
      [
        'mi-empresa.json: campo desconocido Empresa: revisa cómo está escrito (mayúsculas, tildes) o bórralo',
      ],
    ],
    [
      'obras empty',
      (c) => (c.obras = []),
      ['mi-empresa.json: obras: debe haber al menos una obra'],
    ],
    [
      'obras missing',
      (c) => delete c.obras,
      ['mi-empresa.json: obras: falta este campo obligatorio'],
    ],
    [
      'bad risk class',
      (c) => (c.empresa.claseRiesgo = 5),
      [
        'mi-empresa.json: empresa.claseRiesgo: la clase de riesgo debe ser I, II, III, IV o V (en números romanos, entre comillas)',
      ],
    ],
    [
      'bad date',
      (c) => (c.politicaSST.fecha = '2026-02-30'),
      ['mi-empresa.json: politicaSST.fecha: no es una fecha que exista'],
    ],
    [
      'bad phone',
      (c) => (c.empresa.arl.linea = 'llamar a la ARL'),
      [
        'mi-empresa.json: empresa.arl.linea: no parece un número de teléfono: usa solo dígitos, espacios, +, #, * y paréntesis',
      ],
    ],
    [
      'copasst and vigia',
      (c) => (c.vigia = { nombre: 'V' }),
      [
        'mi-empresa.json: vigia: usa copasst (10 o más trabajadores) o vigia (menos de 10), no los dos: el curso nombraría dos comités',
      ],
    ],
    [
      'pesv.aplica as text',
      (c) => (c.pesv.aplica = 'no'),
      ['mi-empresa.json: pesv.aplica: debe ser true o false (sin comillas), no el texto «no»'],
    ],
    [
      'logo that is not an svg file',
      (c) => (c.empresa.logo = 'logo.png'),
      [
        'mi-empresa.json: empresa.logo: el logo debe ser la ruta de un archivo .svg junto al archivo de configuración',
      ],
    ],
  ];

  it.each(cases)('%s', (_name, edit, expected) => {
    const result = loadEdited(edit);
    expect(result.config).toBeNull();
    expect(result.errors).toEqual(expected);
  });

  it('reports every problem at once', () => {
    const { errors } = loadEdited((c) => {
      delete c.empresa.nombre;
      c.obras[0].slug = 'MAL';
    });
    expect(errors).toHaveLength(2);
  });

  it('reports invalid JSON', () => {
    const { config, errors } = loadCompanyConfig('{ "empresa": ', 'roto.json');
    expect(config).toBeNull();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^roto\.json: JSON inválido: /);
  });

  it('refuses a logo with a script', () => {
    const { errors } = loadEdited(
      (c) => (c.empresa.logo = 'logo.svg'),
      () => SAFE_SVG.replace('</svg>', '<script>alert(1)</script></svg>'),
    );
    expect(errors).toEqual([
      'mi-empresa.json: empresa.logo (logo.svg): contiene <script>: un logo no puede ejecutar código',
    ]);
  });

  it('refuses a logo with an external reference', () => {
    const { errors } = loadEdited(
      (c) => (c.empresa.logo = 'logo.svg'),
      () => SAFE_SVG.replace('<rect', '<image href="https://example.com/x.png"/><rect'),
    );
    expect(errors[0]).toBe(
      'mi-empresa.json: empresa.logo (logo.svg): href apunta fuera del archivo («https://example.com/x.png»): el logo no puede cargar recursos externos',
    );
  });

  it('refuses a logo file it cannot read, and a logo it cannot draw', () => {
    expect(
      loadEdited(
        (c) => (c.empresa.logo = 'falta.svg'),
        () => null,
      ).errors,
    ).toEqual([
      'mi-empresa.json: empresa.logo: no se pudo leer «falta.svg» (la ruta es relativa al archivo de configuración)',
    ]);
    expect(loadEdited((c) => (c.empresa.logo = 'falta.svg')).errors).toHaveLength(1);
    expect(
      loadEdited(
        (c) => (c.empresa.logo = 'logo.svg'),
        () => SAFE_SVG.replace('<rect', '<rect transform="rotate(45)"'),
      ).errors[0],
    ).toMatch(
      /^mi-empresa\.json: empresa\.logo \(logo\.svg\): transform «rotate\(45\)» no soportado/,
    );
  });
});

describe('selectObra', () => {
  const { config } = loadCompanyConfig(read(ANDINA + 'constructora-andina.json'), 'a.json', {
    readFile: readAndina,
  });

  it('selects by slug', () => {
    expect(selectObra(config!, 'puente-sur').obra?.nombre).toBe('Puente Sur');
  });

  it('needs a slug when there are several obras, listing them', () => {
    expect(selectObra(config!)).toEqual({
      obra: null,
      error:
        'la configuración tiene 2 obras: indica cuál con --obra SLUG (obras: torre-norte, puente-sur)',
    });
  });

  it('names an unknown slug and the known ones', () => {
    expect(selectObra(config!, 'torre-sur').error).toBe(
      'no hay ninguna obra con slug «torre-sur» (obras: torre-norte, puente-sur)',
    );
  });

  it('takes the only obra when no slug is given', () => {
    const demo = loadCompanyConfig(DEMO_TEXT, 'd.json').config!;
    expect(selectObra(demo).obra?.slug).toBe('obra-ejemplo');
  });
});

describe('certificateSignatory', () => {
  it('defaults to the responsable SST with the licence', () => {
    const demo = loadCompanyConfig(DEMO_TEXT, 'd.json').config!;
    expect(certificateSignatory(demo)).toEqual({
      nombre: 'Laura Gómez',
      cargo: 'Responsable del SG-SST',
      licencia: 'Licencia SST 00000 de 2024 (ejemplo)',
    });
  });

  it('uses the configured signatory', () => {
    const { config } = loadCompanyConfig(read(ANDINA + 'constructora-andina.json'), 'a.json', {
      readFile: readAndina,
    });
    expect(certificateSignatory(config!).nombre).toBe('Hernán Ospina');
  });
});
