// The third reading by a licensed SST professional (decision record 0270): each statement of the
// review checked on the real course by page id — what the screen now says and that the old wording
// is gone. Imprecise sentences, hard words, manager sentences, sources, the deeper site hazards,
// the «Reglas que salvan vidas» screen and the quiz (work at heights, no position cue).
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCourse } from '../../../course-files/read-content.ts';
import { configValues } from '../../../scripts/lib/demo-config.ts';
import { fillCourse } from './placeholders.ts';
import { questionFragments, topicFragments } from './text-metrics/readability.ts';
import { plain, topicOf } from './course-test-support.ts';
import type { Course, Question } from './types.ts';

const { course: loaded, issues } = readCourse();
if (!loaded) throw new Error(`course did not load: ${JSON.stringify(issues)}`);
const course: Course = loaded;
const demoValues = configValues(course);
if (!demoValues.values) throw new Error(demoValues.error);
/** The course as the demo configuration shows it to a learner. */
const demo = fillCourse(course, demoValues.values);

const page = (id: string) => topicOf(course, id);
/** What the learner reads on a screen (every tab, card and box), placeholders as written. */
const text = (id: string) => plain(topicFragments(page(id)).join(' \n '));
/** The same with the demo configuration filled in. */
const shown = (id: string) => plain(topicFragments(topicOf(demo, id)).join(' \n '));
const fuente = (id: string) => page(id).fuente ?? '';

/** Every screen and every quiz question of the course, as the learner reads them. */
const everything = plain(
  [
    course.introduction.text,
    ...course.modules.flatMap((m) => [
      ...m.topics.flatMap(topicFragments),
      ...m.activity.questions.flatMap(questionFragments),
    ]),
  ].join(' \n '),
);
const allFuentes = course.modules.flatMap((m) => m.topics.map((t) => t.fuente ?? '')).join('\n');

function question(id: string): Question {
  const [, m, q] = /^m(\d+)-q(\d+)$/.exec(id)!;
  const found = course.modules[Number(m) - 1]?.activity.questions[Number(q) - 1];
  if (!found) throw new Error(`no question ${id}`);
  return found;
}
const right = (q: Question) => plain(q.options.find((o) => o.correct === 1)!.option);
const wrong = (q: Question) => q.options.filter((o) => o.correct !== 1).map((o) => plain(o.option));

describe('imprecise sentences', () => {
  it('modulo3-tema9 and m3-q3: wet cement in the eyes is rinsed 15 minutes or more, then the doctor', () => {
    expect(text('modulo3-tema9')).toMatch(
      /Si te cae en los ojos, lávalos con agua limpia por lo menos 15 minutos\. Luego avisa y ve al médico/,
    );
    expect(right(question('m3-q3'))).toBe('Lo lavo con agua limpia 15 minutos o más');
    expect(plain(question('m3-q3').message ?? '')).toMatch(/15 minutos o más[\s\S]*ve al médico/);
    expect(everything).not.toMatch(/varios minutos/);
  });

  it('modulo4-tema4: a bicycle has no SOAT; the motor vehicle’s insurance answers', () => {
    const t = text('modulo4-tema4');
    expect(t).toMatch(
      /¿Vas en bici y te choca un carro o una moto\? Primero responde el seguro obligatorio de ese vehículo\. Una bici no lo tiene\./,
    );
    expect(t).not.toMatch(/tu moto o tu bici, un choque/);
    expect(t).not.toMatch(/seguro obligatorio del vehículo/);
  });

  it('modulo3-tema2: the controls add up; they do not exclude each other', () => {
    const t = text('modulo3-tema2');
    expect(t).not.toMatch(/Solo pasa al paso siguiente si no puede hacer el anterior/);
    expect(t).toMatch(/Casi siempre usa varios pasos a la vez/);
    expect(t).toMatch(/El EPP nunca va solo/);
  });
});

