// The review of a licensed SST professional (construction) on the rewritten course (decision 0170):
// two factual errors, the citations, the imprecise points, the consistency points and the manager
// content to cut. Each statement is checked on the real course by page id: on the template (what
// the «Fuente» line cites, what the screen never says) and, where configuration matters, on the
// text a learner reads with the demo configuration filled in (and a variant with a vigía).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCompanyConfig } from '../config/index.ts';
import { readCourse } from '../../../course-files/read-content.ts';
import { fillCourse, placeholderValues } from './placeholders.ts';
import { plain, topicOf } from './course-test-support.ts';
import type { Course, Topic } from './types.ts';

const { course: loaded, issues } = readCourse();
if (!loaded) throw new Error(`course did not load: ${JSON.stringify(issues)}`);
const course: Course = loaded;

/** What the learner reads on a screen (every tab, card and box), without the «Fuente» line. */
function screen(t: Topic): string {
  const items = [...(t.items ?? []), ...(t.list1?.items ?? [])];
  return plain(
    [
      t.title,
      t.text ?? '',
      t.text1 ?? '',
      t.text2 ?? '',
      ...items.flatMap((i) => [i.label ?? '', i.title ?? '', i.text, ...(i.points ?? [])]),
      ...(t.remember ?? []).flatMap((r) => [r.title, r.text]),
    ].join('\n'),
  );
}

const page = (id: string) => topicOf(course, id);
const text = (id: string) => screen(page(id));
const fuente = (id: string) => page(id).fuente ?? '';

/** The course filled with config/ejemplo.json, optionally changed (e.g. a vigía, no COPASST). */
function filled(change: (raw: Record<string, unknown>) => void = () => {}): Course {
  const raw = JSON.parse(readFileSync('config/ejemplo.json', 'utf8')) as Record<string, unknown>;
  change(raw);
  const { config } = loadCompanyConfig(JSON.stringify(raw), 'config/ejemplo.json');
  if (!config) throw new Error('demo config did not load');
  return fillCourse(course, placeholderValues(config, config.obras[0]!, course));
}
const demo = filled();
const shown = (id: string) => screen(topicOf(demo, id));

describe('factual errors', () => {
  // Ley 2466 de 2025 (reforma laboral) and Ley 2528 de 2025 (Convenio 190 OIT).
  it('modulo2-tema5: one act can be harassment, also from third parties, online and on the commute', () => {
    const t = text('modulo2-tema5');
    expect(t).not.toMatch(/se repite y se puede probar/);
    expect(t).toMatch(/Un solo hecho puede ser acoso/);
    expect(t).toMatch(/un cliente o un proveedor/);
    expect(t).toMatch(/por chat o por teléfono/);
    expect(t).toMatch(/camino entre tu casa y el trabajo/);
    expect(fuente('modulo2-tema5')).toMatch(/Ley 2466 de 2025/);
    expect(fuente('modulo2-tema5')).toMatch(
      /Ley 2528 de 2025 \(aprueba el Convenio 190 de la OIT\)/,
    );
    expect(fuente('modulo2-tema5')).toMatch(/Ley 1010 de 2006/);
  });

  // Ley 1562 de 2012 art. 3: employer's transport or the employer's orders; otherwise common.
  // A bicycle has no SOAT: the motor vehicle's insurance answers (third pass, record 0270).
  it('modulo4-tema4: own vehicle is a common accident (EPS, traffic insurance first), and what to do on a motorbike', () => {
    const t = text('modulo4-tema4');
    expect(t).not.toMatch(/no lo dice claro/);
    expect(t).toMatch(/bus que pone la empresa[^.]*\. Si te lesionas, es un accidente de trabajo/);
    expect(t).toMatch(/tu carro o tu moto, un choque es un accidente común/);
    expect(t).toMatch(/Lo atiende tu EPS/);
    expect(t).toMatch(/primero responde el seguro obligatorio de tu carro o tu moto/);
    expect(t).not.toMatch(/tu bici, un choque|seguro obligatorio del vehículo/);
    expect(t).toMatch(/accidente de trabajo si ibas a hacer un mandado que te ordenó la empresa/);
    expect(t).toMatch(/¿Vienes en moto\? Casco abrochado/);
    expect(fuente('modulo4-tema4')).toMatch(/Ley 1562 de 2012, art\. 3/);
  });
});