describe('words a site worker stops at: gone, the sentence says it plainly in place', () => {
  const WORDS: Array<[string, RegExp, string, RegExp]> = [
    ['dieléctrico', /dieléctric/i, 'modulo3-tema3', /un casco que aísla la corriente/],
    ['barbuquejo', /barbuquejo/i, 'modulo3-tema3', /amarrarlo con la correa bajo la barbilla/],
    [
      'reentrenamiento',
      /reentrenamiento/i,
      'modulo1-tema1',
      /Al entrar, te entrenan otra vez en alturas/,
    ],
    [
      'concepto médico… apto',
      /concepto médico|\bapto\b/i,
      'modulo1-tema7',
      /un examen médico que diga que puedes trabajar en alturas/,
    ],
    [
      'examen de egreso',
      /egreso/i,
      'modulo1-tema7',
      /Al salir, te hacen un último examen\. Deja escrito cómo está tu salud/,
    ],
    [
      'Previene, orienta y concilia',
      /Previene, orienta y concilia|concilia/i,
      'modulo2-tema7',
      /les ayuda a llegar a un acuerdo/,
    ],
    [
      'indemnización',
      /indemnizaci/i,
      'modulo1-tema6',
      /Dinero mientras no puedes trabajar\. Un pago o una pensión si te queda un daño para siempre/,
    ],
    ['salvamento', /salvamento/i, 'modulo3-tema10', /Verde: salida y primeros auxilios/],
    ['paletero', /paletero/i, 'modulo4-tema1', /quien da paso con la señal de «pare» y «siga»/],
    [
      'Fallar grave a una orden de seguridad…',
      /Fallar grave/i,
      'modulo1-tema5',
      /Si desobedeces una orden de seguridad escrita y la falta es grave, te pueden despedir/,
    ],
    [
      'La falta es trabajar así, afectado',
      /trabajar así, afectado/i,
      'modulo2-tema3',
      /Lo prohibido es trabajar bajo sus efectos/,
    ],
  ];
  for (const [word, gone, id, now] of WORDS)
    it(`«${word}»: nowhere in the course; ${id} says it plainly`, () => {
      expect(everything).not.toMatch(gone);
      expect(text(id)).toMatch(now);
    });
});

describe('manager sentences out or rewritten for the worker', () => {
  it('modulo1-tema1: no licence number of the responsable SST', () => {
    expect(shown('modulo1-tema1')).not.toMatch(/licencia/i);
    expect(JSON.stringify(page('modulo1-tema1'))).not.toMatch(/sst\.responsable\.licencia/);
    expect(shown('modulo1-tema1')).toMatch(/Si tienes dudas, busca a/);
  });

  it('modulo1-tema6: no risk class per work centre; the worker’s own class', () => {
    expect(text('modulo1-tema6')).not.toMatch(/centro de trabajo|varias obras/);
    expect(fuente('modulo1-tema6')).not.toMatch(/Decreto 768 de 2022/);
    expect(shown('modulo1-tema6')).toMatch(
      /Tu trabajo en Constructora Ejemplo S\.A\.S\. es de clase V\./,
    );
  });

  it('modulo1-tema8: no «Tiene el mismo plazo»', () => {
    expect(text('modulo1-tema8')).not.toMatch(/mismo plazo/);
    expect(text('modulo1-tema8')).toMatch(/La empresa avisa también al Ministerio del Trabajo\./);
  });

  it('modulo2-tema4 and modulo4-tema1: no «si tu empresa tiene PESV»', () => {
    expect(everything).not.toMatch(/si tu empresa tiene PESV/i);
    expect(text('modulo2-tema4')).toMatch(
      /\{\{#pesv\.aplica\}\}Tu empresa tiene una política para la vía/,
    );
    expect(text('modulo4-tema1')).toMatch(/qué reglas de la vía tiene tu empresa/);
  });

  it('modulo2-tema7: no term of the committee’s members', () => {
    expect(text('modulo2-tema7')).not.toMatch(/2 años|Sus miembros están/);
    expect(text('modulo2-tema7')).toMatch(/Se reúne cada mes/);
  });

  it('modulo3-tema1: no «La revisa por lo menos cada año…»; the worker tells a new hazard', () => {
    expect(text('modulo3-tema1')).not.toMatch(/cada año|accidente mortal/);
    expect(text('modulo3-tema1')).toMatch(/¿Ves un peligro nuevo\? Cuéntalo\./);
  });

  it('modulo4-tema5: no company deadlines of 2 and 15 days; what the worker does', () => {
    const crash = page('modulo4-tema5');
    expect(text('modulo4-tema5')).not.toMatch(/días hábiles|15 días/);
    expect(crash.items?.map((i) => i.label)).toEqual([
      'En el momento',
      'De inmediato',
      'Después',
      'Luego',
    ]);
    expect(text('modulo4-tema5')).toMatch(/Ese reporte no lo haces tú\./);
    expect(text('modulo4-tema5')).toMatch(/Cuenta lo que viste\./);
  });
});

describe('sources', () => {
  it('modulo2-tema2: the reglamento de higiene y seguridad cites CST art. 349', () => {
    expect(fuente('modulo2-tema2')).toMatch(/^Código Sustantivo del Trabajo, art\. 349;/);
  });

  it('modulo2-tema4: construction and demolition waste cites its own rule', () => {
    expect(fuente('modulo2-tema4')).toMatch(
      /Resolución 472 de 2017 del Ministerio de Ambiente, modificada por la Resolución 1257 de 2021 \(residuos de construcción y demolición\)/,
    );
    expect(fuente('modulo2-tema4')).not.toBe('Resolución 40595 de 2022.');
  });

  it('modulo3-tema9: the cement sheet names its publisher', () => {
    expect(fuente('modulo3-tema9')).toMatch(
      /hoja «La seguridad con el cemento» \(HS04-042C\) del Departamento de Seguros de Texas \(TDI\)/,
    );
    expect(fuente('modulo3-tema9')).not.toMatch(/ficha «La seguridad con el cemento»;/);
  });

  it('modulo5-tema4: the PAS conduct is a general first-aid guideline, not a law nor an unnamed guide', () => {
    expect(fuente('modulo5-tema4')).toBe(
      'Conducta PAS (Proteger, Avisar, Socorrer): pauta general de primeros auxilios, no norma nacional.',
    );
  });

  it('modulo3-tema5: no 0,90-m railing height (the current figure in Res. 4272 is not confirmed)', () => {
    expect(everything).not.toMatch(/0,90 m/);
    expect(text('modulo3-tema5')).toMatch(/La boca de un pozo lleva baranda y una tabla abajo/);
    expect(fuente('modulo3-tema5')).toMatch(/^Resolución 4272 de 2021/);
  });

  it('what no source confirmed is a «Regla de tu obra» or good practice, never law', () => {
    expect(fuente('modulo3-tema5')).toMatch(
      /como buena práctica, no norma: andamios, escaleras, techos frágiles y varillas/,
    );
    expect(fuente('modulo3-tema9')).toMatch(/como buena práctica, no norma: cilindros de gas/);
    expect(fuente('modulo5-tema3')).toMatch(/como buena práctica, no norma: uso del extintor/);
    expect(allFuentes).not.toMatch(/Resolución 4272 de 2021[^;]*0,90/);
  });
});

describe('the deeper site hazards, each with the action, in the module a worker meets it', () => {
  const HAZARDS: Array<[string, string, RegExp]> = [
    [
      'stay connected at all times',
      'modulo3-tema5',
      /En alturas vas enganchado todo el tiempo, también al moverte\. Usa dos ganchos/,
    ],
    [
      'only to a certified anchor, never a pipe or a railing',
      'modulo3-tema5',
      /Engánchate solo a un punto de anclaje certificado\. Nunca a un tubo, una baranda o una varilla/,
    ],
    [
      'fragile roofs, sheets and skylights',
      'modulo3-tema5',
      /Una teja, una lámina o una claraboya no aguantan tu peso\. No te pares sobre ellas/,
    ],
    [
      'uncapped rebar ends',
      'modulo3-tema5',
      /toda punta de varilla va tapada con un capuchón\. Si ves una sin tapa, avisa/,
    ],
    [
      'rescue within minutes of a worker hanging in a harness (module 3)',
      'modulo3-tema5',
      /Si alguien queda colgado del arnés, hay que bajarlo en pocos minutos/,
    ],
    [
      'rescue within minutes of a worker hanging in a harness (module 5)',
      'modulo5-tema5',
      /Hay que bajarlo en pocos minutos: colgado, la sangre se queda en las piernas/,
    ],
    [
      'the swing zone of excavators and cranes',
      'modulo3-tema8',
      /Nunca entres al radio de giro de una excavadora o una grúa/,
    ],
    [
      'the swing zone on the site road',
      'modulo4-tema2',
      /Nunca pases bajo la carga ni por el radio de giro de una máquina/,
    ],
    [
      'gas cylinders upright, chained, capped',
      'modulo3-tema9',
      /Los cilindros de gas van de pie, amarrados con cadena\. Si no se usan, llevan su tapa puesta/,
    ],
    [
      'how to use an extinguisher',
      'modulo5-tema3',
      /Quita el pasador\. Apunta a la base del fuego, no a las llamas\. Aprieta la manija/,
    ],
    [
      'tetanus from nails',
      'modulo3-tema12',
      /Si un clavo te chuza, lava la herida y avisa\. Puede darte tétano: pregunta si tu vacuna está al día/,
    ],
    [
      'rat-borne disease',
      'modulo3-tema1',
      /los orines de ratas dan enfermedades: lávate las manos antes de comer/,
    ],
    [
      'scaffold tags and who may erect or change a scaffold',
      'modulo3-tema5',
      /solo una persona capacitada arma o cambia un andamio\. Antes de subir, mira su tarjeta/,
    ],
    [
      'ladder angle and three points of contact',
      'modulo3-tema5',
      /por cada 4 m de alto, la base va a 1 m de la pared\. Sube de frente, con tres apoyos/,
    ],
    [
      'signs of heat stroke',
      'modulo3-tema1',
      /se marea, se confunde o deja de sudar\? Es un golpe de calor\. Llévalo a la sombra y avisa ya/,
    ],
  ];
  for (const [what, id, re] of HAZARDS) it(`${id}: ${what}`, () => expect(text(id)).toMatch(re));
});

describe('«Reglas que salvan vidas»', () => {
  const id = course.lifeRules!;
  const rules = () => page(id);

  it('is a screen of module 1 (always open) that course.json names for the menu', () => {
    expect(id).toBe('modulo1-tema9');
    expect(course.modules[0]!.topics.map((t) => t.id)).toContain(id);
    expect(rules().title).toBe('Reglas que salvan vidas');
  });

  it('gathers the rules a worker must never break, one line each, with its icon', () => {
    const items = rules().items ?? [];
    expect(items.map((i) => i.title)).toEqual([
      'En alturas, siempre enganchado a un anclaje certificado',
      'No bajes a una zanja sin talud ni entibado',
      'No toques cables ni tableros: avisa',
      'Nunca te pares bajo una carga colgada',
      'No metas la mano en una máquina prendida',
      'No trabajes con alcohol ni drogas',
      'Sin equipo, no bajes a rescatar',
      'Peligro grave: para, aléjate y avisa',
    ]);
    for (const item of items) {
      expect(item.title!.split(/\s+/).length, item.title).toBeLessThanOrEqual(10);
      expect(item.img, item.title).toMatch(/\.svg$/);
      expect(existsSync(`public/img/${item.img!}`), item.img).toBe(true);
      expect(item.alt?.trim(), item.title).toBeTruthy();
    }
    expect(plain(rules().remember[0]!.text)).toMatch(/Está en el menú/);
  });
});

describe('the quiz', () => {
  it('m3-q4 asks about work at heights and module 3 teaches the answer', () => {
    const q = question('m3-q4');
    expect(plain(q.question)).toMatch(/a 6 m de alto\. Tienes tu arnés\. ¿Dónde lo enganchas\?/);
    expect(right(q)).toBe('Al anclaje certificado de la obra');
    expect(q.repaso).toBe('modulo3-tema5');
    expect(text('modulo3-tema5')).toMatch(/anclaje certificado/);
    expect(course.appendedQuestions).toEqual(['m3-q4']);
  });

  it('spreads the right option over every position: 4/3/4/4 of 15, none over half', () => {
    const counts = [0, 0, 0, 0];
    for (const m of course.modules)
      for (const q of m.activity.questions) counts[q.options.findIndex((o) => o.correct === 1)]!++;
    expect(counts).toEqual([4, 3, 4, 4]);
  });

  it('m4-q3 (the crane over the site road) is answered by module 4', () => {
    const q = question('m4-q3');
    expect(q.repaso).toBe('modulo4-tema2');
    expect(text('modulo4-tema2')).toMatch(/rodea por fuera de la zona cerrada/);
    expect(right(q)).toBe('Rodeo por fuera de la zona cerrada, lejos de la carga');
  });

  it('m2-q2 has no two distractors that say the same', () => {
    const w = wrong(question('m2-q2'));
    expect(w).not.toContain('La reporto en la reunión del otro mes');
    expect(w).toContain('Espero la reunión del comité para contarla allí');
    expect(w.filter((o) => /reunión/.test(o))).toHaveLength(1);
  });

  it('no word in the right option alone: «enseguida», «ya», «cinta»/«zona cerrada» recur in a distractor', () => {
    const cues: Array<[string, RegExp]> = [
      ['m1-q1', /\benseguida\b/],
      ['m3-q1', /\benseguida\b/],
      ['m2-q2', /\bya\b/],
      ['m4-q3', /\bzona cerrada\b/],
    ];
    for (const [id, word] of cues) {
      expect(right(question(id)), id).toMatch(word);
      expect(
        wrong(question(id)).some((o) => word.test(o)),
        `${id}: a distractor shares ${word}`,
      ).toBe(true);
    }
    expect(right(question('m4-q3'))).not.toMatch(/cinta/);
  });
});

describe('honest hours', () => {
  it('the course plans 2 hours and the LMS guide says so', () => {
    expect(course.hours).toBe(2);
    expect(readFileSync('docs/guia-administrador-lms.md', 'utf8')).toMatch(/hoy \*\*2 horas\*\*/);
  });
});