describe('citations', () => {
  it('modulo3-tema9: silicosis on Decree 1477 of 2014 (as amended), never Decree 2566 of 2009', () => {
    expect(fuente('modulo3-tema9')).toMatch(/Decreto 1477 de 2014, modificado por el Decreto 676/);
    const anywhere = course.modules
      .flatMap((m) => m.topics)
      .filter((t) => /2566/.test(t.fuente ?? ''));
    expect(anywhere.map((t) => t.id)).toEqual([]);
  });

  // Checked: D1072 art. 2.2.4.6.24 par. 2 is the maintenance of installations, equipment and tools.
  it('modulo3-tema10: tools keep D1072 art. 2.2.4.6.24 par. 2 (maintenance of equipment and tools)', () => {
    expect(fuente('modulo3-tema10')).toMatch(/2\.2\.4\.6\.24, par\. 2/);
    expect(text('modulo3-tema10')).toMatch(/Si una está dañada, no la uses y repórtala/);
  });

  // Checked: 2.2.4.6.16 par. 3 is the self-report mechanism; 2.2.4.6.24 par. 4 correcting unsafe conditions.
  it('modulo3-tema4: self-report on 2.2.4.6.16 par. 3 and correcting unsafe conditions on 2.2.4.6.24 par. 4', () => {
    expect(fuente('modulo3-tema4')).toMatch(/2\.2\.4\.6\.16 par\. 3 y 2\.2\.4\.6\.24 par\. 4/);
    expect(text('modulo3-tema4')).toMatch(
      /forma de reportar peligros y de contar cómo está tu salud/,
    );
    expect(text('modulo3-tema4')).toMatch(/debe corregir lo inseguro/);
  });

  it('modulo1-tema8: no contractors clause (2.2.4.6.28 num. 5) for every worker’s report', () => {
    expect(fuente('modulo1-tema8')).not.toMatch(/2\.2\.4\.6\.28/);
    expect(text('modulo1-tema8')).toMatch(/Es la regla de tu obra/);
  });

  it('modulo3-tema1: GTC 45 is a technical guide; its hazard table is not «num. 3.1»', () => {
    expect(fuente('modulo3-tema1')).not.toMatch(/num\. 3\.1/);
    expect(fuente('modulo3-tema1')).toMatch(
      /GTC 45 de 2012 \(guía técnica, no ley\), tabla de clasificación de peligros/,
    );
  });

  it('modulo3-tema8: the IDU lifting protocol is named as a Bogotá guide, not a national rule', () => {
    expect(fuente('modulo3-tema8')).toMatch(/no norma nacional: Protocolo IDU No\. 3/);
    expect(fuente('modulo3-tema8')).toMatch(/Instituto de Desarrollo Urbano de Bogotá/);
    expect(text('modulo3-tema8')).toMatch(
      /Regla de tu obra: la grúa la maneja solo un operador autorizado/,
    );
  });

  // Checked: DL1295 art. 5 last paragraph, initial emergency care at any provider; art. 7 benefits.
  it('modulo1-tema6: urgencias on DL1295 art. 5 (atención inicial de urgencias), benefits on art. 7', () => {
    expect(fuente('modulo1-tema6')).toMatch(/arts\. 5 \(atención inicial de urgencias\), 7/);
    expect(text('modulo1-tema6')).toMatch(
      /En una urgencia te atiende cualquier clínica u hospital/,
    );
  });

  it('modulo5-tema4: no «línea 123 (Función Pública)» citation', () => {
    expect(fuente('modulo5-tema4')).not.toMatch(/123|Función Pública/);
  });
});

describe('imprecise points', () => {
  it('modulo1-tema5: no company fines (manager content, and no longer in minimum wages)', () => {
    expect(text('modulo1-tema5')).not.toMatch(/multa|salarios mínimos|UVT/i);
    expect(fuente('modulo1-tema5')).not.toMatch(/Ley 1562 de 2012, art\. 13/);
  });

  // Res. 1843 de 2025: no pregnancy test to get or keep a job, except a task with real or potential
  // risk for the pregnancy, with the worker's prior consent.
  it('modulo1-tema7: the pregnancy-test ban with its exception and consent', () => {
    const t = text('modulo1-tema7');
    expect(t).toMatch(/Para darte el trabajo o para mantenerlo no te pueden pedir prueba de VIH/);
    expect(t).toMatch(/Tampoco prueba de embarazo/);
    expect(t).toMatch(
      /excepción: si tu tarea es un riesgo para un embarazo, te la pueden pedir\. Y solo con tu permiso/,
    );
    expect(fuente('modulo1-tema7')).toMatch(/Resolución 1843 de 2025/);
  });

  // Res. 156 de 2005 art. 3 (as amended by Res. 2851 de 2015): a copy of the report for the worker.
  it('modulo1-tema8: the worker is entitled to a copy of the FURAT', () => {
    expect(text('modulo1-tema8')).toMatch(/tienes derecho a una\s*copia\s*: pídela/);
    expect(fuente('modulo1-tema8')).toMatch(
      /Resolución 156 de 2005, art\. 3, modificado por la Resolución 2851 de 2015/,
    );
  });

  it('modulo1-tema3: occupational disease also from germs (biological) and stress (psychosocial)', () => {
    const t = text('modulo1-tema3');
    expect(t).not.toMatch(/por lo que respiras, cargas u oyes/);
    expect(t).toMatch(/de los gérmenes o del estrés/);
    expect(fuente('modulo1-tema3')).toMatch(/Decreto 1477 de 2014/);
  });

  // Decreto 768 de 2022 (a class per work centre) is manager content: the third pass (record
  // 0270) tells the worker only the class of the work he does, never «cada empresa tiene una».
  it('modulo1-tema6: the worker’s own risk class, not one class per company', () => {
    const t = text('modulo1-tema6');
    expect(t).not.toMatch(/Cada empresa tiene una clase de riesgo/);
    expect(t).not.toMatch(/centro de trabajo/);
    expect(t).toMatch(/La clase de riesgo va de la I a la V/);
    expect(shown('modulo1-tema6')).toMatch(
      /Tu trabajo en Constructora Ejemplo S\.A\.S\. es de clase V\./,
    );
  });
});

describe('consistency with the configuration', () => {
  it('modulo5-tema4: the obra’s emergency line, never a hard-coded 123', () => {
    for (const m of course.modules)
      for (const t of m.topics) expect(screen(t), t.id).not.toMatch(/\b123\b/);
    const otherLine = filled((raw) => {
      (raw.obras as Record<string, unknown>[])[0]!.lineaEmergencias = '119';
    });
    const t = screen(topicOf(otherLine, 'modulo5-tema4'));
    expect(t).toMatch(/Guarda hoy en tu celular la línea de emergencias de tu obra: 119\s*\./);
    expect(t).not.toMatch(/123/);
  });

  it('modulo2-tema1: no period after a policy summary that ends in one', () => {
    const t = shown('modulo2-tema1');
    expect(t).toMatch(
      /«Cuidamos la vida y la salud de todas las personas que trabajan en nuestras obras\.»/,
    );
    expect(t).not.toMatch(/\.»\./);
    for (const m of demo.modules)
      for (const tp of m.topics) expect(screen(tp), tp.id).not.toMatch(/\.»\.|\.\./);
  });

  it('modulo2-tema6: names the COPASST or the vigía, whichever the configuration has', () => {
    expect(shown('modulo2-tema6')).toMatch(
      /el COPASST lo forman Ana Ruiz, Pedro Díaz, Marta León y Jorge Silva/,
    );
    expect(shown('modulo2-tema6')).toMatch(/También puedes contárselo a un miembro del COPASST/);
    const vigia = filled((raw) => {
      delete raw.copasst;
      raw.vigia = { nombre: 'Rosa Vega' };
    });
    const t = screen(topicOf(vigia, 'modulo2-tema6'));
    expect(t).toMatch(/el vigía SST es Rosa Vega/);
    expect(t).toMatch(/También puedes contárselo a Rosa Vega, el vigía/);
    expect(t).not.toMatch(/miembro del COPASST/);
  });

  // The licence number is manager content (record 0270): the course text no longer shows it;
  // the certificate and the console's «Registro de inducción» still print it.
  it('uses vigia.nombre and obras[].direccion, not sst.responsable.licencia, as config/README.md says', () => {
    expect(shown('modulo5-tema4')).toMatch(/La dirección de la obra es Calle 1 # 2-3, Bogotá\./);
    for (const m of demo.modules)
      for (const t of m.topics) expect(screen(t), t.id).not.toMatch(/licencia|Licencia SST/i);
    expect(JSON.stringify(course)).not.toMatch(/sst\.responsable\.licencia/);
    expect(JSON.stringify(page('modulo2-tema6'))).toMatch(/\{\{vigia\.nombre\}\}/);
    const readme = readFileSync('config/README.md', 'utf8');
    /** The «Dónde aparece» cell of a field's row in config/README.md. */
    const where = (field: string) => {
      const row = readme.split('\n').find((l) => l.startsWith(`| \`${field}\``));
      if (!row) throw new Error(`no row for ${field}`);
      return row.split('|').at(-2)!.trim();
    };
    expect(where('vigia.nombre')).toMatch(/Módulo 2/);
    expect(where('obras[].direccion')).toMatch(/Módulo 5/);
    expect(where('sst.responsable.licencia')).toMatch(/Certificado[\s\S]*Registro de inducción/);
    expect(where('sst.responsable.licencia')).not.toMatch(/Textos del curso/);
  });

  it('modulo1-tema8: no «reportar por el supervisor…» when the channel is a person', () => {
    expect(shown('modulo1-tema8')).not.toMatch(/reportar por el/);
    expect(shown('modulo1-tema8')).toMatch(
      /Canal de reporte de tu obra: el supervisor de tu frente/,
    );
  });
});

describe('manager content cut in favour of actions', () => {
  it('modulo1-tema2: no PHVA and no old programme name', () => {
    expect(text('modulo1-tema2')).not.toMatch(/PHVA|Planificar|Programa de Salud Ocupacional/);
    expect(text('modulo1-tema2')).toMatch(/¿Qué haces tú cada día\?/);
  });

  it('modulo2-tema1: no policy formalities (signatory rank, yearly review)', () => {
    expect(text('modulo2-tema1')).not.toMatch(/representante legal|se revisa cada año/);
    expect(text('modulo2-tema1')).toMatch(/Debe estar a la vista en tu obra/);
  });

  it('modulo2-tema6: no committee administration (terms, weekly hours, extra meetings)', () => {
    expect(text('modulo2-tema6')).not.toMatch(/2 años|4 horas|se reúne aparte/);
  });

  it('modulo4-tema1: no PESV thresholds', () => {
    expect(text('modulo4-tema1')).not.toMatch(/más de 10 vehículos|conductores a su cargo/);
    expect(text('modulo4-tema1')).toMatch(/revísalo antes de salir/);
  });
});

describe('the site hazards a professional expects, within +2 topic screens per module', () => {
  const HAZARDS: Array<[string, string, RegExp]> = [
    ['lockout/tagout and machine guards', 'modulo3-tema11', /guarda[\s\S]*candado y una tarjeta/],
    [
      'mixer, grinder and circular saw',
      'modulo3-tema11',
      /mezcladora, la pulidora y la sierra circular/,
    ],
    [
      'falling objects: tied tools, debris, overlapping levels',
      'modulo3-tema12',
      /Amarra tus herramientas[\s\S]*escombros[\s\S]*debajo de otra cuadrilla/,
    ],
    ['formwork, shoring and nails', 'modulo3-tema12', /Formaletas y puntales[\s\S]*clavos/],
    [
      'riding the material hoist, machines or dump trucks',
      'modulo3-tema8',
      /no te subas a una volqueta, al balde de una máquina ni al elevador de carga/,
    ],
    ['earthquake and thunderstorm', 'modulo5-tema6', /Si tiembla[\s\S]*tormenta con rayos/],
    ['cement in the eyes', 'modulo3-tema9', /Si te cae en los ojos, lávalos con agua limpia/],
    [
      'work beside a public road (traffic plan)',
      'modulo4-tema1',
      /¿Tu obra da a la calle\?[\s\S]*«pare» y «siga»[\s\S]*plan de tránsito/,
    ],
    ['asbestos in demolition', 'modulo3-tema9', /asbesto/],
    ['PPE: toe-cap boots', 'modulo3-tema3', /botas con puntera/],
    ['PPE: high-visibility vest', 'modulo3-tema3', /chaleco reflectivo/],
    [
      'lifting: authorised operator and signals',
      'modulo3-tema8',
      /operador autorizado\. Un señalero le da las señales/,
    ],
    [
      'manual handling: technique and mechanical aids',
      'modulo3-tema10',
      /carretilla[\s\S]*dobla las rodillas/,
    ],
    [
      'confined spaces: gas measurement before entry',
      'modulo3-tema6',
      /mide el aire: el oxígeno y los gases/,
    ],
    ['electricity: nothing under lockout is touched', 'modulo3-tema7', /candado y tarjeta/],
  ];
  for (const [what, id, re] of HAZARDS) it(`${id}: ${what}`, () => expect(text(id)).toMatch(re));

  it('adds at most two topic screens per module (8/8/10/5/5 before the review)', () => {
    const before = [8, 8, 10, 5, 5];
    course.modules.forEach((m, i) =>
      expect(m.topics.length - before[i]!, m.id).toBeLessThanOrEqual(2),
    );
  });

  it('gives each new screen a «Fuente» line and an SVG under 3 KB', () => {
    for (const id of ['modulo3-tema11', 'modulo3-tema12', 'modulo5-tema6']) {
      const t = page(id);
      expect(t.fuente, id).toBeTruthy();
      expect(readFileSync(`public/img/${t.img}`).length, id).toBeLessThan(3 * 1024);
    }
  });
});
